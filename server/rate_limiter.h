// Per-connection token bucket. Not thread-safe: each session uses its own on
// its own strand.
#pragma once

#include <algorithm>
#include <chrono>

namespace brethren::server {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  RateLimiter(double per_second, double burst, int abuse_strikes)
      : rate_(per_second), burst_(burst), tokens_(burst), abuse_strikes_(abuse_strikes), last_(Clock::now()) {}

  // True if one more message may pass now.
  bool allow(Clock::time_point now = Clock::now()) {
    tokens_ = std::min(burst_, tokens_ + rate_ * std::chrono::duration<double>(now - last_).count());
    last_ = now;
    if (tokens_ >= 1) {
      tokens_ -= 1;
      strikes_ = 0;
      return true;
    }
    ++strikes_;
    return false;
  }
  // Sustained abuse: this many refused messages in a row.
  bool abusive() const { return strikes_ >= abuse_strikes_; }

 private:
  double rate_, burst_, tokens_;
  int abuse_strikes_;
  int strikes_ = 0;
  Clock::time_point last_;
};

}  // namespace brethren::server
