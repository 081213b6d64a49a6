// Letter of Marque: the legal actions of a seat, and why any other is not.
#include <bit>

#include "rules/letter_of_marque/letter_of_marque.h"

namespace brethren::rules::letter_of_marque {

void LetterOfMarqueState::fill_legal_actions(Seat seat, std::vector<ActionId>& out) const {
  out.clear();
  if (seat < 0 || seat >= num_seats()) return;
  const Player& p = players_[seat];
  if (phase_ == Phase::kPreliminary ? p.preliminary_treasure == 0 : phase_ != Phase::kRegular || seat != current_) {
    return;
  }
  // This is the hot path of every random game: one pass over the seat's own
  // ships, one over all ships, and ids at sea as bit sets (ids are
  // 1..kMaxShips) read out in ascending order. The passes test places
  // without branches: random play mispredicts such branches, and they made
  // this function a quarter of brethren-sim's time.
  static_assert(kMaxShips < 64);
  const Ship* mine = ships_of(seat);
  bool reserve_unarmed = false, reserve_armed = false;
  std::uint64_t own = 0;
  for (int k = 0; k < kShipsPerPlayer; ++k) {
    const bool in_reserve = mine[k].place == Place::kReserve;
    reserve_armed |= in_reserve & mine[k].armed;
    reserve_unarmed |= in_reserve & !mine[k].armed;
    own |= std::uint64_t{mine[k].place == Place::kAtSea} << mine[k].id;
  }
  if (phase_ == Phase::kPreliminary) {
    if (reserve_unarmed) out.push_back(encode(Action::choose_ship(false)));
    if (reserve_armed) out.push_back(encode(Action::choose_ship(true)));
    return;
  }
  if (!p.deck.empty()) {  // LOM-8 (LOM-12: a ship is always in reserve then)
    if (reserve_unarmed) out.push_back(encode(Action::depart(false)));
    if (reserve_armed) out.push_back(encode(Action::depart(true)));
  }
  if (p.deck.empty() && own == 0) out.push_back(encode(Action::pass()));  // LOM-11
  std::uint64_t targets = 0;
  if (p.unused_cannons > 0) {  // LOM-10; LOM-A-4: never one's own ship (ids are unique)
    for (const Ship& s : ships_) targets |= std::uint64_t{s.place == Place::kAtSea} << s.id;
    targets &= ~own;
  }
  // Ascending ids: every return comes before every attack (action.h).
  for (; own != 0; own &= own - 1) out.push_back(encode(Action::return_ship(std::countr_zero(own))));  // LOM-9
  for (; targets != 0; targets &= targets - 1) out.push_back(encode(Action::attack(std::countr_zero(targets))));
}

std::string LetterOfMarqueState::illegal_reason(Seat seat, ActionId id) const {
  const Player& p = players_[seat];
  const Action a = decode(id);
  if (phase_ == Phase::kPreliminary) {
    if (a.kind != Kind::kChooseShip) return "the preliminary turn comes first: choose the ship for your card (LOM-5)";
    return "no ship of that kind left in your reserve";
  }
  switch (a.kind) {
    case Kind::kChooseShip: return "the preliminary turn is over";
    case Kind::kDepart:
      if (p.deck.empty()) return "your treasure deck is empty, no ship can depart (LOM-8)";
      return a.armed ? "no armed ship left in your reserve" : "no unarmed ship left in your reserve";
    case Kind::kPass: return "you may pass only with an empty treasure deck and no ship at sea (LOM-11)";
    case Kind::kReturnShip:
      if (!ship_at_sea(a.ship_id)) return "no ship with that id is at sea";
      return "that ship is not yours (LOM-9)";
    case Kind::kAttack: {
      const Ship* s = ship_at_sea(a.ship_id);
      if (!s) return "no ship with that id is at sea";
      if (owner_of(*s) == seat) return "you cannot attack your own ship (LOM-A-4)";
      return "you have no cannon card left (LOM-10)";
    }
  }
  return "that action is not allowed now";
}

}  // namespace brethren::rules::letter_of_marque
