// High Card: what one viewer may know.
#include "tests/games/high_card/high_card.h"
#include "tests/games/test_game_wire.h"

namespace brethren::rules::high_card {

v1::GameView HighCardState::game_view(Viewer viewer) const {
  v1::high_card::View view;
  view.set_round(round_);
  view.set_cards_in_deck(static_cast<int>(deck_.size()));
  for (const Player& p : players_) {
    view.add_chips(p.chips);
    view.add_scores(p.score);
    view.add_has_chosen(p.stake != 0);  // HC-H-2: whether, not what
  }
  if (!viewer.is_spectator()) {
    const Player& own = players_[viewer.seat()];
    view.set_own_card(own.card);  // HC-H-1
    view.set_own_stake(own.stake);
  }
  v1::GameView out;
  tests::pack(out, view);
  return out;
}

}  // namespace brethren::rules::high_card
