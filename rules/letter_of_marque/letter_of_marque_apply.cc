// Letter of Marque: applying a legal action, and the turn sequence.
#include <algorithm>

#include "rules/letter_of_marque/letter_of_marque.h"

namespace brethren::rules::letter_of_marque {

void LetterOfMarqueState::do_apply(Seat seat, ActionId id) {
  const Action a = decode(id);
  switch (a.kind) {
    case Kind::kChooseShip: choose_ship(seat, a.armed); return;  // the preliminary turn ends when every seat has chosen
    case Kind::kDepart: depart(seat, a.armed); break;
    case Kind::kPass:
      emit_passed(seat, false);  // LOM-11
      break;
    case Kind::kReturnShip: return_ship(seat, a.ship_id); break;
    case Kind::kAttack: attack(seat, a.ship_id); break;
  }
  end_turn();
}

void LetterOfMarqueState::choose_ship(Seat seat, bool armed) {
  // LOM-5: the ship waits for the preliminary card, its base secret (LOM-H-4).
  Player& p = players_[seat];
  Ship* ship = reserve_ship(seat, armed);
  ship->place = Place::kChosen;
  ship->treasure = p.preliminary_treasure;
  p.preliminary_treasure = 0;
  emit_ship_chosen(seat, armed);
  if (std::none_of(players_.begin(), players_.end(), [](const Player& q) { return q.preliminary_treasure != 0; })) {
    set_sail_after_preliminary();
  }
}

void LetterOfMarqueState::depart(Seat seat, bool armed) {
  // LOM-8
  Player& p = players_[seat];
  Ship* ship = reserve_ship(seat, armed);
  ship->place = Place::kAtSea;
  ship->treasure = p.deck.back();
  ship->id = next_ship_id_++;
  p.deck.pop_back();
  emit_departed(seat, *ship);
}

void LetterOfMarqueState::return_ship(Seat seat, int ship_id) {
  // LOM-9: the ship leaves the game with its base unrevealed (LOM-H-3).
  Ship* ship = find_at_sea(ship_id);
  ship->place = Place::kReturned;
  players_[seat].treasures_won.push_back(ship->treasure);
  emit_returned(seat, *ship);
}

void LetterOfMarqueState::attack(Seat seat, int ship_id) {
  // LOM-10
  Player& p = players_[seat];
  Ship* ship = find_at_sea(ship_id);
  const Seat defender = owner_of(*ship);
  --p.unused_cannons;
  ship->revealed = true;
  if (ship->armed) {
    // Fails: the ship stays at sea, the defender scores the cannon card.
    players_[defender].cannons_from.push_back(seat);
  } else {
    // Succeeds: the cannon card leaves the game (LOM-A-8), the treasure is taken.
    p.treasures_won.push_back(ship->treasure);
    ship->place = Place::kSunk;
  }
  emit_attacked(seat, defender, *ship);
}

void LetterOfMarqueState::set_sail_after_preliminary() {
  std::vector<int> treasures;
  treasures.reserve(static_cast<std::size_t>(num_seats()));
  for (Seat seat = 0; seat < num_seats(); ++seat) {
    Ship* ship = &ships_[seat * kShipsPerPlayer];
    while (ship->place != Place::kChosen) ++ship;
    ship->place = Place::kAtSea;
    ship->id = next_ship_id_++;
    treasures.push_back(ship->treasure);
    emit_own_ship_base(seat, *ship);
  }
  // LOM-6: lowest treasure starts; ties are broken at random.
  const int lowest = *std::min_element(treasures.begin(), treasures.end());
  std::vector<Seat> tied;
  tied.reserve(treasures.size());
  for (Seat seat = 0; seat < num_seats(); ++seat) {
    if (treasures[seat] == lowest) tied.push_back(seat);
  }
  current_ = tied[rng().below(static_cast<std::uint32_t>(tied.size()))];
  phase_ = Phase::kRegular;
  emit_ships_set_sail(tied);
}

void LetterOfMarqueState::end_turn() {
  if (game_over()) {
    phase_ = Phase::kFinished;
    current_ = -1;
    emit_game_ended();
    return;
  }
  // Clockwise; LOM-A-6: a seat with nothing at all left is passed by the server.
  for (;;) {
    if (++current_ == num_seats()) current_ = 0;
    const Player& p = players_[current_];
    if (!p.deck.empty() || has_ship_at_sea(current_) || p.unused_cannons > 0) return;
    emit_passed(current_, true);
  }
}

}  // namespace brethren::rules::letter_of_marque
