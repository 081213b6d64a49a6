// Where the account service keeps accounts and sessions: this node's SQLite
// (persistence::AccountStore) or, in a cluster, the PostgreSQL all nodes
// share (persistence::postgres::AccountStore, with --accounts-postgres).
// The same records and error texts either way; the service asks blocking()
// to know whether a call may wait for a network round trip, in which case
// it calls only from its workers (docs/accounts.md, "Accounts in a cluster").
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "persistence/accounts.h"
#include "server/account/shared_sign_in_failures.h"

namespace brethren::server {

// What a client is told while the store cannot be reached (SERVER_BUSY).
inline constexpr const char* kAccountsUnavailable = "the accounts service is unavailable; try again shortly";

class AccountRecords {
 public:
  // Called once the change committed (ok) or did not happen (the error's
  // text: AccountStore::kUsernameTaken, kNotAGuest, or why it failed; it
  // starts with kUnavailable when the store could not be reached).
  using Done = persistence::AccountStore::Done;
  static constexpr const char* kUnavailable = "store unavailable: ";
  static bool unavailable(const std::string& why) { return why.rfind(kUnavailable, 0) == 0; }
  virtual ~AccountRecords() = default;

  // True when a call blocks for a round trip (writes commit before they
  // return): never call from a network thread or a room's strand.
  virtual bool blocking() const = 0;

  // The reads throw persistence::StoreUnavailable when the store cannot be
  // reached, another exception when it fails otherwise.
  virtual std::optional<persistence::AccountRecord> account(std::int64_t id) const = 0;
  virtual std::optional<persistence::AccountRecord> account_by_key(const std::string& username_key) const = 0;
  virtual std::optional<persistence::SessionRecord> session(const std::string& token_hash) const = 0;

  virtual void create(persistence::AccountRecord account, persistence::SessionRecord session, Done done) = 0;
  virtual void add_session(persistence::SessionRecord session, std::string rehashed_password, Done done) = 0;
  virtual void touch_session(std::string token_hash, std::int64_t at, Done done) = 0;
  virtual void claim(std::int64_t id, std::string username, std::string username_key, std::string password_hash,
                     std::int64_t at, Done done) = 0;
  virtual void set_password(std::int64_t id, std::string password_hash, std::string keep_session, Done done) = 0;
  virtual void delete_session(std::string token_hash, Done done) = 0;
  virtual void delete_sessions(std::int64_t account_id, Done done) = 0;
  // The account and its sessions go; this node's seats show `deleted_name`.
  virtual void delete_account(std::int64_t id, std::string deleted_name, Done done) = 0;
  virtual void delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before, Done done) = 0;
  // Unused guests (persistence::AccountStore::purge_guests). The shared
  // store keeps the guests some node marked held since `unused_since`
  // (hold_seated_guests), and every node then unbinds its seats from the
  // purged (DeletedAccountsFollower).
  virtual void purge_guests(std::int64_t unused_since, int limit, std::shared_ptr<std::int64_t> purged, Done done) = 0;
  // Housekeeping before the purge, on every node whatever its retention:
  // the guests seated in this node's rooms that have not expired are
  // marked held at `at` where the nodes share the accounts, so that no
  // node's purge takes them. Calls `done` before it returns. A single
  // node's purge reads its own seats: nothing to do.
  virtual void hold_seated_guests(std::int64_t /*at*/, const Done& done) { done(true, {}); }
  // The failed sign-ins per name, when the nodes share them (the shared
  // store); nullptr: this node counts its own (its limiter and SQLite).
  virtual SharedSignInFailures* shared_sign_in_failures() { return nullptr; }
};

// This node's SQLite: reads on a connection of their own, writes through
// the store's writer (answered after its commit).
std::unique_ptr<AccountRecords> local_account_records(persistence::Store& store, const std::string& db_path);

}  // namespace brethren::server
