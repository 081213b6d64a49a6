// Port Royal: what each viewer may see of the match.
#include "rules/port_royal_pfister/port_royal_pfister.h"

namespace brethren::rules::port_royal_pfister {
namespace pb = v1::port_royal_pfister;

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

}  // namespace brethren::rules::port_royal_pfister
