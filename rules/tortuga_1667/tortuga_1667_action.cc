// Tortuga 1667: ActionId <-> Action <-> proto.
#include "rules/tortuga_1667/tortuga_1667_action.h"

#include <algorithm>
#include <string>

#include "rules/tortuga_1667/tortuga_1667.h"

namespace brethren::rules::tortuga_1667 {
namespace pb = v1::tortuga_1667;
namespace {

int offset(ActionId id, ActionId base) { return static_cast<int>(id - base); }

Error malformed(const std::string& what) { return make_error(ErrorCode::kMalformedAction, what); }

Action with_kind(Kind kind) {
  Action a;
  a.kind = kind;
  return a;
}

}  // namespace

Action decode(ActionId id) {
  if (id == action::kPass) return with_kind(Kind::kPass);
  if (id < action::kReveal) {
    Action a = with_kind(Kind::kLook);
    const auto& pair = kSlotPairs[offset(id, action::kLook)];
    a.slot_a = pair[0];
    a.slot_b = pair[1];
    return a;
  }
  if (id < action::kForce) {
    Action a = with_kind(Kind::kReveal);
    a.slot = offset(id, action::kReveal);
    return a;
  }
  if (id < action::kMove) {
    Action a = with_kind(Kind::kForce);
    const int code = offset(id, action::kForce);
    const auto& pair = kSlotPairs[code / kMaxPlayers];
    a.slot_a = pair[0];
    a.slot_b = pair[1];
    a.seat = code % kMaxPlayers;
    return a;
  }
  if (id < action::kAttack) {
    Action a = with_kind(Kind::kMove);
    a.area = offset(id, action::kMove);
    return a;
  }
  if (id == action::kAttack) return with_kind(Kind::kAttack);
  if (id < action::kMutiny) {
    Action a = with_kind(Kind::kMaroon);
    a.seat = offset(id, action::kMaroon);
    return a;
  }
  if (id == action::kMutiny) return with_kind(Kind::kMutiny);
  if (id < action::kBrawl) {
    Action a = with_kind(Kind::kShift);
    a.hold = offset(id, action::kShift);
    return a;
  }
  if (id == action::kBrawl) return with_kind(Kind::kBrawl);
  if (id < action::kPick) {
    Action a = with_kind(Kind::kPlace);
    const int code = offset(id, action::kPlace);
    a.source = code / 2;
    a.hold = code % 2;
    return a;
  }
  if (id < action::kForcedTimeout) {
    Action a = with_kind(Kind::kPick);
    a.slot = offset(id, action::kPick);
    return a;
  }
  if (id == action::kForcedTimeout) return with_kind(Kind::kForcedTimeout);
  if (id < action::kVote2) {
    Action a = with_kind(Kind::kVote);
    a.vote = offset(id, action::kVote);
    return a;
  }
  if (id < action::kUseAtlantis) {
    Action a = with_kind(Kind::kVoteTwo);
    const auto pair = vote_pair(offset(id, action::kVote2));
    a.vote = pair[0];
    a.vote2 = pair[1];
    return a;
  }
  if (id == action::kUseAtlantis) return with_kind(Kind::kUseAtlantis);
  if (id == action::kUseFountain) return with_kind(Kind::kUseFountain);
  if (id == action::kDecline) return with_kind(Kind::kDecline);
  if (id < action::kLetterMove) {
    Action a = with_kind(Kind::kChoose);
    a.seat = offset(id, action::kChoose);
    return a;
  }
  if (id < action::kLetterDraw) {
    Action a = with_kind(Kind::kLetterMove);
    const int code = offset(id, action::kLetterMove);
    a.seat = code / 2;
    a.ship = code % 2;
    return a;
  }
  if (id == action::kLetterDraw) return with_kind(Kind::kLetterDraw);
  if (id < action::kPlacePawn) {
    Action a = with_kind(Kind::kPut);
    a.vote = offset(id, action::kPut);
    return a;
  }
  Action a = with_kind(Kind::kPlacePawn);
  a.area = offset(id, action::kPlacePawn);
  return a;
}

ActionId encode(const Action& a) {
  switch (a.kind) {
    case Kind::kPass: return action::kPass;
    case Kind::kLook: return action::look(a.slot_a, a.slot_b);
    case Kind::kReveal: return action::reveal(a.slot);
    case Kind::kForce: return action::force(a.slot_a, a.slot_b, a.seat);
    case Kind::kMove: return action::move(a.area);
    case Kind::kAttack: return action::kAttack;
    case Kind::kMaroon: return action::maroon(a.seat);
    case Kind::kMutiny: return action::kMutiny;
    case Kind::kShift: return action::shift(a.hold);
    case Kind::kBrawl: return action::kBrawl;
    case Kind::kPlace: return action::place(a.source, a.hold);
    case Kind::kPick: return action::pick(a.slot);
    case Kind::kForcedTimeout: return action::kForcedTimeout;
    case Kind::kVote: return action::vote(a.vote);
    case Kind::kVoteTwo: return action::vote2(a.vote, a.vote2);
    case Kind::kUseAtlantis: return action::kUseAtlantis;
    case Kind::kUseFountain: return action::kUseFountain;
    case Kind::kDecline: return action::kDecline;
    case Kind::kChoose: return action::choose(a.seat);
    case Kind::kLetterMove: return action::letter_move(a.seat, a.ship);
    case Kind::kLetterDraw: return action::kLetterDraw;
    case Kind::kPut: return action::put(a.vote);
    case Kind::kPlacePawn: return action::place_pawn(a.area);
  }
  return action::kPass;  // unreachable: every kind is handled above
}

pb::Action to_proto(const Action& a) {
  pb::Action act;
  switch (a.kind) {
    case Kind::kPass: act.mutable_pass(); break;
    case Kind::kLook:
      act.mutable_look()->set_slot_a(a.slot_a);
      act.mutable_look()->set_slot_b(a.slot_b);
      break;
    case Kind::kReveal: act.mutable_reveal()->set_slot(a.slot); break;
    case Kind::kForce:
      act.mutable_force()->set_slot_a(a.slot_a);
      act.mutable_force()->set_slot_b(a.slot_b);
      act.mutable_force()->set_target(a.seat);
      break;
    case Kind::kMove: act.mutable_move_lifeboat()->set_to(static_cast<pb::Area>(a.area)); break;
    case Kind::kAttack: act.mutable_attack(); break;
    case Kind::kMaroon: act.mutable_maroon_crew()->set_target(a.seat); break;
    case Kind::kMutiny: act.mutable_mutiny(); break;
    case Kind::kShift: act.mutable_shift_treasure()->set_from(static_cast<pb::Team>(a.hold)); break;
    case Kind::kBrawl: act.mutable_brawl(); break;
    case Kind::kPlace:
      act.mutable_place_treasure()->set_source(a.source);
      act.mutable_place_treasure()->set_hold(static_cast<pb::Team>(a.hold));
      break;
    case Kind::kPick: act.mutable_pick_forced()->set_slot(a.slot); break;
    case Kind::kForcedTimeout: act.mutable_forced_timeout(); break;
    case Kind::kVote: act.mutable_cast_vote()->add_kinds(a.vote); break;
    case Kind::kVoteTwo:
      act.mutable_cast_vote()->add_kinds(a.vote);
      act.mutable_cast_vote()->add_kinds(a.vote2);
      break;
    case Kind::kUseAtlantis: act.mutable_use_atlantis(); break;
    case Kind::kUseFountain: act.mutable_use_fountain(); break;
    case Kind::kDecline: act.mutable_decline(); break;
    case Kind::kChoose: act.mutable_choose_player()->set_seat(a.seat); break;
    case Kind::kLetterMove:
      act.mutable_letter_move()->set_seat(a.seat);
      act.mutable_letter_move()->set_ship(static_cast<pb::Ship>(a.ship));
      break;
    case Kind::kLetterDraw: act.mutable_letter_draw(); break;
    case Kind::kPut: act.mutable_put_vote_card()->set_kind(a.vote); break;
    case Kind::kPlacePawn: act.mutable_place_pawn()->set_area(static_cast<pb::Area>(a.area)); break;
  }
  return act;
}

Result<Action> from_proto(const pb::Action& act, int seats) {
  auto slot_ok = [](int s) { return s >= 0 && s < kRowSize; };
  auto seat_ok = [seats](int s) { return s >= 0 && s < seats; };
  auto kind_ok = [](int k) { return k >= 0 && k < kVoteKinds; };
  Action out;
  switch (act.kind_case()) {
    case pb::Action::kPass: return with_kind(Kind::kPass);
    case pb::Action::kLook: {
      const int a = act.look().slot_a(), b = act.look().slot_b();
      if (!slot_ok(a) || !slot_ok(b) || a >= b) return malformed("look needs two positions 0..4 with slot_a < slot_b");
      out.kind = Kind::kLook;
      out.slot_a = a;
      out.slot_b = b;
      return out;
    }
    case pb::Action::kReveal:
      if (!slot_ok(act.reveal().slot())) return malformed("slot must be 0..4");
      out.kind = Kind::kReveal;
      out.slot = act.reveal().slot();
      return out;
    case pb::Action::kForce: {
      const int a = act.force().slot_a(), b = act.force().slot_b(), t = act.force().target();
      if (!slot_ok(a) || !slot_ok(b) || a >= b) return malformed("force needs two positions 0..4 with slot_a < slot_b");
      if (!seat_ok(t)) return malformed("no such target seat");
      out.kind = Kind::kForce;
      out.slot_a = a;
      out.slot_b = b;
      out.seat = t;
      return out;
    }
    case pb::Action::kMoveLifeboat: {
      const int area = act.move_lifeboat().to();
      if (area < 0 || area > kJRBoat) return malformed("unknown area");
      out.kind = Kind::kMove;
      out.area = area;
      return out;
    }
    case pb::Action::kAttack: return with_kind(Kind::kAttack);
    case pb::Action::kMaroonCrew:
      if (!seat_ok(act.maroon_crew().target())) return malformed("no such target seat");
      out.kind = Kind::kMaroon;
      out.seat = act.maroon_crew().target();
      return out;
    case pb::Action::kMutiny: return with_kind(Kind::kMutiny);
    case pb::Action::kShiftTreasure: {
      const int from = act.shift_treasure().from();
      if (from != kBritish && from != kFrench) return malformed("from must be TEAM_BRITISH or TEAM_FRENCH");
      out.kind = Kind::kShift;
      out.hold = from;
      return out;
    }
    case pb::Action::kBrawl: return with_kind(Kind::kBrawl);
    case pb::Action::kPlaceTreasure: {
      const int source = act.place_treasure().source(), hold = act.place_treasure().hold();
      if (source < 0 || source > 2) return malformed("source must be 0..2");
      if (hold != kBritish && hold != kFrench) return malformed("hold must be TEAM_BRITISH or TEAM_FRENCH");
      out.kind = Kind::kPlace;
      out.source = source;
      out.hold = hold;
      return out;
    }
    case pb::Action::kPickForced:
      if (!slot_ok(act.pick_forced().slot())) return malformed("slot must be 0..4");
      out.kind = Kind::kPick;
      out.slot = act.pick_forced().slot();
      return out;
    case pb::Action::kForcedTimeout: return with_kind(Kind::kForcedTimeout);
    case pb::Action::kCastVote: {
      const auto& k = act.cast_vote().kinds();
      if (k.size() == 1 && kind_ok(k[0])) {
        out.kind = Kind::kVote;
        out.vote = k[0];
        return out;
      }
      if (k.size() == 2 && kind_ok(k[0]) && kind_ok(k[1])) {
        out.kind = Kind::kVoteTwo;
        out.vote = std::min(k[0], k[1]);
        out.vote2 = std::max(k[0], k[1]);
        return out;
      }
      return malformed("cast_vote needs one or two vote kinds 0..11");
    }
    case pb::Action::kUseAtlantis: return with_kind(Kind::kUseAtlantis);
    case pb::Action::kUseFountain: return with_kind(Kind::kUseFountain);
    case pb::Action::kDecline: return with_kind(Kind::kDecline);
    case pb::Action::kChoosePlayer:
      if (!seat_ok(act.choose_player().seat())) return malformed("no such seat");
      out.kind = Kind::kChoose;
      out.seat = act.choose_player().seat();
      return out;
    case pb::Action::kLetterMove: {
      const int s = act.letter_move().seat(), ship = act.letter_move().ship();
      if (!seat_ok(s) || ship < 0 || ship > 1) return malformed("letter_move needs a seat and a ship");
      out.kind = Kind::kLetterMove;
      out.seat = s;
      out.ship = ship;
      return out;
    }
    case pb::Action::kLetterDraw: return with_kind(Kind::kLetterDraw);
    case pb::Action::kPutVoteCard:
      if (!kind_ok(act.put_vote_card().kind())) return malformed("kind must be 0..11");
      out.kind = Kind::kPut;
      out.vote = act.put_vote_card().kind();
      return out;
    case pb::Action::kPlacePawn: {
      const int area = act.place_pawn().area();
      if (area < 0 || area > kTortuga) return malformed("area must be a ship or Tortuga");
      out.kind = Kind::kPlacePawn;
      out.area = area;
      return out;
    }
    case pb::Action::KIND_NOT_SET: break;
  }
  return malformed("the action names no Tortuga 1667 action");
}

// --- The State's codec ---------------------------------------------------------------

v1::GameAction TortugaState::encode_action(Seat, ActionId id) const {
  v1::GameAction out;
  *out.mutable_tortuga_1667() = to_proto(decode(id));
  return out;
}

Result<ActionId> TortugaState::decode_action(Seat, const v1::GameAction& message) const {
  if (!message.has_tortuga_1667()) return malformed("not a Tortuga 1667 action");
  auto decoded = from_proto(message.tortuga_1667(), n());
  if (!decoded) return decoded.error();
  return encode(*decoded);
}

}  // namespace brethren::rules::tortuga_1667
