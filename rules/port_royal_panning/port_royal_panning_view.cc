// Port Royal (Panning): what each viewer sees of the match (PRQ-H-*).
#include <algorithm>

#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules::port_royal_panning {
namespace pb = v1::port_royal_panning;

v1::GameView PortRoyalPanningState::game_view(Viewer viewer) const {
  v1::GameView out;
  pb::View* view = out.mutable_port_royal_panning();
  const Seat me = viewer.is_spectator() ? -1 : viewer.seat();
  const bool finished = phase_ == Phase::kFinished;
  view->set_phase(static_cast<pb::Phase>(phase_));
  view->set_round(round_);
  view->set_dealer(dealer_);
  view->set_current_seat(finished ? -1 : current_);
  view->set_privileged_seat(privileged_);
  view->set_high_bid(high_bid_);
  view->set_high_bidder(high_bidder_);
  view->set_trump(trump_ < 0 ? pb::COLOUR_UNSPECIFIED : static_cast<pb::Colour>(trump_ + 1));
  std::vector<LootSlot> loot = available_;
  std::sort(loot.begin(), loot.end(), [](const LootSlot& a, const LootSlot& b) { return a.loot < b.loot; });
  for (const LootSlot& slot : loot) {
    auto* l = view->add_loot();
    fill_loot(l->mutable_card(), slot.loot);
    l->set_prisoners(static_cast<int>(slot.prisoners.size()));
  }
  view->set_pirate_loot_id(pirate_);
  if (phase_ == Phase::kPlay) {
    for (const Play& pl : tricks_.back()) {
      auto* p = view->add_trick();
      p->set_seat(pl.seat);
      set_crew(p->mutable_card(), pl.card);
    }
  }
  int done = static_cast<int>(tricks_.size());
  if (phase_ == Phase::kPlay) --done;
  view->set_tricks_done(std::max(0, done));
  for (int c : face_up_) set_crew(view->add_face_up(), c);
  view->set_set_aside_count(static_cast<int>(set_aside_.size()));
  view->set_loot_deck_count(static_cast<int>(loot_deck_.size()));
  view->set_prisoner_deck_count(static_cast<int>(prisoner_deck_.size()));
  for (Seat s = 0; s < num_seats(); ++s) {
    const Player& p = players_[s];
    pb::PlayerView* pv = view->add_players();
    pv->set_seat(s);
    pv->set_debt(p.debt);
    pv->set_bid_cube(s == privileged_ ? bid_cube_ : -1);
    pv->set_passed(p.passed);
    pv->set_hand_count(static_cast<int>(p.hand.size()));
    for (int c = 0; c < kColours; ++c) {
      if (p.void_mask & (1 << c)) pv->add_void_colours(static_cast<pb::Colour>(c + 1));
    }
    for (int ship = 0; ship < kGoods; ++ship) {
      const ShipScore sc = ship_score(s, ship);
      auto* sv = pv->add_ships();
      sv->set_good(good_pb(ship));
      for (int l : p.ships[ship].loot) fill_loot(sv->add_loot(), l);
      // PRQ-H-5: face down for all but the owner until the final scoring.
      const bool known = finished || s == me;
      for (int v : p.ships[ship].prisoners) sv->add_prisoners(known ? v : 0);
      sv->set_weight(sc.weight);
      sv->set_capacity(sc.capacity);
      sv->set_loot_value(sc.loot_value);
      if (finished) {
        sv->set_sunk(sc.sunk);
        sv->set_value(sc.value);
      }
    }
    pv->set_remove_card_kept(p.remove_kept);
    pv->set_discarded_prisoners(static_cast<int>(p.discarded_prisoners.size()));
    if (finished) pv->set_score(score(s));
  }
  if (me >= 0) {
    for (int c : players_[me].hand) set_crew(view->add_hand(), c);  // PRQ-H-1
    if (me == privileged_) {
      for (int c : set_aside_) set_crew(view->add_own_set_aside(), c);  // PRQ-H-3
    }
  }
  if (pending_loot_ >= 0) fill_loot(view->mutable_pending_loot(), pending_loot_);
  view->set_pending_prisoners(static_cast<int>(pending_prisoners_.size()));
  if (me >= 0 && me == current_) {
    for (int v : pending_prisoners_) view->add_pending_prisoner_values(v);
  }
  for (int l : removed_loot_) fill_loot(view->add_removed_loot(), l);
  for (int v : loot_values_) view->add_loot_values(v);
  view->set_dealer_rotation(rotate_left_ ? pb::DEALER_ROTATION_LEFT : pb::DEALER_ROTATION_RIGHT);
  view->set_tie_break(static_cast<pb::TieBreak>(tie_break_));
  return out;
}

}  // namespace brethren::rules::port_royal_panning
