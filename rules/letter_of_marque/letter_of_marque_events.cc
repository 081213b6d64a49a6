// Letter of Marque: the events, each with its audience. Every event is built
// in place in the state's event stream (State::emit_in_place).
#include "rules/letter_of_marque/letter_of_marque.h"

namespace brethren::rules::letter_of_marque {
namespace pb = v1::letter_of_marque;
namespace {

pb::Event* event_for(v1::GameEvent& event) { return event.mutable_letter_of_marque(); }

}  // namespace

void LetterOfMarqueState::emit_preliminary_cards() {
  // LOM-4: everyone's first card, revealed at once.
  auto* reveal = event_for(emit_in_place(Audience::everyone()))->mutable_preliminary_cards();
  for (const Player& p : players_) reveal->add_treasures(p.preliminary_treasure);
}

void LetterOfMarqueState::emit_ship_chosen(Seat seat, bool armed) {
  event_for(emit_in_place(Audience::everyone()))->mutable_ship_chosen()->set_seat(seat);  // LOM-H-4: only "has chosen"
  event_for(emit_in_place(Audience::only(seat)))->mutable_own_ship_base()->set_armed(armed);
}

void LetterOfMarqueState::emit_own_ship_base(Seat seat, const Ship& ship) {
  auto* own = event_for(emit_in_place(Audience::only(seat)))->mutable_own_ship_base();
  own->set_ship_id(ship.id);
  own->set_armed(ship.armed);
}

void LetterOfMarqueState::emit_ships_set_sail(const std::vector<Seat>& tied_lowest) {
  // Right after the preliminary turn each seat has exactly one ship at sea.
  auto* sail = event_for(emit_in_place(Audience::everyone()))->mutable_ships_set_sail();
  for (Seat seat = 0; seat < num_seats(); ++seat) {
    const Ship* ship = ships_of(seat);
    while (ship->place != Place::kAtSea) ++ship;
    auto* out = sail->add_ships();
    out->set_ship_id(ship->id);
    out->set_owner(seat);
    out->set_treasure(ship->treasure);
  }
  for (Seat t : tied_lowest) sail->add_tied_lowest(t);
  sail->set_start_seat(current_);
}

void LetterOfMarqueState::emit_departed(Seat seat, const Ship& ship) {
  auto* d = event_for(emit_in_place(Audience::everyone()))->mutable_departed();
  d->set_seat(seat);
  d->set_ship_id(ship.id);
  d->set_treasure(ship.treasure);
  emit_own_ship_base(seat, ship);
}

void LetterOfMarqueState::emit_returned(Seat seat, const Ship& ship) {
  auto* r = event_for(emit_in_place(Audience::everyone()))->mutable_returned();
  r->set_seat(seat);
  r->set_ship_id(ship.id);
  r->set_treasure(ship.treasure);
}

void LetterOfMarqueState::emit_attacked(Seat attacker, Seat defender, const Ship& ship) {
  auto* at = event_for(emit_in_place(Audience::everyone()))->mutable_attacked();
  at->set_attacker(attacker);
  at->set_defender(defender);
  at->set_ship_id(ship.id);
  at->set_treasure(ship.treasure);
  at->set_armed(ship.armed);
}

void LetterOfMarqueState::emit_passed(Seat seat, bool automatic) {
  auto* passed = event_for(emit_in_place(Audience::everyone()))->mutable_passed();
  passed->set_seat(seat);
  if (automatic) passed->set_automatic(true);  // LOM-A-6
}

void LetterOfMarqueState::emit_game_ended() {
  auto* end = event_for(emit_in_place(Audience::everyone()))->mutable_game_ended();
  for (Seat s = 0; s < num_seats(); ++s) {
    end->add_scores(score(s));
    end->add_cannons_held(cannons_held(s));
  }
}

}  // namespace brethren::rules::letter_of_marque
