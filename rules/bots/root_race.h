// When a search may stop early: the race between the root's actions.
//
// The search plays the root's most visited action of its seat (ties: the
// higher mean). Each iteration adds at most one visit to one root edge, so
// once the leader has more visits than the runner-up could reach with every
// remaining iteration, no action can overtake it and the rest of the search
// cannot change the move (strictly more: on a tie the mean decides, and the
// mean can still change).
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>

#include "rules/core/types.h"

namespace brethren::rules {

class RootRace {
 public:
  // `action` (one of the seat's root actions) now has `visits` visits, one
  // more than before. Visits only grow, one at a time, so the top two are
  // kept exactly without a scan.
  void visited(ActionId action, std::uint32_t visits) {
    if (leader_ == action) {
      lead_ = visits;
    } else if (visits > lead_) {
      // It was tied with the leader: the old leader is now the runner-up.
      second_ = lead_;
      lead_ = visits;
      leader_ = action;
    } else if (visits > second_) {
      second_ = visits;
    }
  }

  // True when no other action can overtake the leader in `remaining` more
  // iterations. Actions never visited count 0, which second_ starts at.
  bool settled(std::uint64_t remaining) const {
    return remaining < std::numeric_limits<std::uint64_t>::max() - second_ && lead_ > second_ + remaining;
  }

  std::uint32_t lead() const { return lead_; }
  std::uint32_t second() const { return second_; }

 private:
  std::optional<ActionId> leader_;
  std::uint32_t lead_ = 0;
  std::uint32_t second_ = 0;
};

// A generous estimate of the iterations a time budget still allows: the
// decision's rate so far, times 1.5, plus 32, so that a slower patch (a
// longer rollout, another process on the core) does not end the search
// before an overtaking the full budget would have seen. Unbounded until an
// iteration has been timed.
inline std::uint64_t iterations_left_in_budget(std::uint64_t done, std::chrono::nanoseconds elapsed,
                                               std::chrono::nanoseconds left) {
  if (left.count() <= 0) return 0;
  if (done == 0 || elapsed.count() <= 0) return std::numeric_limits<std::uint64_t>::max();
  const double rate = static_cast<double>(done) / static_cast<double>(elapsed.count());
  const double estimate = 1.5 * rate * static_cast<double>(left.count()) + 32;
  if (estimate >= 1e18) return std::numeric_limits<std::uint64_t>::max();
  return static_cast<std::uint64_t>(estimate);
}

}  // namespace brethren::rules
