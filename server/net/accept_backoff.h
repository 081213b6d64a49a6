// What the accept loop does after a failed accept (out of file descriptors,
// out of memory): wait 10 ms, doubling up to 1 s, and back to no wait after
// a success; and log at most one line per interval, with the number of
// failures it stands for. Without it the loop retried at once and spun: the
// kernel keeps the connection in the backlog, so accept fails again at once
// (issue #13: 3.6 million log lines in 10 s at 63 % CPU).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace brethren::server {

class AcceptBackoff {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds kFirstDelay{10};
  static constexpr std::chrono::milliseconds kMaxDelay{1000};
  static constexpr std::chrono::seconds kLogInterval{5};

  // After a failure: how long to wait before the next accept, and a log
  // line when one is due.
  struct Step {
    std::chrono::milliseconds delay;
    std::optional<std::string> log;
  };
  Step failed(const std::string& error, Clock::time_point now = Clock::now());
  // After a success: a log line when failures preceded it.
  std::optional<std::string> succeeded();

 private:
  std::chrono::milliseconds delay_{0};
  std::uint64_t failures_ = 0;  // since the last success
  std::uint64_t unlogged_ = 0;  // failures not in a log line yet
  std::optional<Clock::time_point> last_log_;
};

// At most one line per interval for a repeated event, with a count of the
// ones it stands for ("..., and 41 more like it").
class LogThrottle {
 public:
  explicit LogThrottle(std::chrono::steady_clock::duration interval) : interval_(interval) {}
  // The number of events this line stands for (>= 1), or 0: stay quiet.
  std::uint64_t due(std::chrono::steady_clock::time_point now = std::chrono::steady_clock::now());

 private:
  std::chrono::steady_clock::duration interval_;
  std::uint64_t pending_ = 0;
  std::optional<std::chrono::steady_clock::time_point> last_;
};

}  // namespace brethren::server
