// Tortuga 1667: test-only set-up helpers, built into the test executables only.
#include <algorithm>

#include "rules/tortuga_1667/tortuga_1667.h"
#include "rules/tortuga_1667/tortuga_1667_util.h"

namespace brethren::rules::tortuga_1667 {
namespace pb = v1::tortuga_1667;
using util::erase_one;
using util::insert_sorted;
using util::wrap;

// --- Test-only helpers -----------------------------------------------------------

void TortugaState::debug_set_board(const Board& board) {
  ship_ = {board.ships[0], board.ships[1]};
  tortuga_ = board.tortuga;
  boat_ = board.boats;
}

void TortugaState::debug_set_treasure(int galleon, std::array<std::array<int, 2>, 2> holds, std::array<int, 2> depots,
                                      int neutral) {
  galleon_ = galleon;
  hold_ = holds;
  depot_ = depots;
  neutral_ = neutral;
}

void TortugaState::debug_put_event(int slot, int card) {
  if (row_[slot].card == card) return;
  for (auto& s : row_) {
    if (s.card == card) { std::swap(s.card, row_[slot].card); return; }
  }
  for (auto& c : event_deck_) {
    if (c == card) { std::swap(c, row_[slot].card); return; }
  }
  for (auto& c : box_) {
    if (c == card) { std::swap(c, row_[slot].card); std::sort(box_.begin(), box_.end()); return; }
  }
  for (auto& c : discard_) {
    if (c == card) { std::swap(c, row_[slot].card); return; }
  }
}

void TortugaState::debug_set_hand(Seat seat, std::vector<int> kinds) {
  for (int k : hand_[seat]) vote_deck_.insert(vote_deck_.begin(), DeckCard{k, -1, -1});
  hand_[seat].clear();
  for (int k : kinds) {
    auto it = std::find_if(vote_deck_.begin(), vote_deck_.end(), [k](const DeckCard& c) { return c.kind == k; });
    if (it == vote_deck_.end()) {
      // Take it from another hand, giving that hand a deck card instead.
      for (Seat o = 0; o < n(); ++o) {
        auto h = std::find(hand_[o].begin(), hand_[o].end(), k);
        if (o == seat || h == hand_[o].end()) continue;
        hand_[o].erase(h);
        insert_sorted(hand_[o], vote_deck_.back().kind);
        vote_deck_.back().kind = k;
        it = vote_deck_.end() - 1;
        break;
      }
    }
    insert_sorted(hand_[seat], it->kind);
    vote_deck_.erase(it);
  }
}

void TortugaState::debug_set_vote_top(int kind) {
  auto it = std::find_if(vote_deck_.begin(), vote_deck_.end(), [kind](const DeckCard& c) { return c.kind == kind; });
  if (it != vote_deck_.end()) std::iter_swap(it, vote_deck_.end() - 1);
}

void TortugaState::debug_give(int card, Seat owner) {
  if (card == kAlbatross) ++albatross_[owner];
  else if (card == kPirateCode) { code_holder_ = owner; code_skips_ = 2; }
  else map_owner_[map_index(card)] = owner;
}

void TortugaState::debug_set_current(Seat seat) {
  current_ = seat;
  phase_ = Phase::kTurn;
  pend_seat_ = -1;
  atlantis_done_ = false;
}

void TortugaState::debug_exhaust_events() {
  for (auto& slot : row_) {
    if (slot.card >= 0) discard_.push_back(slot.card);
    slot.card = -1;
  }
  discard_.insert(discard_.end(), event_deck_.begin(), event_deck_.end());
  event_deck_.clear();
}

}  // namespace brethren::rules::tortuga_1667
