// High Card: set-up of a new match, whose move it is, the outcome.
#include <algorithm>
#include <numeric>
#include <string>

#include "tests/games/high_card/high_card.h"

namespace brethren::rules::high_card {

HighCardState::HighCardState() : StateBase(kGameId) {}

HighCardState::HighCardState(int seats, std::uint64_t seed, std::uint32_t rules_version)
    : StateBase(kGameId, seats, seed) {
  players_.resize(seats);
  // HC-1: nine cards, shuffled face down; from rules version 2 shuffled
  // twice (README.md, "Rules versions"). Only the deal differs, so the state
  // need not remember its version.
  deck_.resize(kCards);
  std::iota(deck_.begin(), deck_.end(), 1);
  rng().shuffle(deck_);
  if (rules_version >= 2) rng().shuffle(deck_);
  deal();
}

void HighCardState::deal() {
  // HC-3: one card each from the top of the deck.
  for (Seat s = 0; s < num_seats(); ++s) {
    players_[s].card = deck_.back();
    deck_.pop_back();
    emit_dealt(s);
  }
}

std::vector<Seat> HighCardState::acting_seats() const {
  // HC-4: both choose at once; a seat that has chosen waits for the other.
  std::vector<Seat> out;
  if (is_terminal()) return out;
  for (Seat s = 0; s < num_seats(); ++s) {
    if (players_[s].stake == 0) out.push_back(s);
  }
  return out;
}

int HighCardState::max_stake(Seat seat) const {
  // HC-4: keep a chip for each round still to come.
  return std::min(kMaxStake, players_[seat].chips - (kRounds - round_));
}

v1::MatchOutcome HighCardState::outcome() const {
  // HC-7: the higher score wins; equal scores share the win.
  const int a = players_[0].score, b = players_[1].score;
  std::string summary = a == b ? "a draw at " + std::to_string(a)
                               : "seat " + std::to_string(a > b ? 0 : 1) + " wins " + std::to_string(std::max(a, b)) +
                                     " to " + std::to_string(std::min(a, b));
  return rank_outcome({{a}, {b}}, std::move(summary));
}

}  // namespace brethren::rules::high_card
