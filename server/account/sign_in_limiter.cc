#include "server/account/sign_in_limiter.h"

#include <algorithm>
#include <cmath>

namespace brethren::server {
namespace {

constexpr std::size_t kPruneAddressesAt = 4096;

template <class Map>
void prune_full_buckets(Map& buckets, LimitClock::time_point now) {
  for (auto it = buckets.begin(); it != buckets.end();) it = it->second.full(now) ? buckets.erase(it) : std::next(it);
}

double seconds_between(LimitClock::time_point from, LimitClock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

}  // namespace

SignInLimiter::Decision SignInLimiter::take_address(const std::string& address, LimitClock::time_point now) {
  std::lock_guard lock(mutex_);
  if (addresses_.size() >= kPruneAddressesAt) prune_full_buckets(addresses_, now);
  auto& bucket = addresses_.try_emplace(address, limits_.address_per_second, limits_.address_burst, now).first->second;
  if (bucket.take(1, now)) return {};
  return {Verdict::kAddressLimited, limits_.address_per_second > 0 ? 1 / limits_.address_per_second : kLockSeconds};
}

double SignInLimiter::wait_seconds(int failures, double since_s) const {
  double wait = 0;
  if (failures >= limits_.lock_failures) {
    wait = kLockSeconds;
  } else if (failures >= limits_.free_failures) {
    const int doublings = std::min(failures - limits_.free_failures, 30);
    wait = std::min(kMaxBackoffSeconds, limits_.backoff_s * std::ldexp(1.0, doublings));
  }
  return std::max(0.0, wait - since_s);
}

SignInLimiter::Decision SignInLimiter::check_count(int failures, double since_last_failure_s) const {
  // A clock behind the one that stamped the failure owes no more than the whole wait.
  const double wait = wait_seconds(failures, std::max(0.0, since_last_failure_s));
  if (wait > 0) return {Verdict::kNameBackedOff, wait};
  return {};
}

SignInLimiter::Decision SignInLimiter::check_name(const std::string& key, LimitClock::time_point now) {
  std::lock_guard lock(mutex_);
  auto it = names_.find(key);
  if (it == names_.end()) {
    if (names_.size() >= limits_.max_names) prune(now);
    if (names_.size() >= limits_.max_names) return {Verdict::kFull, kFullRetrySeconds};
    return {};
  }
  const double wait = wait_seconds(it->second.failures, seconds_between(it->second.last_failure, now));
  if (wait > 0) return {Verdict::kNameBackedOff, wait};
  if (it->second.failures >= limits_.lock_failures) it->second.failures = 0;  // the lock has passed
  return {};
}

std::optional<int> SignInLimiter::failed(const std::string& key, LimitClock::time_point now) {
  std::lock_guard lock(mutex_);
  if (names_.size() >= limits_.max_names && !names_.count(key)) return std::nullopt;  // check_name refused it
  Name& name = names_[key];
  ++name.failures;
  name.last_failure = now;
  return name.failures;
}

bool SignInLimiter::succeeded(const std::string& key) {
  std::lock_guard lock(mutex_);
  return names_.erase(key) > 0;
}

void SignInLimiter::restore(const std::string& key, int failures, LimitClock::time_point last_failure) {
  std::lock_guard lock(mutex_);
  if (names_.size() >= limits_.max_names && !names_.count(key)) return;
  names_[key] = Name{failures, last_failure};
}

void SignInLimiter::prune(LimitClock::time_point now) {
  // A name whose last failure is older than any wait it could impose
  // starts afresh: forgetting it changes no answer but the count.
  for (auto it = names_.begin(); it != names_.end();) {
    it = seconds_between(it->second.last_failure, now) > kLockSeconds ? names_.erase(it) : std::next(it);
  }
}

bool AddressQuota::take(const std::string& address, double burst, double per_second, LimitClock::time_point now) {
  std::lock_guard lock(mutex_);
  if (buckets_.size() >= kPruneAddressesAt) prune_full_buckets(buckets_, now);
  return buckets_.try_emplace(address, per_second, burst, now).first->second.take(1, now);
}

}  // namespace brethren::server
