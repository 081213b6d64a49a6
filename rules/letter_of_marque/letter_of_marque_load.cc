// Letter of Marque: loading a serialized state, refusing any state the rules
// could not have reached in the ways that matter to them (every value in
// range, every treasure card and ship accounted for), so that a corrupt
// state is CORRUPT_STATE instead of undefined behaviour later.
#include <algorithm>
#include <array>

#include "rules/letter_of_marque/letter_of_marque.h"

namespace brethren::rules::letter_of_marque {
namespace {

bool treasure_ok(int t) { return t >= kTreasureValues[0] && t <= kTreasureValues[kShipsPerPlayer - 1]; }

}  // namespace

void LetterOfMarqueState::load_game(Reader& in) {
  archive(*this, in);
  if (in.ok() && !well_formed()) in.fail();
}

bool LetterOfMarqueState::well_formed() const {
  const int n = num_seats();
  if (n < 3 || n > 6 || static_cast<int>(players_.size()) != n) return false;
  if (static_cast<int>(ships_.size()) != n * kShipsPerPlayer) return false;
  if (!v1::letter_of_marque::CannonTiebreak_IsValid(cannon_tiebreak_)) return false;
  if (phase_ < Phase::kPreliminary || phase_ > Phase::kFinished) return false;
  if (next_ship_id_ < 1 || next_ship_id_ > kMaxShips + 1) return false;
  // Ship ids 1..next_ship_id_-1 were each given to exactly one ship.
  std::array<int, kMaxShips + 1> id_uses{};
  int ids_given = 0;
  std::array<int, kMaxShips> won{};  // treasures taken off ships, by value
  std::array<int, kMaxShips> taken_off{};
  for (Seat s = 0; s < n; ++s) {
    const Player& p = players_[s];
    const Ship* ships = ships_of(s);
    // LOM-1: the five treasure values, each once: in the deck, waiting for
    // the preliminary ship, or on a ship that has left the reserve.
    std::array<int, kShipsPerPlayer> seen{};
    auto see = [&seen](int t) {
      if (!treasure_ok(t)) return false;
      return ++seen[t - kTreasureValues[0]] == 1;
    };
    for (int t : p.deck) {
      if (!see(t)) return false;
    }
    if (p.preliminary_treasure != 0 && !see(p.preliminary_treasure)) return false;
    int armed = 0, reserve = 0, chosen = 0;
    for (int k = 0; k < kShipsPerPlayer; ++k) {
      const Ship& ship = ships[k];
      if (static_cast<int>(ship.place) > static_cast<int>(Place::kSunk)) return false;
      armed += ship.armed;
      if (ship.place == Place::kReserve) {
        ++reserve;
        if (ship.treasure != 0 || ship.id != 0 || ship.revealed) return false;
        continue;
      }
      if (!see(ship.treasure)) return false;
      if (ship.place == Place::kChosen) {
        ++chosen;
        if (ship.id != 0 || ship.revealed) return false;
        continue;
      }
      if (ship.id < 1 || ship.id >= next_ship_id_ || ++id_uses[ship.id] != 1) return false;
      ++ids_given;
      if (ship.place == Place::kSunk && (ship.armed || !ship.revealed)) return false;
      if (ship.place == Place::kReturned || ship.place == Place::kSunk) ++taken_off[ship.treasure];
    }
    if (std::any_of(seen.begin(), seen.end(), [](int c) { return c != 1; })) return false;
    if (armed != kArmedShipsPerPlayer) return false;  // LOM-3
    // LOM-12: one reserve ship per treasure card still to sail.
    if (reserve != static_cast<int>(p.deck.size()) + (p.preliminary_treasure != 0)) return false;
    if (chosen > 1 || (phase_ != Phase::kPreliminary && chosen != 0)) return false;
    if (phase_ == Phase::kPreliminary && chosen + (p.preliminary_treasure != 0) != 1) return false;
    if (phase_ != Phase::kPreliminary && p.preliminary_treasure != 0) return false;
    if (p.unused_cannons < 0 || p.unused_cannons > kCannonsPerPlayer) return false;
    for (int t : p.treasures_won) {
      if (!treasure_ok(t)) return false;
      ++won[t];
    }
    for (Seat from : p.cannons_from) {
      if (from < 0 || from >= n || from == s) return false;
    }
  }
  if (ids_given != next_ship_id_ - 1) return false;
  // Every treasure in a score pile came off a returned or sunk ship.
  if (won != taken_off) return false;
  // A seat's cannon cards: unused, or scored by a defender (LOM-10).
  for (Seat s = 0; s < n; ++s) {
    int used = 0;
    for (const Player& p : players_)
      used += static_cast<int>(std::count(p.cannons_from.begin(), p.cannons_from.end(), s));
    if (players_[s].unused_cannons + used > kCannonsPerPlayer) return false;
  }
  switch (phase_) {
    case Phase::kPreliminary:
      if (current_ != -1 || next_ship_id_ != 1) return false;
      return std::any_of(players_.begin(), players_.end(), [](const Player& p) { return p.preliminary_treasure != 0; });
    case Phase::kRegular: return current_ >= 0 && current_ < n && !game_over();
    case Phase::kFinished: return current_ == -1 && game_over();
  }
  return false;
}

}  // namespace brethren::rules::letter_of_marque
