// Guessing passwords, bounded (NIST SP 800-63B 5.2.2): per source address,
// a token bucket of attempts; per username, consecutive failures back off
// (after `free_failures`, `backoff` seconds doubling up to 15 minutes) and
// at `lock_failures` the name is locked for a day. Counted by the name's
// key whether or not an account has it, so that the answers (and their
// timing) are the same for an unknown name and a real one. In memory:
// at most kMaxNames names are tracked (when that many are fresh, attempts
// on new names are refused: fail closed); a restart forgets (docs/accounts.md).
// Thread-safe.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/base/rate_limiter.h"

namespace brethren::server {

struct SignInLimits {
  double address_burst = 20;             // attempts an address may make at once ...
  double address_per_second = 20 / 60.;  // ... refilled at this rate
  int free_failures = 5;
  double backoff_s = 1;
  int lock_failures = 100;
};

class SignInLimiter {
 public:
  static constexpr std::size_t kMaxNames = 100000;
  static constexpr double kMaxBackoffSeconds = 15 * 60;
  static constexpr double kLockSeconds = 24 * 3600;

  enum class Verdict { kAllowed, kAddressLimited, kNameBackedOff, kFull };
  struct Decision {
    Verdict verdict = Verdict::kAllowed;
    double retry_after_s = 0;
  };

  explicit SignInLimiter(SignInLimits limits) : limits_(limits) {}

  // One attempt from `address` (any request that hashes a password).
  Decision take_address(const std::string& address, LimitClock::time_point now = LimitClock::now());
  // May the name be tried now?
  Decision check_name(const std::string& key, LimitClock::time_point now = LimitClock::now());
  void failed(const std::string& key, LimitClock::time_point now = LimitClock::now());
  void succeeded(const std::string& key);

 private:
  struct Name {
    int failures = 0;
    LimitClock::time_point last_failure{};
  };
  double wait_seconds(const Name& name, LimitClock::time_point now) const;
  void prune(LimitClock::time_point now);

  const SignInLimits limits_;
  std::mutex mutex_;
  std::unordered_map<std::string, TokenBucket> addresses_;
  std::unordered_map<std::string, Name> names_;
};

// Accounts created per source address (guests): a token bucket each.
class AddressQuota {
 public:
  bool take(const std::string& address, double burst, double per_second,
            LimitClock::time_point now = LimitClock::now());

 private:
  std::mutex mutex_;
  std::unordered_map<std::string, TokenBucket> buckets_;
};

}  // namespace brethren::server
