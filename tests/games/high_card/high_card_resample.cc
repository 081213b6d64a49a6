// High Card: replacing what a viewer cannot know by a consistent sample.
#include "tests/games/high_card/high_card.h"

namespace brethren::rules::high_card {

void HighCardState::do_resample_hidden(Viewer viewer, Rng& rng) {
  const auto hidden_from_viewer = [&](Seat s) { return viewer.is_spectator() || viewer.seat() != s; };
  // HC-H-1, HC-H-3: the deck and the other hands are one pool of unseen cards.
  std::vector<int> unseen = deck_;
  for (Seat s = 0; s < num_seats(); ++s) {
    if (hidden_from_viewer(s) && players_[s].card != 0) unseen.push_back(players_[s].card);
  }
  rng.shuffle(unseen);
  for (Seat s = 0; s < num_seats(); ++s) {
    if (hidden_from_viewer(s) && players_[s].card != 0) {
      players_[s].card = unseen.back();
      unseen.pop_back();
    }
  }
  deck_ = std::move(unseen);
  // HC-H-2: another's chosen stake is any stake it could have chosen.
  for (Seat s = 0; s < num_seats(); ++s) {
    if (hidden_from_viewer(s) && players_[s].stake != 0) {
      players_[s].stake = rng.between(1, max_stake(s));
    }
  }
}

}  // namespace brethren::rules::high_card
