// Port Royal (Panning): building and emitting the game's events; the larger
// ones (a round's start and end, the final scoring) are built here whole.
#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules::port_royal_panning {
namespace pb = v1::port_royal_panning;
namespace {

v1::GameEvent wrap(pb::Event event) {
  v1::GameEvent out;
  *out.mutable_port_royal_panning() = std::move(event);
  return out;
}

}  // namespace

void PortRoyalPanningState::emit_event(pb::Event event) { emit(Audience::everyone(), wrap(std::move(event))); }

void PortRoyalPanningState::emit_private(Seat seat, pb::Event event) {
  emit(Audience::only(seat), wrap(std::move(event)));
}

void PortRoyalPanningState::fill_loot(pb::LootCard* out, int loot) const {
  out->set_id(loot);
  out->set_good(is_special(loot) ? pb::GOOD_UNSPECIFIED : good_pb(good_of(loot)));
  out->set_special(static_cast<pb::Special>(special_of(loot)));
  out->set_value(is_special(loot) ? special_def(loot).value_delta + special_def(loot).capacity_delta
                                  : loot_value(loot));
}

// PRQ-7, PRQ-8: the revealed loot and face-up crew for all; each hand to its owner.
void PortRoyalPanningState::emit_round_started() {
  pb::Event started;
  auto* rs = started.mutable_round_started();
  rs->set_round(round_);
  rs->set_dealer(dealer_);
  rs->set_first_bidder(current_);
  for (const LootSlot& slot : available_) {
    auto* l = rs->add_loot();
    fill_loot(l->mutable_card(), slot.loot);
    l->set_prisoners(static_cast<int>(slot.prisoners.size()));
  }
  for (int c : face_up_) set_crew(rs->add_face_up(), c);
  emit_event(std::move(started));
  for (Seat s = 0; s < num_seats(); ++s) {
    pb::Event dealt;
    for (int c : players_[s].hand) set_crew(dealt.mutable_hand_dealt()->add_cards(), c);
    emit_private(s, std::move(dealt));
  }
}

void PortRoyalPanningState::emit_round_ended(const LootSlot& leftover, Seat next_dealer) {
  pb::Event ended;
  auto* e = ended.mutable_round_ended();
  e->set_round(round_);
  e->set_privileged_seat(privileged_);
  e->set_debt(players_[privileged_].debt);
  e->set_leftover_loot_id(leftover.loot);
  e->set_prisoners_under(static_cast<int>(leftover.prisoners.size()));
  e->set_next_dealer(round_ < kRounds ? next_dealer : -1);
  emit_event(std::move(ended));
}

// PRQ-43..46: every ship, its totals and the scores, for all to see.
void PortRoyalPanningState::emit_game_ended() {
  pb::Event ended;
  auto* e = ended.mutable_game_ended();
  for (Seat s = 0; s < num_seats(); ++s) {
    e->add_scores(score(s));
    e->add_debts(players_[s].debt);
    for (int ship = 0; ship < kGoods; ++ship) {
      const ShipScore sc = ship_score(s, ship);
      auto* out = e->add_ships();
      out->set_good(good_pb(ship));
      for (int l : players_[s].ships[ship].loot) fill_loot(out->add_loot(), l);
      for (int v : players_[s].ships[ship].prisoners) out->add_prisoners(v);  // PRQ-H-5: revealed now
      out->set_weight(sc.weight);
      out->set_capacity(sc.capacity);
      out->set_loot_value(sc.loot_value);
      out->set_sunk(sc.sunk);
      out->set_value(sc.value);
    }
  }
  emit_event(std::move(ended));
}

}  // namespace brethren::rules::port_royal_panning
