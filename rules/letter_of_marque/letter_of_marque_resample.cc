// Letter of Marque: replacing what a viewer cannot know by a consistent sample.
#include <algorithm>
#include <vector>

#include "rules/letter_of_marque/letter_of_marque.h"

namespace brethren::rules::letter_of_marque {

// Every hidden group is sorted before it is shuffled, so that the sample
// depends only on what the viewer knows and on `rng`, never on the true
// order (the search bots' no-cheating test, tests/bots/, relies on it).
void LetterOfMarqueState::do_resample_hidden(Viewer viewer, Rng& rng) {
  for (Seat s = 0; s < num_seats(); ++s) {
    // LOM-H-5: deck order is unknown to everyone, the owner included.
    std::sort(players_[s].deck.begin(), players_[s].deck.end());
    rng.shuffle(players_[s].deck);
    if (!viewer.is_spectator() && viewer.seat() == s) continue;
    // LOM-H-1/H-3/H-4: bases never revealed are interchangeable to others;
    // only their count (two armed per player) is known.
    std::vector<char> bases;
    Ship* ships = &ships_[s * kShipsPerPlayer];
    for (int k = 0; k < kShipsPerPlayer; ++k) {
      if (!ships[k].revealed) bases.push_back(ships[k].armed);
    }
    std::sort(bases.begin(), bases.end());
    rng.shuffle(bases);
    std::size_t next = 0;
    for (int k = 0; k < kShipsPerPlayer; ++k) {
      if (!ships[k].revealed) ships[k].armed = bases[next++];
    }
  }
}

}  // namespace brethren::rules::letter_of_marque
