// Port Royal (Panning): ActionId <-> Action <-> proto.
#include "rules/port_royal_panning/port_royal_panning_action.h"

#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules::port_royal_panning {
namespace pb = v1::port_royal_panning;
namespace {

int offset(ActionId id, ActionId base) { return static_cast<int>(id - base); }

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

pb::Good good_pb(int ship) { return static_cast<pb::Good>(ship + 1); }

void set_crew(pb::CrewCard* out, int card) {
  out->set_colour(is_ghost(card) ? pb::COLOUR_GHOST : static_cast<pb::Colour>(colour_of(card) + 1));
  out->set_value(crew_value(card));
}

Action decode(ActionId id) {
  Action a;
  if (id < action::kPass) {
    a.kind = Kind::kBid;
    a.amount = offset(id, action::kBid) + 1;
  } else if (id == action::kPass) {
    a.kind = Kind::kPass;
  } else if (id < action::kTrump) {
    a.kind = Kind::kSetAside;
    a.card = offset(id, action::kSetAside);
  } else if (id < action::kLeader) {
    a.kind = Kind::kNameTrump;
    a.colour = offset(id, action::kTrump);
  } else if (id < action::kChooseLoot) {
    a.kind = Kind::kNameLeader;
    a.seat = offset(id, action::kLeader);
  } else if (id < action::kPlay) {
    a.kind = Kind::kChooseLoot;
    a.loot = offset(id, action::kChooseLoot);
  } else if (id < action::kPlaceLoot) {
    a.kind = Kind::kPlayCard;
    a.card = offset(id, action::kPlay);
  } else if (id < action::kPayDown) {
    a.kind = Kind::kPlaceLoot;
    a.ship = offset(id, action::kPlaceLoot);
  } else if (id == action::kPayDown) {
    a.kind = Kind::kPayDown;
  } else if (id == action::kDiscardWithRemove) {
    a.kind = Kind::kDiscardWithRemove;
  } else if (id == action::kKeepRemove) {
    a.kind = Kind::kKeepRemove;
  } else if (id < action::kRemovePrisoner) {
    a.kind = Kind::kRemoveLoot;
    a.loot = offset(id, action::kRemoveLoot);
  } else if (id < action::kMoveSpecial) {
    const int code = offset(id, action::kRemovePrisoner);
    a.kind = Kind::kRemovePrisoner;
    a.ship = code / kMaxPrisonersOnShip;
    a.index = code % kMaxPrisonersOnShip;
  } else if (id < action::kMovePrisoner) {
    const int code = offset(id, action::kMoveSpecial);
    a.kind = Kind::kMoveSpecial;
    a.loot = kStandardLoot + code / kGoods;
    a.to = code % kGoods;
  } else if (id < action::kPlacePrisoner) {
    const int code = offset(id, action::kMovePrisoner);
    const int slot = code / kGoods;
    a.kind = Kind::kMovePrisoner;
    a.ship = slot / kMaxPrisonersOnShip;
    a.index = slot % kMaxPrisonersOnShip;
    a.to = code % kGoods;
  } else {
    a.kind = Kind::kPlacePrisoner;
    a.ship = offset(id, action::kPlacePrisoner);
  }
  return a;
}

ActionId encode(const Action& a) {
  switch (a.kind) {
    case Kind::kBid: return action::bid(a.amount);
    case Kind::kPass: return action::kPass;
    case Kind::kSetAside: return action::set_aside(a.card);
    case Kind::kNameTrump: return action::trump(a.colour);
    case Kind::kNameLeader: return action::leader(a.seat);
    case Kind::kChooseLoot: return action::choose_loot(a.loot);
    case Kind::kPlayCard: return action::play(a.card);
    case Kind::kPlaceLoot: return action::place_loot(a.ship);
    case Kind::kPayDown: return action::kPayDown;
    case Kind::kDiscardWithRemove: return action::kDiscardWithRemove;
    case Kind::kKeepRemove: return action::kKeepRemove;
    case Kind::kRemoveLoot: return action::remove_loot(a.loot);
    case Kind::kRemovePrisoner: return action::remove_prisoner(a.ship, a.index);
    case Kind::kMoveSpecial: return action::move_special(a.loot, a.to);
    case Kind::kMovePrisoner: return action::move_prisoner(a.ship, a.index, a.to);
    case Kind::kPlacePrisoner: return action::place_prisoner(a.ship);
  }
  return action::kPass;  // unreachable: every kind is handled above
}

pb::Action to_proto(const Action& a) {
  pb::Action act;
  switch (a.kind) {
    case Kind::kBid: act.mutable_bid()->set_amount(a.amount); break;
    case Kind::kPass: act.mutable_pass(); break;
    case Kind::kSetAside: set_crew(act.mutable_set_aside()->mutable_card(), a.card); break;
    case Kind::kNameTrump: act.mutable_name_trump()->set_colour(static_cast<pb::Colour>(a.colour + 1)); break;
    case Kind::kNameLeader: act.mutable_name_leader()->set_seat(a.seat); break;
    case Kind::kChooseLoot: act.mutable_choose_loot()->set_loot_id(a.loot); break;
    case Kind::kPlayCard: set_crew(act.mutable_play_card()->mutable_card(), a.card); break;
    case Kind::kPlaceLoot: act.mutable_place_loot()->set_ship(good_pb(a.ship)); break;
    case Kind::kPayDown: act.mutable_pay_down(); break;
    case Kind::kDiscardWithRemove: act.mutable_discard_with_remove(); break;
    case Kind::kKeepRemove: act.mutable_keep_remove(); break;
    case Kind::kRemoveLoot: act.mutable_remove_loot()->set_loot_id(a.loot); break;
    case Kind::kRemovePrisoner:
      act.mutable_remove_prisoner()->set_ship(good_pb(a.ship));
      act.mutable_remove_prisoner()->set_index(a.index);
      break;
    case Kind::kMoveSpecial:
      act.mutable_move_special()->set_loot_id(a.loot);
      act.mutable_move_special()->set_to(good_pb(a.to));
      break;
    case Kind::kMovePrisoner:
      act.mutable_move_prisoner()->set_from(good_pb(a.ship));
      act.mutable_move_prisoner()->set_index(a.index);
      act.mutable_move_prisoner()->set_to(good_pb(a.to));
      break;
    case Kind::kPlacePrisoner: act.mutable_place_prisoner()->set_ship(good_pb(a.ship)); break;
  }
  return act;
}

Result<Action> from_proto(const pb::Action& act, int seats) {
#define PRQ_TRY(field, expr)                  \
  do {                                        \
    auto field##_r = (expr);                  \
    if (!field##_r) return field##_r.error(); \
    out.field = *field##_r;                   \
  } while (false)
  Action out;
  switch (act.kind_case()) {
    case pb::Action::kBid: {
      const int amount = act.bid().amount();
      if (amount < 1 || amount > kMaxDebt) return make_error(ErrorCode::kMalformedAction, "a bid is 1..19 tons");
      out.kind = Kind::kBid;
      out.amount = amount;
      return out;
    }
    case pb::Action::kPass: out.kind = Kind::kPass; return out;
    case pb::Action::kSetAside:
      out.kind = Kind::kSetAside;
      PRQ_TRY(card, crew_from(act.set_aside().card()));
      return out;
    case pb::Action::kNameTrump: {
      const int c = act.name_trump().colour();
      if (c < pb::COLOUR_RED || c > pb::COLOUR_BLACK)
        return make_error(ErrorCode::kMalformedAction, "trump is red, blue, green or black");
      out.kind = Kind::kNameTrump;
      out.colour = c - 1;
      return out;
    }
    case pb::Action::kNameLeader: {
      const int seat = act.name_leader().seat();
      if (seat < 0 || seat >= seats) return make_error(ErrorCode::kMalformedAction, "no such seat");
      out.kind = Kind::kNameLeader;
      out.seat = seat;
      return out;
    }
    case pb::Action::kChooseLoot:
      out.kind = Kind::kChooseLoot;
      PRQ_TRY(loot, loot_from(act.choose_loot().loot_id()));
      return out;
    case pb::Action::kPlayCard:
      out.kind = Kind::kPlayCard;
      PRQ_TRY(card, crew_from(act.play_card().card()));
      return out;
    case pb::Action::kPlaceLoot:
      out.kind = Kind::kPlaceLoot;
      PRQ_TRY(ship, ship_from(act.place_loot().ship()));
      return out;
    case pb::Action::kPayDown: out.kind = Kind::kPayDown; return out;
    case pb::Action::kDiscardWithRemove: out.kind = Kind::kDiscardWithRemove; return out;
    case pb::Action::kKeepRemove: out.kind = Kind::kKeepRemove; return out;
    case pb::Action::kRemoveLoot:
      out.kind = Kind::kRemoveLoot;
      PRQ_TRY(loot, loot_from(act.remove_loot().loot_id()));
      return out;
    case pb::Action::kRemovePrisoner:
      out.kind = Kind::kRemovePrisoner;
      PRQ_TRY(ship, ship_from(act.remove_prisoner().ship()));
      PRQ_TRY(index, index_from(act.remove_prisoner().index()));
      return out;
    case pb::Action::kMoveSpecial: {
      const int loot = act.move_special().loot_id();
      if (loot < kStandardLoot || loot >= kStandardLoot + kPlacedSpecials)
        return make_error(ErrorCode::kMalformedAction, "only the special cards 40..46 lie on ships");
      out.kind = Kind::kMoveSpecial;
      out.loot = loot;
      PRQ_TRY(to, ship_from(act.move_special().to()));
      return out;
    }
    case pb::Action::kMovePrisoner:
      out.kind = Kind::kMovePrisoner;
      PRQ_TRY(ship, ship_from(act.move_prisoner().from()));
      PRQ_TRY(index, index_from(act.move_prisoner().index()));
      PRQ_TRY(to, ship_from(act.move_prisoner().to()));
      return out;
    case pb::Action::kPlacePrisoner:
      out.kind = Kind::kPlacePrisoner;
      PRQ_TRY(ship, ship_from(act.place_prisoner().ship()));
      return out;
    case pb::Action::KIND_NOT_SET: break;
  }
#undef PRQ_TRY
  return make_error(ErrorCode::kMalformedAction, "the action names no Port Royal action");
}

// --- The State's codec ---------------------------------------------------------------

v1::GameAction PortRoyalPanningState::encode_action(Seat, ActionId id) const {
  v1::GameAction out;
  *out.mutable_port_royal_panning() = to_proto(decode(id));
  return out;
}

Result<ActionId> PortRoyalPanningState::decode_action(Seat, const v1::GameAction& message) const {
  if (!message.has_port_royal_panning()) return make_error(ErrorCode::kMalformedAction, "not a Port Royal action");
  auto decoded = from_proto(message.port_royal_panning(), num_seats());
  if (!decoded) return decoded.error();
  return encode(*decoded);
}

}  // namespace brethren::rules::port_royal_panning
