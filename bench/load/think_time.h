// Realistic mode's think time: uniform in [0.5, 1.5] x the mean, so the
// offered load is fixed and no player answers instantly.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <utility>

#include "rules/core/rng.h"

namespace brethren::bench {

inline std::chrono::microseconds think_time(rules::Rng& rng, double mean_ms) {
  const double unit = static_cast<double>(rng.below(1'000'000)) / 1'000'000.0;
  return std::chrono::microseconds(static_cast<long long>(mean_ms * 1000.0 * (0.5 + unit)));
}

// A player's pause before each move in realistic mode (both workloads:
// Brethren's and Colyseus'): while it runs the player sends nothing more.
class ThinkTimer {
 public:
  explicit ThinkTimer(boost::asio::io_context& io) : timer_(io) {}

  bool thinking() const { return thinking_; }

  // Calls `move` after a think time, unless the timer is cancelled first.
  template <class Move>
  void then(rules::Rng& rng, double mean_ms, Move move) {
    thinking_ = true;
    timer_.expires_after(think_time(rng, mean_ms));
    timer_.async_wait([this, move = std::move(move)](boost::system::error_code ec) {
      thinking_ = false;
      if (!ec) move();
    });
  }

 private:
  boost::asio::steady_timer timer_;
  bool thinking_ = false;
};

}  // namespace brethren::bench
