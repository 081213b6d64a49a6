// The interfaces of every bot, server-side or in tools.
//
// Two kinds:
//  - Bot decides from its seat's MatchView alone, exactly what a remote client
//    sees, so it cannot cheat by construction; it is quick (random,
//    heuristic) and the server calls it where the match runs.
//  - SearchBot looks ahead. It decides from the match state, which holds what
//    its seat may not see, so it must reach that hidden part only through
//    State::resample_hidden(seat) on a clone (whose no-leak property the
//    conformance suite checks); tests/bots prove that two states differing
//    only in hidden information get the same move. It may think for long: the
//    server calls it on its bot worker pool, never on an I/O thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stop_token>

#include "brethren/v1/game.pb.h"
#include "rules/core/state.h"
#include "rules/core/types.h"

namespace brethren::rules {

class Bot {
 public:
  virtual ~Bot() = default;
  // The action to take given the seat's current view; nullopt when the view
  // lists no legal action (the seat need not act).
  virtual std::optional<v1::GameAction> choose(const v1::MatchView& view) = 0;
};

class SearchBot {
 public:
  virtual ~SearchBot() = default;
  // A legal action of `seat` in `state`; nullopt when the seat need not act.
  // `state` is only read (the search works on its own clones). Returns soon
  // after `stop` is requested, with the best move found so far. Deterministic
  // for a given seed when the search ends on its iteration cap.
  virtual std::optional<ActionId> choose(const State& state, Seat seat, std::stop_token stop) = 0;
  // How long one decision may take at most (the deadline the search keeps).
  virtual std::chrono::milliseconds time_budget() const = 0;
};

}  // namespace brethren::rules
