// Guessing passwords, bounded (NIST SP 800-63B 5.2.2): per source address,
// a token bucket of attempts; per username, consecutive failures back off
// (after `free_failures`, `backoff` seconds doubling up to 15 minutes) and
// at `lock_failures` the name is locked for a day. Counted by the name's
// key whether or not an account has it, so that the answers (and their
// timing) are the same for an unknown name and a real one. At most
// `max_names` names are tracked (when that many are fresh, attempts on new
// names are refused: fail closed). The counts live here; the service stores
// each change (persistence/sign_in_failures.h) and restores them at start-up,
// so a restart keeps them; the address buckets are not stored
// (docs/accounts.md). In a cluster the nodes share the counts in PostgreSQL
// instead, and decide on them with check_count(); the address buckets stay
// each node's. Thread-safe.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <optional>
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
  std::size_t max_names = 100000;  // names tracked at most
};

class SignInLimiter {
 public:
  static constexpr double kMaxBackoffSeconds = 15 * 60;
  static constexpr double kLockSeconds = 24 * 3600;
  static constexpr double kFullRetrySeconds = 60;  // the retry time of kFull

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
  // A failure on the name: its new count, or nullopt when the name is not
  // tracked (every tracked name is full and fresh: check_name refused it).
  std::optional<int> failed(const std::string& key, LimitClock::time_point now = LimitClock::now());
  // A success: the name starts afresh. True when it had failures.
  bool succeeded(const std::string& key);
  // Start-up: a stored count (within the bound, most recent first).
  void restore(const std::string& key, int failures, LimitClock::time_point last_failure);
  // May a name be tried now whose count is kept elsewhere (a cluster's
  // shared store): `failures` consecutive failures, the last one
  // `since_last_failure_s` seconds ago. The rule check_name applies.
  Decision check_count(int failures, double since_last_failure_s) const;

 private:
  struct Name {
    int failures = 0;
    LimitClock::time_point last_failure{};
  };
  // The wait still owed after `failures`, the last `since_s` seconds ago.
  double wait_seconds(int failures, double since_s) const;
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
