// How far apart in rating the players of a quick-play table may be
// (docs/quickplay.md, "Matching"): a window on the Weng–Lin mean μ that
// widens with waiting time,
//
//     window(t) = base + per_second · t      (t: seconds in the queue)
//
// A table is acceptable when its spread (highest μ − lowest μ) fits the
// window of every player at it, that is the window of the one who queued
// last. Pure arithmetic.
#pragma once

#include <chrono>
#include <optional>

namespace brethren::server::quickplay {

using Clock = std::chrono::steady_clock;

struct MatchWindow {
  double base = 3;        // --quickplay-window
  double per_second = 1;  // --quickplay-window-per-second

  // The window of a player who has waited `waited`.
  double at(Clock::duration waited) const {
    const double seconds = std::chrono::duration<double>(waited).count();
    return base + per_second * (seconds > 0 ? seconds : 0);
  }
  // When a player who queued at `since` first accepts `spread`; nullopt:
  // never (the window does not widen).
  std::optional<Clock::time_point> accepts_from(Clock::time_point since, double spread) const {
    if (spread <= base) return since;
    if (per_second <= 0) return std::nullopt;
    return since +
           std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>((spread - base) / per_second));
  }
};

}  // namespace brethren::server::quickplay
