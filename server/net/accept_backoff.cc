#include "server/net/accept_backoff.h"

#include <algorithm>
#include <utility>

namespace brethren::server {

AcceptBackoff::Step AcceptBackoff::failed(const std::string& error, Clock::time_point now) {
  delay_ = delay_.count() == 0 ? kFirstDelay : std::min(delay_ * 2, kMaxDelay);
  ++failures_;
  ++unlogged_;
  Step step{delay_, std::nullopt};
  if (!last_log_ || now - *last_log_ >= kLogInterval) {
    step.log = "accept failed: " + error + " (" + std::to_string(unlogged_) + " failure" + (unlogged_ == 1 ? "" : "s") +
               " since the last report); retrying in " + std::to_string(delay_.count()) + " ms";
    unlogged_ = 0;
    last_log_ = now;
  }
  return step;
}

std::optional<std::string> AcceptBackoff::succeeded() {
  if (failures_ == 0) return std::nullopt;
  std::string line =
      "accepting again after " + std::to_string(failures_) + " failed accept" + (failures_ == 1 ? "" : "s");
  failures_ = 0;
  unlogged_ = 0;
  delay_ = std::chrono::milliseconds(0);
  last_log_.reset();
  return line;
}

std::uint64_t LogThrottle::due(std::chrono::steady_clock::time_point now) {
  ++pending_;
  if (last_ && now - *last_ < interval_) return 0;
  last_ = now;
  return std::exchange(pending_, 0);
}

}  // namespace brethren::server
