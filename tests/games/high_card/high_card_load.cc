// High Card: loading a serialized state, refusing any state the rules could
// not have reached, so that a corrupt state is CORRUPT_STATE instead of
// undefined behaviour later.
#include <array>
#include <utility>

#include "tests/games/high_card/high_card.h"

namespace brethren::rules::high_card {

void HighCardState::load_game(Reader& in) {
  archive(*this, in);
  if (in.ok() && !well_formed()) in.fail();
}

bool HighCardState::well_formed() const {
  if (num_seats() != kSeats || static_cast<int>(players_.size()) != kSeats) return false;
  if (round_ < 1 || round_ > kRounds + 1) return false;
  const bool ended = round_ > kRounds;
  // HC-1, HC-3, HC-6: two cards dealt per round, each value at most once.
  const int dealt_rounds = ended ? kRounds : round_;
  if (static_cast<int>(deck_.size()) != kCards - kSeats * dealt_rounds) return false;
  std::array<bool, kCards + 1> seen{};
  auto see = [&seen](int card) { return card >= 1 && card <= kCards && !std::exchange(seen[card], true); };
  for (int card : deck_) {
    if (!see(card)) return false;
  }
  int chosen = 0, spent = 0, scored = 0;
  for (Seat s = 0; s < kSeats; ++s) {
    const Player& p = players_[s];
    if (ended ? p.card != 0 || p.stake != 0 : !see(p.card)) return false;
    // HC-4: chips for this round and every one to come; a stake within them.
    const int rounds_left = ended ? 0 : kRounds - round_ + 1;
    if (p.chips < rounds_left || p.chips > kChips - (kRounds - rounds_left)) return false;
    if (p.stake != 0 && (p.stake < 1 || p.stake > max_stake(s))) return false;
    chosen += p.stake != 0;
    if (p.score < 0) return false;
    spent += kChips - p.chips;
    scored += p.score;
  }
  // HC-5: every chip spent went to a round's winner, and both having chosen
  // means revealed at once.
  return scored == spent && chosen < kSeats;
}

}  // namespace brethren::rules::high_card
