// Tortuga 1667: test-only set-up helpers (see the header).
#include "tests/rules/tortuga_1667/tortuga_1667_test_access.h"

#include <algorithm>

namespace brethren::rules::tortuga_1667 {
namespace {

// Hands are kept sorted, as the rules code keeps them.
void insert_sorted(std::vector<int>& v, int x) { v.insert(std::upper_bound(v.begin(), v.end(), x), x); }

}  // namespace

void TestAccess::set_board(TortugaState& s, const Board& board) {
  s.ship_ = {board.ships[0], board.ships[1]};
  s.tortuga_ = board.tortuga;
  s.boat_ = board.boats;
}

void TestAccess::set_treasure(TortugaState& s, int galleon, std::array<std::array<int, 2>, 2> holds,
                              std::array<int, 2> depots, int neutral) {
  s.galleon_ = galleon;
  s.hold_ = holds;
  s.depot_ = depots;
  s.neutral_ = neutral;
}

void TestAccess::put_event(TortugaState& s, int slot, int card) {
  if (s.row_[slot].card == card) return;
  for (auto& other : s.row_) {
    if (other.card == card) {
      std::swap(other.card, s.row_[slot].card);
      return;
    }
  }
  for (auto& c : s.event_deck_) {
    if (c == card) {
      std::swap(c, s.row_[slot].card);
      return;
    }
  }
  for (auto& c : s.box_) {
    if (c == card) {
      std::swap(c, s.row_[slot].card);
      std::sort(s.box_.begin(), s.box_.end());
      return;
    }
  }
  for (auto& c : s.discard_) {
    if (c == card) {
      std::swap(c, s.row_[slot].card);
      return;
    }
  }
}

void TestAccess::set_hand(TortugaState& s, Seat seat, std::vector<int> kinds) {
  for (int k : s.hand_[seat]) s.vote_deck_.insert(s.vote_deck_.begin(), DeckCard{k, -1, -1});
  s.hand_[seat].clear();
  for (int k : kinds) {
    auto it = std::find_if(s.vote_deck_.begin(), s.vote_deck_.end(), [k](const DeckCard& c) { return c.kind == k; });
    if (it == s.vote_deck_.end()) {
      // Take it from another hand, giving that hand a deck card instead.
      for (Seat o = 0; o < s.n(); ++o) {
        auto h = std::find(s.hand_[o].begin(), s.hand_[o].end(), k);
        if (o == seat || h == s.hand_[o].end()) continue;
        s.hand_[o].erase(h);
        insert_sorted(s.hand_[o], s.vote_deck_.back().kind);
        s.vote_deck_.back().kind = k;
        it = s.vote_deck_.end() - 1;
        break;
      }
    }
    insert_sorted(s.hand_[seat], it->kind);
    s.vote_deck_.erase(it);
  }
}

void TestAccess::set_vote_top(TortugaState& s, int kind) {
  auto it =
      std::find_if(s.vote_deck_.begin(), s.vote_deck_.end(), [kind](const DeckCard& c) { return c.kind == kind; });
  if (it != s.vote_deck_.end()) std::iter_swap(it, s.vote_deck_.end() - 1);
}

void TestAccess::set_loyalties(TortugaState& s, std::vector<int> teams) { s.loyalty_ = std::move(teams); }

void TestAccess::give(TortugaState& s, int card, Seat owner) {
  if (card == kAlbatross)
    ++s.albatross_[owner];
  else if (card == kPirateCode) {
    s.code_holder_ = owner;
    s.code_skips_ = 2;
  } else
    s.map_owner_[map_index(card)] = owner;
}

void TestAccess::set_current(TortugaState& s, Seat seat) {
  s.current_ = seat;
  s.phase_ = Phase::kTurn;
  s.pend_seat_ = -1;
  s.atlantis_done_ = false;
}

void TestAccess::exhaust_events(TortugaState& s) {
  for (auto& slot : s.row_) {
    if (slot.card >= 0) s.discard_.push_back(slot.card);
    slot.card = -1;
  }
  s.discard_.insert(s.discard_.end(), s.event_deck_.begin(), s.event_deck_.end());
  s.event_deck_.clear();
}

}  // namespace brethren::rules::tortuga_1667
