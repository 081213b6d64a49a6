// Letter of Marque: actions to and from their proto form.
#include "rules/letter_of_marque/letter_of_marque_action.h"

#include "rules/letter_of_marque/letter_of_marque.h"

namespace brethren::rules::letter_of_marque {
namespace pb = v1::letter_of_marque;

v1::GameAction to_proto(const Action& a) {
  v1::GameAction out;
  pb::Action* act = out.mutable_letter_of_marque();
  switch (a.kind) {
    case Kind::kChooseShip: act->mutable_choose_ship()->set_armed(a.armed); break;
    case Kind::kDepart: act->mutable_depart()->set_armed(a.armed); break;
    case Kind::kPass: act->mutable_pass(); break;
    case Kind::kReturnShip: act->mutable_return_ship()->set_ship_id(a.ship_id); break;
    case Kind::kAttack: act->mutable_attack()->set_ship_id(a.ship_id); break;
  }
  return out;
}

Result<Action> from_proto(const v1::GameAction& action) {
  if (!action.has_letter_of_marque()) return make_error(ErrorCode::kMalformedAction, "not a Letter of Marque action");
  const pb::Action& act = action.letter_of_marque();
  auto ship = [](int id) -> Result<int> {
    if (id < 1 || id > kMaxShips) return make_error(ErrorCode::kMalformedAction, "ship_id must be 1..30");
    return id;
  };
  switch (act.kind_case()) {
    case pb::Action::kChooseShip: return Action::choose_ship(act.choose_ship().armed());
    case pb::Action::kDepart: return Action::depart(act.depart().armed());
    case pb::Action::kPass: return Action::pass();
    case pb::Action::kReturnShip: {
      auto id = ship(act.return_ship().ship_id());
      if (!id) return id.error();
      return Action::return_ship(*id);
    }
    case pb::Action::kAttack: {
      auto id = ship(act.attack().ship_id());
      if (!id) return id.error();
      return Action::attack(*id);
    }
    case pb::Action::KIND_NOT_SET: break;
  }
  return make_error(ErrorCode::kMalformedAction,
                    "the action names none of choose_ship, depart, return_ship, attack, pass");
}

v1::GameAction LetterOfMarqueState::encode_action(Seat, ActionId a) const { return to_proto(decode(a)); }

Result<ActionId> LetterOfMarqueState::decode_action(Seat, const v1::GameAction& action) const {
  auto a = from_proto(action);
  if (!a) return a.error();
  return encode(*a);
}

}  // namespace brethren::rules::letter_of_marque
