// Letter of Marque: set-up, whose turn it is, the state's queries and the
// outcome.
#include "rules/letter_of_marque/letter_of_marque.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>

namespace brethren::rules::letter_of_marque {

LetterOfMarqueState::LetterOfMarqueState() : StateBase(kGameId) {}

LetterOfMarqueState::LetterOfMarqueState(const v1::letter_of_marque::Options& options, int seats, std::uint64_t seed)
    : StateBase(kGameId, seats, seed), cannon_tiebreak_(options.cannon_tiebreak()) {
  players_.resize(seats);
  ships_.resize(seats * kShipsPerPlayer);
  // About 18 events per seat in a whole game: one allocation for the stream.
  reserve_events(static_cast<std::size_t>(seats) * 20);
  for (Seat s = 0; s < seats; ++s) {
    Player& p = players_[s];
    // LOM-1, LOM-2: five treasure cards 3..7, shuffled face down.
    p.deck.assign(std::begin(kTreasureValues), std::end(kTreasureValues));
    rng().shuffle(p.deck);
    // LOM-3: two armed and three unarmed ships in reserve.
    for (int k = 0; k < kShipsPerPlayer; ++k) ships_[s * kShipsPerPlayer + k].armed = k < kArmedShipsPerPlayer;
    // LOM-4: everyone reveals his top card at once.
    p.preliminary_treasure = p.deck.back();
    p.deck.pop_back();
    // The most one seat can win (his five ships home, a capture per cannon):
    // one allocation instead of one per doubling.
    p.treasures_won.reserve(kShipsPerPlayer + kCannonsPerPlayer);
  }
  emit_preliminary_cards();
}

std::vector<Seat> LetterOfMarqueState::acting_seats() const {
  std::vector<Seat> out;
  fill_acting_seats(out);
  return out;
}

void LetterOfMarqueState::fill_acting_seats(std::vector<Seat>& out) const {
  out.clear();
  if (phase_ == Phase::kPreliminary) {
    // LOM-5 / LOM-A-7: every seat that has not yet chosen, simultaneously.
    for (Seat s = 0; s < num_seats(); ++s) {
      if (players_[s].preliminary_treasure != 0) out.push_back(s);
    }
  } else if (phase_ == Phase::kRegular) {
    out.push_back(current_);
  }
}

int LetterOfMarqueState::reserve_count(Seat seat, bool armed) const {
  const Ship* ships = ships_of(seat);
  return static_cast<int>(std::count_if(ships, ships + kShipsPerPlayer, [armed](const Ship& s) {
    return s.place == Place::kReserve && s.armed == armed;
  }));
}

Ship* LetterOfMarqueState::reserve_ship(Seat seat, bool armed) {
  Ship* ships = &ships_[seat * kShipsPerPlayer];
  Ship* found = std::find_if(ships, ships + kShipsPerPlayer,
                             [armed](const Ship& s) { return s.place == Place::kReserve && s.armed == armed; });
  return found == ships + kShipsPerPlayer ? nullptr : found;
}

bool LetterOfMarqueState::has_ship_at_sea(Seat seat) const {
  const Ship* ships = ships_of(seat);
  return std::any_of(ships, ships + kShipsPerPlayer, [](const Ship& s) { return s.place == Place::kAtSea; });
}

Seat LetterOfMarqueState::owner_of(const Ship& ship) const {
  return static_cast<Seat>((&ship - ships_.data()) / kShipsPerPlayer);
}

const Ship* LetterOfMarqueState::ship_at_sea(int id) const {
  // A ship keeps its own id once it has sailed (returned and sunk ones too):
  // find the id, then look at the place once. Random play predicts a test of
  // the id, not one of the place on every ship.
  for (const Ship& s : ships_) {
    if (s.id == id) return s.place == Place::kAtSea ? &s : nullptr;
  }
  return nullptr;
}

Ship* LetterOfMarqueState::find_at_sea(int id) { return const_cast<Ship*>(ship_at_sea(id)); }

int LetterOfMarqueState::score(Seat seat) const {
  // LOM-14: treasure values in the score pile + 1 per opponent cannon card.
  const Player& p = players_[seat];
  return std::accumulate(p.treasures_won.begin(), p.treasures_won.end(), 0) + static_cast<int>(p.cannons_from.size());
}

int LetterOfMarqueState::cannons_held(Seat seat) const {
  // LOM-15 with LOM-A-3: unused own cannons count unless the room chose
  // the "captured only" reading.
  const Player& p = players_[seat];
  const int captured = static_cast<int>(p.cannons_from.size());
  return cannon_tiebreak_ == v1::letter_of_marque::CANNON_TIEBREAK_CAPTURED_ONLY ? captured
                                                                                 : captured + p.unused_cannons;
}

bool LetterOfMarqueState::game_over() const {
  // LOM-13: no ship at sea and every treasure deck empty.
  for (const Player& p : players_) {
    if (!p.deck.empty()) return false;
  }
  return std::none_of(ships_.begin(), ships_.end(), [](const Ship& s) { return s.place == Place::kAtSea; });
}

v1::MatchOutcome LetterOfMarqueState::outcome() const {
  // LOM-15: highest score; then most cannon cards; still tied: shared victory.
  std::vector<std::vector<int>> keys;
  keys.reserve(static_cast<std::size_t>(num_seats()));
  for (Seat s = 0; s < num_seats(); ++s) keys.push_back({score(s), cannons_held(s)});
  auto result = rank_outcome(keys, "");
  std::string summary;
  int winners = 0, best = 0;
  for (const auto& r : result.seats()) {
    if (!r.winner()) continue;
    if (winners++ > 0) summary += " and ";
    summary += kColours[r.seat()];
    best = r.score();
  }
  summary += winners == 1 ? " wins" : " share the victory";
  summary += " with " + std::to_string(best) + " points";
  result.set_summary(std::move(summary));
  return result;
}

}  // namespace brethren::rules::letter_of_marque
