// Port Royal: replacing what a viewer cannot know by a consistent sample.
#include <algorithm>
#include <vector>

#include "rules/port_royal_pfister/port_royal_pfister.h"

namespace brethren::rules::port_royal_pfister {

void PortRoyalState::do_resample_hidden(Viewer, Rng& rng) {
  // PRP-H-1, PRP-H-2: nobody knows the draw pile or any coin's front, but
  // everybody can tell which pile generation each coin came from (coins are
  // paid last-gained first). Permute the hidden cards within each generation.
  std::vector<std::uint8_t*> slots;
  std::vector<std::uint8_t> ids;
  for (int g = 0; g <= generation_; ++g) {
    slots.clear();
    ids.clear();
    auto collect = [&](std::vector<std::uint8_t>& cards) {
      for (auto& id : cards) {
        if (card_generation_[id] == g) slots.push_back(&id);
      }
    };
    collect(draw_);
    for (Player& p : players_) collect(p.coins);
    for (auto* slot : slots) ids.push_back(*slot);
    // Sorted first: the sample depends on what the viewer knows and on
    // `rng` only, never on the true order (tests/bots/ relies on it).
    std::sort(ids.begin(), ids.end());
    rng.shuffle(ids);
    for (std::size_t i = 0; i < slots.size(); ++i) *slots[i] = ids[i];
  }
}

}  // namespace brethren::rules::port_royal_pfister
