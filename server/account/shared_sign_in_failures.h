// Consecutive failed sign-ins per username key kept where every node of a
// cluster counts them (--accounts-postgres: persistence/postgres/
// sign_in_failures.h), instead of each node's limiter and SQLite. The
// service decides on a name's count with SignInLimiter::check_count. Every
// call blocks for a round trip: made from the account workers or the
// password pool, never from a network thread or a room's strand; a call
// that cannot reach the store throws.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace brethren::server {

class SharedSignInFailures {
 public:
  struct Count {
    int failures = 0;                  // 0: none counted
    std::int64_t last_failure_at = 0;  // Unix ms, with failures
    bool full = false;                 // none counted, and `limit` names are: a new one is refused
  };
  virtual ~SharedSignInFailures() = default;

  // Counts whose last failure is before `forget_before` (Unix ms) are none.
  virtual Count read(const std::string& key, std::int64_t forget_before, std::size_t limit) = 0;
  // One more failure at `at`: the new count; nullopt when not counted (the bound).
  virtual std::optional<int> failed(const std::string& key, std::int64_t at, std::int64_t forget_before,
                                    std::size_t limit) = 0;
  // A success: the name starts afresh.
  virtual void succeeded(const std::string& key) = 0;
  // Counts whose last failure is before `before` go.
  virtual void prune(std::int64_t before) = 0;
};

}  // namespace brethren::server
