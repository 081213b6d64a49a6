// Accounts and sessions in the shared PostgreSQL of a cluster: the
// operations of persistence::AccountStore (persistence/accounts.h) with the
// same records and the same error texts, for nodes that must all see the
// same accounts. Every write is one transaction and returns only after its
// COMMIT (or throws: nothing was changed); reads and writes may come from
// any thread (each takes a connection of the pool). Calls block for a round
// trip or more: the server makes them from a worker, never from a network
// thread or a room's strand.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "persistence/accounts.h"
#include "persistence/postgres/pool.h"

namespace brethren::persistence::postgres {

// A claim refused: what() is AccountStore::kUsernameTaken or kNotAGuest.
class AccountConflict : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class AccountStore {
 public:
  explicit AccountStore(Pool& pool) : pool_(pool) {}

  // --- Reads ---
  std::optional<AccountRecord> account(std::int64_t id) const;
  std::optional<AccountRecord> account_by_key(const std::string& username_key) const;
  std::optional<SessionRecord> session(const std::string& token_hash) const;

  // --- Writes ---
  // A new account with its first session. A taken username key: AccountConflict(kUsernameTaken).
  void create(const AccountRecord& account, const SessionRecord& session);
  // A new session, and optionally (non-empty) a re-computed password hash.
  void add_session(const SessionRecord& session, const std::string& rehashed_password);
  void touch_session(const std::string& token_hash, std::int64_t at);
  // Guest to claimed: AccountConflict(kUsernameTaken) when another account has
  // the key (whatever the case it was typed in), AccountConflict(kNotAGuest)
  // when this one is claimed already or gone.
  void claim(std::int64_t id, const std::string& username, const std::string& username_key,
             const std::string& password_hash, std::int64_t at);
  // A new password; every session of the account but `keep_session` ends.
  void set_password(std::int64_t id, const std::string& password_hash, const std::string& keep_session);
  void delete_session(const std::string& token_hash);
  void delete_sessions(std::int64_t account_id);
  // The account goes with its sessions, ratings and match rows, and its id
  // joins deleted_accounts in the same transaction. Its seats live in the
  // nodes' own databases: each node anonymises them
  // (persistence::AccountStore::delete_account), the others when they read
  // deleted_since.
  void delete_account(std::int64_t id, std::int64_t at);
  // Accounts deleted after position `after` (0: from the first), in the
  // order of their deletion, at most `limit`: {position, account id}.
  std::vector<std::pair<std::int64_t, std::int64_t>> deleted_since(std::int64_t after, std::size_t limit) const;
  // Housekeeping: sessions idle since before `idle_before` or created before `created_before`.
  void delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before);

 private:
  Pool& pool_;
};

}  // namespace brethren::persistence::postgres
