// Consecutive failed sign-ins per username key (issue #27 item 3; the
// limiter is server/account/sign_in_limiter.h), so that a restart keeps a
// name's back-off and lock. A row per name the limiter tracks, whether or
// not an account has it: an unknown name is stored exactly like a real one
// (the rows tell nothing about which names exist), and the limiter bounds
// how many names it tracks, so the rows are bounded too. Writes go through
// the store's writer; the read is made once, at start-up. Knows no server.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "persistence/store.h"

namespace brethren::persistence {

struct SignInFailureRecord {
  std::string name_key;
  int failures = 0;
  std::int64_t last_failure_at = 0;  // Unix ms
};

class SignInFailureStore {
 public:
  using Done = Store::Done;

  // `path`: the store's database (read at start-up through a connection of
  // its own).
  SignInFailureStore(Store& store, std::string path) : store_(store), path_(std::move(path)) {}

  // The rows whose last failure is at or after `since`, the most recent
  // first, at most `limit`.
  std::vector<SignInFailureRecord> load(std::int64_t since, std::size_t limit) const;
  // The name's count and last failure, as they are now.
  void record(SignInFailureRecord record, Done done);
  // A success: the name starts afresh.
  void clear(std::string name_key, Done done);
  // Rows whose last failure is before `before` (they impose no wait any more).
  void prune(std::int64_t before, Done done);

 private:
  Store& store_;
  const std::string path_;
};

}  // namespace brethren::persistence
