// Tortuga 1667: test-only set-up helpers. They rearrange the table while
// keeping every component in exactly one place, and emit no events. Test
// code only: TortugaState names this struct its friend and nothing in the
// production library defines or calls it.
#pragma once

#include <array>
#include <vector>

#include "rules/tortuga_1667/tortuga_1667.h"

namespace brethren::rules::tortuga_1667 {

struct TestAccess {
  struct Board {
    std::vector<std::vector<int>> ships = std::vector<std::vector<int>>(2);  // [FD, JR]
    std::vector<int> tortuga;
    std::array<int, 2> boats{-1, -1};
  };
  static void set_board(TortugaState& s, const Board& board);
  static void set_treasure(TortugaState& s, int galleon, std::array<std::array<int, 2>, 2> holds,
                           std::array<int, 2> depots, int neutral);
  // Puts `card` face down into row slot `slot` (swapping with wherever it is).
  static void put_event(TortugaState& s, int slot, int card);
  // Gives `seat` a hand of exactly these kinds (swapping with the deck).
  static void set_hand(TortugaState& s, Seat seat, std::vector<int> kinds);
  // Puts a card of `kind` on top of the vote deck (swapping with the deck).
  static void set_vote_top(TortugaState& s, int kind);
  static void set_loyalties(TortugaState& s, std::vector<int> teams);
  static void give(TortugaState& s, int card, Seat owner);  // a map, Albatross or Pirate Code
  static void set_current(TortugaState& s, Seat seat);
  // Moves every face-down row card and the whole event deck to the discard pile.
  static void exhaust_events(TortugaState& s);
};

}  // namespace brethren::rules::tortuga_1667
