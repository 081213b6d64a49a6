// Room creations per source address: a token bucket per address, shared by
// all of that address's connections (a client that opens new connections
// does not get new rooms). Thread-safe.
#pragma once

#include <mutex>
#include <string>
#include <unordered_map>

#include "server/base/rate_limiter.h"

namespace brethren::server {

class RoomQuota {
 public:
  // Takes one room from `address`'s bucket (`burst` rooms, refilled at
  // `per_second`); false when it is empty.
  bool take(const std::string& address, double burst, double per_second,
            LimitClock::time_point now = LimitClock::now()) {
    std::lock_guard lock(mutex_);
    if (buckets_.size() >= kPruneAt) prune(now);
    auto it = buckets_.try_emplace(address, per_second, burst, now).first;
    return it->second.take(1, now);
  }

 private:
  // Full buckets hold nothing worth keeping: a new one would be the same.
  void prune(LimitClock::time_point now) {
    for (auto it = buckets_.begin(); it != buckets_.end();) {
      it = it->second.full(now) ? buckets_.erase(it) : std::next(it);
    }
  }

  static constexpr std::size_t kPruneAt = 4096;
  std::mutex mutex_;
  std::unordered_map<std::string, TokenBucket> buckets_;
};

}  // namespace brethren::server
