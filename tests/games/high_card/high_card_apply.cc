// High Card: applying a legal move.
#include <algorithm>

#include "tests/games/high_card/high_card.h"
#include "tests/games/high_card/high_card_action.h"

namespace brethren::rules::high_card {

void HighCardState::do_apply(Seat seat, ActionId id) {
  players_[seat].stake = decode(id)->stake;  // HC-4
  emit_chose(seat);
  if (std::all_of(players_.begin(), players_.end(), [](const Player& p) { return p.stake != 0; })) reveal();
}

void HighCardState::reveal() {
  // HC-5: the higher card takes both stakes; cards are distinct (HC-1).
  const Seat winner = players_[0].card > players_[1].card ? 0 : 1;
  emit_revealed(winner);
  for (Player& p : players_) {
    players_[winner].score += p.stake;
    p.chips -= p.stake;
    p.stake = 0;
    p.card = 0;  // HC-6
  }
  if (++round_ > kRounds) {
    emit_ended();  // HC-7
    return;
  }
  deal();
}

}  // namespace brethren::rules::high_card
