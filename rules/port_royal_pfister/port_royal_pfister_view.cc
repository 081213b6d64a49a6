// Port Royal: card faces, typed actions, per-viewer views and the outcome.
#include <algorithm>
#include <string_view>

#include "rules/port_royal_pfister/card_proto.h"
#include "rules/port_royal_pfister/port_royal_pfister.h"

namespace brethren::rules::port_royal_pfister {
namespace pb = v1::port_royal_pfister;
namespace {

constexpr const char* kSeatNames[] = {"seat 0", "seat 1", "seat 2", "seat 3", "seat 4"};

}  // namespace

pb::CardKind card_proto(int card_id) { return static_cast<pb::CardKind>(kind_index(card_id) + 1); }

v1::GameAction PortRoyalState::encode_action(Seat, ActionId a) const {
  v1::GameAction out;
  pb::Action* act = out.mutable_port_royal_pfister();
  if (auto f = fulfil_choice(a)) {
    auto* m = act->mutable_fulfil();
    m->set_expedition(static_cast<pb::CardKind>(kFirstExpeditionKind + f->expedition + 1));
    m->set_jacks_as_anchor(f->jacks_anchor);
    m->set_jacks_as_cross(f->jacks_cross);
    m->set_jacks_as_house(f->jacks_house);
    return out;
  }
  switch (a) {
    case action::kDraw: act->mutable_draw(); break;
    case action::kStop: act->mutable_stop(); break;
    case action::kRepel: act->mutable_repel(); break;
    case action::kDock: act->mutable_dock(); break;
    case action::kPass: act->mutable_pass(); break;
    default: act->mutable_take()->set_position(static_cast<int>(a - action::kTakeBase)); break;
  }
  return out;
}

Result<ActionId> PortRoyalState::decode_action(Seat, const v1::GameAction& action) const {
  if (!action.has_port_royal_pfister()) return make_error(ErrorCode::kMalformedAction, "not a Port Royal action");
  const pb::Action& act = action.port_royal_pfister();
  switch (act.kind_case()) {
    case pb::Action::kDraw: return action::kDraw;
    case pb::Action::kStop: return action::kStop;
    case pb::Action::kRepel: return action::kRepel;
    case pb::Action::kDock: return action::kDock;
    case pb::Action::kPass: return action::kPass;
    case pb::Action::kTake: {
      const int p = act.take().position();
      if (p < 0 || p >= kMaxHarbor) return make_error(ErrorCode::kMalformedAction, "position must be 0..64");
      return action::take(p);
    }
    case pb::Action::kFulfil: {
      const auto& f = act.fulfil();
      const int e = static_cast<int>(f.expedition()) - 1 - kFirstExpeditionKind;
      if (e < 0 || e >= kNumExpeditionKinds)
        return make_error(ErrorCode::kMalformedAction, "expedition must name an Expedition card (CARD_KIND_EXP_*)");
      for (int j : {f.jacks_as_anchor(), f.jacks_as_cross(), f.jacks_as_house()}) {
        if (j < 0 || j > 2) return make_error(ErrorCode::kMalformedAction, "jacks per symbol must be 0..2");
      }
      return action::fulfil(e, f.jacks_as_anchor(), f.jacks_as_cross(), f.jacks_as_house());
    }
    case pb::Action::KIND_NOT_SET: break;
  }
  return make_error(ErrorCode::kMalformedAction,
                    "the action names none of draw, stop, repel, dock, take, pass, fulfil");
}

v1::GameView PortRoyalState::game_view(Viewer) const {
  // Everything in the view is public (PRP-H-3); the fronts of the draw pile
  // and of coins are never included (PRP-H-1, PRP-H-2), so every viewer
  // gets the same view.
  v1::GameView out;
  pb::View* view = out.mutable_port_royal_pfister();
  view->set_phase(static_cast<pb::Phase>(phase_));
  view->set_active_seat(is_terminal() ? -1 : active_);
  view->set_start_seat(start_);
  for (Seat s = 0; s < num_seats(); ++s) {
    const Player& p = players_[s];
    pb::PlayerView* pv = view->add_players();
    pv->set_seat(s);
    pv->set_coins(coins(s));
    for (int id : p.persons) pv->add_persons(card_proto(id));
    for (int id : p.expeditions) pv->add_expeditions(card_proto(id));
    pv->set_points(points(s));
    pv->set_swords(swords(s));
  }
  for (int id : harbor_) view->add_harbor(card_proto(id));
  for (int id : expeditions_) view->add_expeditions(card_proto(id));
  view->set_draw_pile(static_cast<int>(draw_.size()));
  for (int id : discard_) view->add_discard_pile(card_proto(id));
  if (phase_ == Phase::kRepel) view->set_drawn_ship(card_proto(pending_));
  view->set_drawn_this_turn(phase_ == Phase::kFinished ? 0 : drawn_);
  view->set_taking_seat(taking_seat());
  view->set_cards_left(cards_left());
  view->set_end_triggered(end_triggered_);
  view->set_end_condition(static_cast<pb::EndCondition>(end_condition_));
  return out;
}

v1::MatchOutcome PortRoyalState::outcome() const {
  // PRP-42: most points, then most coins, else shared. PRP-43 / PRP-A-9:
  // with the variant only players with an Expedition can win (if anybody
  // has one).
  const bool variant = end_condition_ == pb::END_CONDITION_EXPEDITION &&
                       std::any_of(players_.begin(), players_.end(), [](const Player& p) { return !p.expeditions.empty(); });
  std::vector<std::vector<int>> keys;
  for (Seat s = 0; s < num_seats(); ++s) {
    const int eligible = variant ? (players_[s].expeditions.empty() ? 0 : 1) : 1;
    keys.push_back({eligible, points(s), coins(s)});
  }
  auto result = rank_outcome(keys, "");
  std::vector<std::string> winners;
  int best = 0, best_coins = 0;
  bool coins_decided = false;
  for (auto& r : *result.mutable_seats()) {
    r.set_score(points(r.seat()));
    if (r.winner()) {
      winners.push_back(kSeatNames[r.seat()]);
      best = points(r.seat());
      best_coins = coins(r.seat());
    }
  }
  for (Seat s = 0; s < num_seats(); ++s) {
    if (keys[s][0] == 1 && points(s) == best && coins(s) < best_coins) coins_decided = true;
  }
  std::string summary;
  for (std::size_t i = 0; i < winners.size(); ++i) summary += (i ? " and " : "") + winners[i];
  summary += winners.size() == 1 ? " wins" : " share the victory";
  summary += " with " + std::to_string(best) + " points";
  if (coins_decided || winners.size() > 1) summary += " and " + std::to_string(best_coins) + " coins";
  result.set_summary(summary);
  return result;
}

}  // namespace brethren::rules::port_royal_pfister
