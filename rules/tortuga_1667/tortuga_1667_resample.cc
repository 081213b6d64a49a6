// Tortuga 1667: re-sampling everything a viewer cannot know (the no-leak
// property): others' loyalties, others' hands and open votes, the vote deck,
// the unseen event cards (row, deck, star cards left in the box).
#include <algorithm>

#include "rules/tortuga_1667/tortuga_1667.h"

namespace brethren::rules::tortuga_1667 {

// Every hidden group is sorted before it is shuffled, so that the sample
// depends only on what the viewer knows and on `rng`, never on the true
// order (the search bots' no-cheating test, tests/bots/, relies on it).
void TortugaState::do_resample_hidden(Viewer viewer, Rng& rng) {
  const Seat me = viewer.is_spectator() ? -1 : viewer.seat();

  // T67-H-1: loyalties the viewer does not know for sure (all are public
  // after the end). Cabin Fever may have told him his partner's card.
  if (phase_ != Phase::kFinished) {
    std::vector<int> seats, cards;
    for (Seat s = 0; s < n(); ++s) {
      if (me >= 0 && ((loyalty_known_[me] >> s) & 1u)) continue;
      seats.push_back(s);
      cards.push_back(loyalty_[s]);
    }
    std::sort(cards.begin(), cards.end());
    rng.shuffle(cards);
    for (std::size_t i = 0; i < seats.size(); ++i) loyalty_[seats[i]] = cards[i];
  }

  // T67-H-2..H-4: vote cards. Others' hands, others' open votes and every
  // deck card the viewer cannot place are exchangeable. A public block (the
  // revealed cards of one vote, put to the bottom together) keeps its
  // multiset but not its order. Cards known to the viewer stay.
  {
    std::vector<int> pool;
    for (Seat s = 0; s < n(); ++s) {
      if (s == me) continue;
      pool.insert(pool.end(), hand_[s].begin(), hand_[s].end());
      pool.insert(pool.end(), submitted_[s].begin(), submitted_[s].end());
    }
    std::vector<std::vector<std::size_t>> blocks(static_cast<std::size_t>(next_block_));
    for (std::size_t i = 0; i < vote_deck_.size(); ++i) {
      const DeckCard& c = vote_deck_[i];
      if (c.block >= 0)
        blocks[c.block].push_back(i);
      else if (me < 0 || c.known_by != me)
        pool.push_back(c.kind);
    }
    std::sort(pool.begin(), pool.end());
    rng.shuffle(pool);
    std::size_t next = 0;
    for (Seat s = 0; s < n(); ++s) {
      if (s == me) continue;
      for (int& k : hand_[s]) k = pool[next++];
      std::sort(hand_[s].begin(), hand_[s].end());
      for (int& k : submitted_[s]) k = pool[next++];
      std::sort(submitted_[s].begin(), submitted_[s].end());
    }
    for (DeckCard& c : vote_deck_) {
      if (c.block < 0 && (me < 0 || c.known_by != me)) c.kind = pool[next++];
    }
    for (const auto& block : blocks) {
      std::vector<int> kinds;
      for (std::size_t i : block) kinds.push_back(vote_deck_[i].kind);
      std::sort(kinds.begin(), kinds.end());
      rng.shuffle(kinds);
      for (std::size_t j = 0; j < block.size(); ++j) vote_deck_[block[j]].kind = kinds[j];
    }
  }

  // T67-H-5..H-7: event cards the viewer has not seen. The Armada lies among
  // the original bottom five (T67-H-6); unseen star cards may be in the box
  // when the server chose them in secret (T67-H-7).
  {
    std::vector<int> unknown;
    std::vector<int*> positions;      // deck and unseen row positions
    std::vector<int*> armada_places;  // where the Armada may be
    bool armada_hidden = false;
    for (std::size_t i = 0; i < event_deck_.size(); ++i) {
      unknown.push_back(event_deck_[i]);
      positions.push_back(&event_deck_[i]);
      if (!sudden_death_ && i < 5) armada_places.push_back(&event_deck_[i]);
    }
    for (int s = 0; s < kRowSize; ++s) {
      if (row_[s].card < 0 || (me >= 0 && ((known_slots_[me] >> s) & 1u))) continue;
      unknown.push_back(row_[s].card);
      positions.push_back(&row_[s].card);
      if (!sudden_death_ && row_[s].bottom5) armada_places.push_back(&row_[s].card);
    }
    auto armada = std::find(unknown.begin(), unknown.end(), static_cast<int>(kArmada));
    if (armada != unknown.end()) {
      armada_hidden = true;
      unknown.erase(armada);
    }
    if (!stars_public_ && !box_.empty()) {
      // Which unseen star cards sit in the box is unknown: draw them anew.
      std::vector<int> stars;
      for (int c : box_) stars.push_back(c);
      for (int c : unknown) {
        if (kCards[c].star) stars.push_back(c);
      }
      unknown.erase(std::remove_if(unknown.begin(), unknown.end(), [](int c) { return kCards[c].star; }),
                    unknown.end());
      std::sort(stars.begin(), stars.end());
      rng.shuffle(stars);
      const std::size_t box_size = box_.size();
      box_.assign(stars.begin(), stars.begin() + static_cast<std::ptrdiff_t>(box_size));
      std::sort(box_.begin(), box_.end());
      unknown.insert(unknown.end(), stars.begin() + static_cast<std::ptrdiff_t>(box_size), stars.end());
    }
    std::sort(unknown.begin(), unknown.end());
    rng.shuffle(unknown);
    int* armada_at = nullptr;
    if (armada_hidden && !armada_places.empty()) {
      armada_at = armada_places[rng.below(static_cast<std::uint32_t>(armada_places.size()))];
      *armada_at = kArmada;
    } else if (armada_hidden) {
      unknown.push_back(kArmada);  // cannot happen before sudden death; keep the count right
    }
    std::size_t next = 0;
    for (int* p : positions) {
      if (p != armada_at) *p = unknown[next++];
    }
  }
}

}  // namespace brethren::rules::tortuga_1667
