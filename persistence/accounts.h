// Accounts and their sessions (issue #27; the service is server/account/).
// Reads go through a connection of their own (thread-safe, for the
// password pool and the network threads); every write goes through the
// store's writer, so that a change is acknowledged only after its commit,
// like a move. Knows no server: rows of text and numbers.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "persistence/store.h"

namespace brethren::persistence {

struct AccountRecord {
  std::int64_t id = 0;
  std::string username;      // as chosen; empty for a guest
  std::string username_key;  // case-folded, unique; empty for a guest
  std::string display_name;
  std::string password_hash;  // libsodium's crypto_pwhash_str; empty for a guest
  std::int64_t created_at = 0;
  std::int64_t claimed_at = 0;  // 0: a guest
};

struct SessionRecord {
  std::string token_hash;  // SHA-256 of the token, hex; the token is never stored
  std::int64_t account_id = 0;
  std::int64_t created_at = 0;
  std::int64_t last_used_at = 0;
};

class AccountStore {
 public:
  using Done = Store::Done;
  // The error text of a claim whose username is taken, and of a claim of an
  // account that is no longer a guest.
  static constexpr const char* kUsernameTaken = "username taken";
  static constexpr const char* kNotAGuest = "not a guest account";

  // `path`: the store's database (read through a connection of its own).
  AccountStore(Store& store, const std::string& path);
  ~AccountStore();

  // --- Reads (any thread) ---
  std::optional<AccountRecord> account(std::int64_t id) const;
  std::optional<AccountRecord> account_by_key(const std::string& username_key) const;
  std::optional<SessionRecord> session(const std::string& token_hash) const;
  // The accounts seated in this database's rooms that have not expired
  // (each once): in a cluster, the guests among them are held from purging.
  std::vector<std::int64_t> seated_accounts() const;
  // In a cluster: how far this node has followed the shared list of deleted
  // and purged accounts (the last position applied and the account listed
  // there); nullopt before the first save.
  struct FollowedDeletions {
    std::int64_t position = 0;
    std::int64_t account_id = 0;
  };
  std::optional<FollowedDeletions> followed_deletions() const;

  // --- Writes, through the store's writer ---
  // A new account with its first session.
  void create(AccountRecord account, SessionRecord session, Done done);
  // A new session, and optionally (non-empty) a re-computed password hash.
  void add_session(SessionRecord session, std::string rehashed_password, Done done);
  void touch_session(std::string token_hash, std::int64_t at, Done done);
  // Guest to claimed: fails with kUsernameTaken or kNotAGuest.
  void claim(std::int64_t id, std::string username, std::string username_key, std::string password_hash,
             std::int64_t at, Done done);
  // A new password; every session of the account but `keep_session` ends.
  void set_password(std::int64_t id, std::string password_hash, std::string keep_session, Done done);
  void delete_session(std::string token_hash, Done done);
  void delete_sessions(std::int64_t account_id, Done done);
  // The account and its sessions go; its seats show `deleted_name` and no
  // longer name it (the matches stay replayable).
  void delete_account(std::int64_t id, std::string deleted_name, Done done);
  // Housekeeping: sessions idle since before `idle_before` or created before
  // `created_before`.
  void delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before, Done done);
  // Housekeeping: guest accounts (never claimed) made before `unused_since`,
  // with no session used since then and no seat in a room that has not
  // expired (a finished room may still rematch), at most `limit` of them:
  // their sessions and ratings go, their seats keep the names they show and
  // name no account (the matches stay replayable), and so do their places in
  // match_players. `purged` (if any) receives how many went.
  void purge_guests(std::int64_t unused_since, int limit, std::shared_ptr<std::int64_t> purged, Done done);
  // In a cluster, guests purged in the shared store: the seats and
  // match_players rows naming them keep the names they show and name no
  // account. Idempotent; one commit.
  void forget_accounts(std::vector<std::int64_t> ids, Done done);
  // Saves how far the list has been followed (after its rewrites committed:
  // they are idempotent, so a crash in between repeats them, never skips).
  void save_followed_deletions(FollowedDeletions followed, Done done);

 private:
  Store& store_;
  std::unique_ptr<Connection> reader_;
  mutable std::mutex mutex_;
};

}  // namespace brethren::persistence
