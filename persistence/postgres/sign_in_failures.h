// Consecutive failed sign-ins per username key in the shared PostgreSQL of
// a cluster (issue #27 item 3; docs/accounts.md "Accounts in a cluster"),
// so that a name's back-off and lock hold on every node: guesses spread over
// the nodes count as one series. A row per name, whether or not an account
// has it (an unknown name is kept exactly like a real one), at most `limit`
// fresh rows (the caller refuses new names past it: fail closed). Times are
// Unix milliseconds of the nodes' wall clocks. Every call is one statement
// (a round trip): the server makes them from a worker, never from a network
// thread or a room's strand. Knows no server.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "persistence/postgres/pool.h"

namespace brethren::persistence::postgres {

class SignInFailureStore {
 public:
  struct Count {
    int failures = 0;                  // 0: none counted
    std::int64_t last_failure_at = 0;  // with failures
    bool full = false;                 // none counted, and `limit` names are: a new one may not be
  };

  explicit SignInFailureStore(Pool& pool) : pool_(pool) {}

  // The name's count; a count whose last failure is before `forget_before`
  // is none (it imposes no wait any more).
  Count read(const std::string& name_key, std::int64_t forget_before, std::size_t limit) const;
  // One more failure at `at`, atomically (nodes counting at once lose none);
  // a count whose last failure is before `forget_before` starts again. The
  // new count, or nullopt when the name had none and `limit` names are
  // counted already (nothing stored).
  std::optional<int> failed(const std::string& name_key, std::int64_t at, std::int64_t forget_before,
                            std::size_t limit);
  // A success: the name starts afresh. True when it had a row.
  bool clear(const std::string& name_key);
  // Rows whose last failure is before `before`; how many went.
  std::int64_t prune(std::int64_t before);

 private:
  Pool& pool_;
};

}  // namespace brethren::persistence::postgres
