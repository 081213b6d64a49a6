// Port Royal: the events. Every event is public (PRP-H-3): cards appear in
// them by their public face only, never by a hidden card's identity.
#include "rules/port_royal_pfister/port_royal_pfister.h"

namespace brethren::rules::port_royal_pfister {
namespace pb = v1::port_royal_pfister;

void PortRoyalState::publish(pb::Event event) {
  v1::GameEvent out;
  *out.mutable_port_royal_pfister() = std::move(event);
  emit(Audience::everyone(), std::move(out));
}

void PortRoyalState::emit_reshuffled() {
  pb::Event e;
  e.mutable_reshuffled()->set_cards(static_cast<int>(draw_.size()));
  publish(std::move(e));
}

void PortRoyalState::emit_end_triggered(Seat seat, bool piles_exhausted) {
  pb::Event e;
  e.mutable_end_triggered()->set_seat(seat);
  if (piles_exhausted) e.mutable_end_triggered()->set_piles_exhausted(true);  // PRP-A-10, PRP-A-14
  publish(std::move(e));
}

void PortRoyalState::emit_stopped(int colours) {
  pb::Event e;
  auto* s = e.mutable_stopped();
  s->set_seat(active_);
  s->set_colours(colours);
  s->set_allowance(base_allowance_);
  publish(std::move(e));
}

void PortRoyalState::emit_ship_repelled(Seat seat, int card_id) {
  pb::Event e;
  e.mutable_ship_repelled()->set_seat(seat);
  e.mutable_ship_repelled()->set_card(card_proto(card_id));
  publish(std::move(e));
}

void PortRoyalState::emit_passed(Seat seat) {
  pb::Event e;
  e.mutable_passed()->set_seat(seat);
  publish(std::move(e));
}

void PortRoyalState::emit_harbor_cleared() {
  pb::Event e;
  for (int h : harbor_) e.mutable_harbor_cleared()->add_discarded(card_proto(h));
  publish(std::move(e));
}

void PortRoyalState::emit_game_ended() {
  pb::Event e;
  auto* g = e.mutable_game_ended();
  for (Seat s = 0; s < num_seats(); ++s) {
    g->add_points(points(s));
    g->add_coins(coins(s));
    g->add_expeditions(static_cast<int>(players_[s].expeditions.size()));
  }
  publish(std::move(e));
}

}  // namespace brethren::rules::port_royal_pfister
