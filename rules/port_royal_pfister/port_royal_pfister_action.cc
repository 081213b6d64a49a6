// Port Royal: actions to and from their proto form.
#include "rules/port_royal_pfister/port_royal_pfister_action.h"

#include "rules/port_royal_pfister/port_royal_pfister.h"

namespace brethren::rules::port_royal_pfister {
namespace pb = v1::port_royal_pfister;

v1::GameAction to_proto(const Action& a) {
  v1::GameAction out;
  pb::Action* act = out.mutable_port_royal_pfister();
  switch (a.kind) {
    case Kind::kDraw: act->mutable_draw(); break;
    case Kind::kStop: act->mutable_stop(); break;
    case Kind::kRepel: act->mutable_repel(); break;
    case Kind::kDock: act->mutable_dock(); break;
    case Kind::kPass: act->mutable_pass(); break;
    case Kind::kTake: act->mutable_take()->set_position(a.position); break;
    case Kind::kFulfil: {
      auto* m = act->mutable_fulfil();
      m->set_expedition(expedition_proto(a.expedition));
      m->set_jacks_as_anchor(a.jacks_anchor);
      m->set_jacks_as_cross(a.jacks_cross);
      m->set_jacks_as_house(a.jacks_house);
      break;
    }
  }
  return out;
}

Result<Action> from_proto(const v1::GameAction& action) {
  if (!action.has_port_royal_pfister()) return make_error(ErrorCode::kMalformedAction, "not a Port Royal action");
  const pb::Action& act = action.port_royal_pfister();
  switch (act.kind_case()) {
    case pb::Action::kDraw: return Action::simple(Kind::kDraw);
    case pb::Action::kStop: return Action::simple(Kind::kStop);
    case pb::Action::kRepel: return Action::simple(Kind::kRepel);
    case pb::Action::kDock: return Action::simple(Kind::kDock);
    case pb::Action::kPass: return Action::simple(Kind::kPass);
    case pb::Action::kTake: {
      const int p = act.take().position();
      if (p < 0 || p >= kMaxHarbor) return make_error(ErrorCode::kMalformedAction, "position must be 0..64");
      return Action::take(p);
    }
    case pb::Action::kFulfil: {
      const auto& f = act.fulfil();
      const int e = static_cast<int>(f.expedition()) - 1 - kFirstExpeditionKind;
      if (e < 0 || e >= kNumExpeditionKinds)
        return make_error(ErrorCode::kMalformedAction, "expedition must name an Expedition card (CARD_KIND_EXP_*)");
      for (int j : {f.jacks_as_anchor(), f.jacks_as_cross(), f.jacks_as_house()}) {
        if (j < 0 || j > kMaxJacksPerSymbol)
          return make_error(ErrorCode::kMalformedAction, "jacks per symbol must be 0..2");
      }
      return Action::fulfil(e, f.jacks_as_anchor(), f.jacks_as_cross(), f.jacks_as_house());
    }
    case pb::Action::KIND_NOT_SET: break;
  }
  return make_error(ErrorCode::kMalformedAction,
                    "the action names none of draw, stop, repel, dock, take, pass, fulfil");
}

v1::GameAction PortRoyalState::encode_action(Seat, ActionId a) const { return to_proto(decode(a)); }

Result<ActionId> PortRoyalState::decode_action(Seat, const v1::GameAction& action) const {
  auto a = from_proto(action);
  if (!a) return a.error();
  return encode(*a);
}

}  // namespace brethren::rules::port_royal_pfister
