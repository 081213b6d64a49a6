// Token buckets for per-connection (and per-address) limits. Not
// thread-safe: each session uses its own on its own strand.
#pragma once

#include <algorithm>
#include <chrono>

namespace brethren::server {

using LimitClock = std::chrono::steady_clock;

// `capacity` tokens, refilled at `per_second`.
class TokenBucket {
 public:
  TokenBucket(double per_second, double capacity, LimitClock::time_point now = LimitClock::now())
      : rate_(static_cast<float>(per_second)), capacity_(static_cast<float>(capacity)), tokens_(capacity), last_(now) {}

  // Takes `n` tokens if there are that many (else takes none).
  bool take(double n, LimitClock::time_point now = LimitClock::now()) {
    refill(now);
    if (tokens_ < n) return false;
    tokens_ -= n;
    return true;
  }
  // Back to full: nothing left to remember.
  bool full(LimitClock::time_point now = LimitClock::now()) {
    refill(now);
    return tokens_ >= capacity_;
  }

 private:
  void refill(LimitClock::time_point now) {
    if (now > last_)
      tokens_ = std::min<double>(capacity_, tokens_ + rate_ * std::chrono::duration<double>(now - last_).count());
    last_ = now;
  }

  // Configured values in floats (7 digits are plenty): every connection
  // holds three buckets, and the session fits a smaller allocation.
  float rate_, capacity_;
  double tokens_;
  LimitClock::time_point last_;
};

// Messages per connection: `per_second` with bursts of `burst`. A refused
// message is a strike; strikes are forgiven at `forgiven_per_second`, and a
// connection with more than `abuse_strikes` unforgiven strikes is abusive.
// (Counting strikes "in a row" let a flood that now and then got a token
// through go on forever.)
class RateLimiter {
 public:
  RateLimiter(double per_second, double burst, int abuse_strikes, double forgiven_per_second)
      : messages_(per_second, burst), strikes_(forgiven_per_second, abuse_strikes) {}

  // True if one more message may pass now.
  bool allow(LimitClock::time_point now = LimitClock::now()) {
    if (messages_.take(1, now)) return true;
    if (!strikes_.take(1, now)) abusive_ = true;
    return false;
  }
  // Sustained abuse: close the connection.
  bool abusive() const { return abusive_; }

 private:
  TokenBucket messages_;
  TokenBucket strikes_;
  bool abusive_ = false;
};

}  // namespace brethren::server
