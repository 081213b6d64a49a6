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

// An entry of the list every node follows: an account deleted (its seats
// show "deleted player") or a guest purged (its seats keep their name).
struct DeletedAccount {
  std::int64_t position = 0;
  std::int64_t account_id = 0;
  bool purged = false;
};

class AccountStore {
 public:
  // Guests marked held per statement (hold_guests).
  static constexpr std::size_t kHoldBatch = 1000;

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
  // Accounts deleted or purged after position `after` (0: from the first),
  // in that order, at most `limit`.
  std::vector<DeletedAccount> deleted_since(std::int64_t after, std::size_t limit) const;
  // The account listed at `position`, if any (a node checks that the list
  // it followed before a restart is this one: a restored dump reuses
  // positions for other accounts).
  std::optional<std::int64_t> listed_at(std::int64_t position) const;
  // The guests among `ids` (a node's accounts seated in its rooms that have
  // not expired) are held at `at`: purge_guests keeps a guest held since its
  // cutoff. Claimed and missing ids are left alone; kHoldBatch per statement.
  void hold_guests(const std::vector<std::int64_t>& ids, std::int64_t at);
  // Housekeeping, persistence::AccountStore::purge_guests for the cluster:
  // guest accounts made before `unused_since`, with no session used and not
  // held since then, at most `limit`, go with their sessions, ratings and
  // match rows, and join deleted_accounts as purged (at `at`), in one
  // transaction; every node then unbinds its seats from them. Rows another
  // transaction holds (a claim, a rating) are skipped this time. Returns
  // how many went.
  std::int64_t purge_guests(std::int64_t unused_since, int limit, std::int64_t at);
  // Housekeeping: sessions idle since before `idle_before` or created before `created_before`.
  void delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before);

 private:
  Pool& pool_;
};

}  // namespace brethren::persistence::postgres
