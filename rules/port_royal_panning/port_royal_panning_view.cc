// Port Royal (Panning): typed actions, per-viewer views and the outcome.
#include <algorithm>

#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules::port_royal_panning {
namespace pb = v1::port_royal_panning;
namespace {

pb::Good good_pb(int ship) { return static_cast<pb::Good>(ship + 1); }

void set_crew(pb::CrewCard* out, int card) {
  out->set_colour(is_ghost(card) ? pb::COLOUR_GHOST : static_cast<pb::Colour>(colour_of(card) + 1));
  out->set_value(crew_value(card));
}

Result<int> crew_from(const pb::CrewCard& card) {
  if (card.colour() == pb::COLOUR_GHOST) {
    for (int i = 0; i < 3; ++i) {
      if (kGhostValues[i] == card.value()) return ghost_card(i);
    }
    return make_error(ErrorCode::kMalformedAction, "ghost cards have the values 1, 5 and 7");
  }
  if (card.colour() < pb::COLOUR_RED || card.colour() > pb::COLOUR_BLACK)
    return make_error(ErrorCode::kMalformedAction, "crew card colour must be red, blue, green, black or ghost");
  if (card.value() < 1 || card.value() > kMaxCrewValue)
    return make_error(ErrorCode::kMalformedAction, "crew card value must be 1..8");
  return crew_card(card.colour() - 1, card.value());
}

Result<int> ship_from(pb::Good good) {
  if (good < pb::GOOD_BISCUITS || good > pb::GOOD_GUNPOWDER)
    return make_error(ErrorCode::kMalformedAction, "a ship is named by its good (biscuits, tobacco, rum, gunpowder)");
  return static_cast<int>(good) - 1;
}

Result<int> loot_from(int id) {
  if (id < 0 || id >= kLootCards) return make_error(ErrorCode::kMalformedAction, "loot_id must be 0..48");
  return id;
}

Result<int> index_from(int index) {
  if (index < 0 || index >= kMaxPrisonersOnShip)
    return make_error(ErrorCode::kMalformedAction, "prisoner index must be 0..5");
  return index;
}

}  // namespace

void PortRoyalPanningState::fill_loot(pb::LootCard* out, int loot) const {
  out->set_id(loot);
  out->set_good(is_special(loot) ? pb::GOOD_UNSPECIFIED : good_pb(good_of(loot)));
  out->set_special(static_cast<pb::Special>(special_of(loot)));
  out->set_value(is_special(loot) ? special_def(loot).value_delta + special_def(loot).capacity_delta
                                  : loot_value(loot));
}

v1::GameAction PortRoyalPanningState::encode_action(Seat, ActionId a) const {
  v1::GameAction out;
  pb::Action* act = out.mutable_port_royal_panning();
  if (a < action::kPass) {
    act->mutable_bid()->set_amount(static_cast<int>(a - action::kBid) + 1);
  } else if (a == action::kPass) {
    act->mutable_pass();
  } else if (a < action::kTrump) {
    set_crew(act->mutable_set_aside()->mutable_card(), static_cast<int>(a - action::kSetAside));
  } else if (a < action::kLeader) {
    act->mutable_name_trump()->set_colour(static_cast<pb::Colour>(a - action::kTrump + 1));
  } else if (a < action::kChooseLoot) {
    act->mutable_name_leader()->set_seat(static_cast<int>(a - action::kLeader));
  } else if (a < action::kPlay) {
    act->mutable_choose_loot()->set_loot_id(static_cast<int>(a - action::kChooseLoot));
  } else if (a < action::kPlaceLoot) {
    set_crew(act->mutable_play_card()->mutable_card(), static_cast<int>(a - action::kPlay));
  } else if (a < action::kPayDown) {
    act->mutable_place_loot()->set_ship(good_pb(static_cast<int>(a - action::kPlaceLoot)));
  } else if (a == action::kPayDown) {
    act->mutable_pay_down();
  } else if (a == action::kDiscardWithRemove) {
    act->mutable_discard_with_remove();
  } else if (a == action::kKeepRemove) {
    act->mutable_keep_remove();
  } else if (a < action::kRemovePrisoner) {
    act->mutable_remove_loot()->set_loot_id(static_cast<int>(a - action::kRemoveLoot));
  } else if (a < action::kMoveSpecial) {
    const int code = static_cast<int>(a - action::kRemovePrisoner);
    act->mutable_remove_prisoner()->set_ship(good_pb(code / kMaxPrisonersOnShip));
    act->mutable_remove_prisoner()->set_index(code % kMaxPrisonersOnShip);
  } else if (a < action::kMovePrisoner) {
    const int code = static_cast<int>(a - action::kMoveSpecial);
    act->mutable_move_special()->set_loot_id(kStandardLoot + code / kGoods);
    act->mutable_move_special()->set_to(good_pb(code % kGoods));
  } else if (a < action::kPlacePrisoner) {
    const int code = static_cast<int>(a - action::kMovePrisoner);
    const int slot = code / kGoods;
    act->mutable_move_prisoner()->set_from(good_pb(slot / kMaxPrisonersOnShip));
    act->mutable_move_prisoner()->set_index(slot % kMaxPrisonersOnShip);
    act->mutable_move_prisoner()->set_to(good_pb(code % kGoods));
  } else {
    act->mutable_place_prisoner()->set_ship(good_pb(static_cast<int>(a - action::kPlacePrisoner)));
  }
  return out;
}

Result<ActionId> PortRoyalPanningState::decode_action(Seat, const v1::GameAction& action) const {
  if (!action.has_port_royal_panning()) return make_error(ErrorCode::kMalformedAction, "not a Port Royal action");
  const pb::Action& act = action.port_royal_panning();
#define PRQ_TRY(var, expr)                 \
  auto var##_r = (expr);                   \
  if (!var##_r) return var##_r.error();    \
  const int var = *var##_r
  switch (act.kind_case()) {
    case pb::Action::kBid: {
      const int amount = act.bid().amount();
      if (amount < 1 || amount > kMaxDebt) return make_error(ErrorCode::kMalformedAction, "a bid is 1..19 tons");
      return action::bid(amount);
    }
    case pb::Action::kPass:
      return action::kPass;
    case pb::Action::kSetAside: {
      PRQ_TRY(card, crew_from(act.set_aside().card()));
      return action::set_aside(card);
    }
    case pb::Action::kNameTrump: {
      const int c = act.name_trump().colour();
      if (c < pb::COLOUR_RED || c > pb::COLOUR_BLACK)
        return make_error(ErrorCode::kMalformedAction, "trump is red, blue, green or black");
      return action::trump(c - 1);
    }
    case pb::Action::kNameLeader: {
      const int seat = act.name_leader().seat();
      if (seat < 0 || seat >= num_seats()) return make_error(ErrorCode::kMalformedAction, "no such seat");
      return action::leader(seat);
    }
    case pb::Action::kChooseLoot: {
      PRQ_TRY(loot, loot_from(act.choose_loot().loot_id()));
      return action::choose_loot(loot);
    }
    case pb::Action::kPlayCard: {
      PRQ_TRY(card, crew_from(act.play_card().card()));
      return action::play(card);
    }
    case pb::Action::kPlaceLoot: {
      PRQ_TRY(ship, ship_from(act.place_loot().ship()));
      return action::place_loot(ship);
    }
    case pb::Action::kPayDown:
      return action::kPayDown;
    case pb::Action::kDiscardWithRemove:
      return action::kDiscardWithRemove;
    case pb::Action::kKeepRemove:
      return action::kKeepRemove;
    case pb::Action::kRemoveLoot: {
      PRQ_TRY(loot, loot_from(act.remove_loot().loot_id()));
      return action::remove_loot(loot);
    }
    case pb::Action::kRemovePrisoner: {
      PRQ_TRY(ship, ship_from(act.remove_prisoner().ship()));
      PRQ_TRY(index, index_from(act.remove_prisoner().index()));
      return action::remove_prisoner(ship, index);
    }
    case pb::Action::kMoveSpecial: {
      const int loot = act.move_special().loot_id();
      if (loot < kStandardLoot || loot >= kStandardLoot + kPlacedSpecials)
        return make_error(ErrorCode::kMalformedAction, "only the special cards 40..46 lie on ships");
      PRQ_TRY(to, ship_from(act.move_special().to()));
      return action::move_special(loot, to);
    }
    case pb::Action::kMovePrisoner: {
      PRQ_TRY(from, ship_from(act.move_prisoner().from()));
      PRQ_TRY(index, index_from(act.move_prisoner().index()));
      PRQ_TRY(to, ship_from(act.move_prisoner().to()));
      return action::move_prisoner(from, index, to);
    }
    case pb::Action::kPlacePrisoner: {
      PRQ_TRY(ship, ship_from(act.place_prisoner().ship()));
      return action::place_prisoner(ship);
    }
    case pb::Action::KIND_NOT_SET:
      break;
  }
#undef PRQ_TRY
  return make_error(ErrorCode::kMalformedAction, "the action names no Port Royal action");
}

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

v1::MatchOutcome PortRoyalPanningState::outcome() const {
  // PRQ-47, PRQ-A-7: highest score; ties shared, or by lower debt if chosen.
  std::vector<std::vector<int>> keys;
  for (Seat s = 0; s < num_seats(); ++s) {
    keys.push_back({score(s)});
    if (tie_break_ == pb::TIE_BREAK_LOWER_DEBT) keys.back().push_back(-players_[s].debt);
  }
  auto result = rank_outcome(keys, "");
  std::string names;
  int winners = 0, best = 0;
  for (const auto& r : result.seats()) {
    if (!r.winner()) continue;
    names += (winners++ ? " and seat " : "seat ") + std::to_string(r.seat());
    best = r.score();
  }
  result.set_summary(names + (winners == 1 ? " wins" : " share the victory") + " with " + std::to_string(best) +
                     " points");
  return result;
}

}  // namespace brethren::rules::port_royal_panning
