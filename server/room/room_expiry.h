// When a room has been idle too long (docs: room_expiry.cc): the policy the
// directory's sweep passes, and its verdict on what the room says of its
// activity. Pure: the time is an argument, so it is tested with a fake one.
#pragma once

#include <chrono>

#include "server/room/room_phase.h"

namespace brethren::server {

struct ExpiryPolicy {
  std::chrono::milliseconds idle_open{0};           // open room, nobody in it (0: never)
  std::chrono::milliseconds finished_retention{0};  // finished room, from the end and the last member (0: never)
  std::chrono::milliseconds abandoned_match{0};     // live match, no clock, no move, nobody in it (0: never)
};

class RoomExpiry {
 public:
  using Clock = std::chrono::steady_clock;

  // What a room with nobody connected says of itself at a sweep.
  struct Activity {
    RoomPhase phase = RoomPhase::kOpen;
    // When somebody was last in the room (or, finished, when the match ended).
    Clock::time_point last_occupied{};
    // A live match runs on its own (a pending clock, a bot, a search): never
    // abandoned. Also true when there is no match to judge.
    bool match_runs_on = false;
    Clock::time_point last_move{};
  };

  explicit RoomExpiry(ExpiryPolicy policy) : policy_(policy) {}

  bool idle_too_long(const Activity& activity, Clock::time_point now) const;

 private:
  ExpiryPolicy policy_;
};

}  // namespace brethren::server
