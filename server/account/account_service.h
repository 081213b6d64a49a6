// The account requests of the protocol (docs/accounts.md): guests,
// sign-in, claim, password change, sign-out, deletion, sessions. Called by
// a connection (server/net/ws_session.cc) with what the connection knows
// (its address and the session it is signed in with); answers through a
// callback, once, from any thread: the connection posts it to its strand.
//
// Where the work happens: password hashes (and the reads they need) on the
// password pool, never on a network thread; every change through the
// store's writer, answered only after its commit; cheap reads (a session by
// its token's hash) where the request arrives.
#pragma once

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "brethren/v1/protocol.pb.h"
#include "persistence/accounts.h"
#include "persistence/sign_in_failures.h"
#include "persistence/store_unavailable.h"
#include "server/account/account_records.h"
#include "server/account/password_hasher.h"
#include "server/account/password_pool.h"
#include "server/account/sign_in_limiter.h"
#include "server/account/signed_in_connections.h"
#include "server/base/config.h"
#include "server/base/metrics.h"

namespace brethren::server {

// The session a connection is signed in with.
struct AccountBinding {
  std::int64_t account_id = 0;
  std::string session_hash;
};

struct AccountReply {
  enum class Binding { kKeep, kBind, kUnbind };
  v1::ServerMessage message;
  Binding binding = Binding::kKeep;
  AccountBinding bound;  // with kBind
};

class AccountService {
 public:
  using Reply = std::function<void(AccountReply)>;
  // The name seats of a deleted account show.
  static constexpr const char* kDeletedName = "deleted player";

  // `db_path`: the store's database (read through a connection of its own).
  // `records`: where accounts and sessions are kept (this node's SQLite when
  // null). Throws when libsodium or the database cannot be used.
  AccountService(const Config& config, persistence::Store& store, const std::string& db_path, Metrics& metrics,
                 std::unique_ptr<AccountRecords> records = nullptr);
  ~AccountService();

  // True for the requests this service answers.
  static bool handles(const v1::ClientMessage& message);
  void handle(std::uint64_t request_id, const v1::ClientMessage& message, const std::string& address,
              const AccountBinding* bound, Reply reply);
  // Server shutdown: queued hashes are dropped, running ones finish.
  void stop();
  // The account a connection is signed in to, if its session is still live
  // (read now: a session ended elsewhere ends here); throws when the
  // database cannot be read (persistence::StoreUnavailable when the shared
  // store is out of reach: answer SERVER_BUSY). For room requests that seat by account.
  // With a blocking store (blocking()) this reads the shared PostgreSQL:
  // call it from a job of run_blocking() only.
  std::optional<persistence::AccountRecord> signed_in(const AccountBinding& bound) const { return current(&bound); }
  // True when the store is shared (PostgreSQL): what reads it runs through
  // run_blocking(), never on a network thread or a room's strand.
  bool blocking() const { return store_pool_ != nullptr; }
  // Runs `job` on the account workers (with a blocking store); false when
  // their queue is full or they stopped (`job` dropped).
  bool run_blocking(std::function<void()> job) { return store_pool_ && store_pool_->submit(std::move(job)); }
  // This node's signed-in connections: told when their sessions end.
  SignedInConnections& connections() { return connections_; }

 private:
  struct Current;
  void create_guest(std::uint64_t rid, const v1::CreateGuest& m, const std::string& address, Reply& reply);
  void sign_in(std::uint64_t rid, const v1::SignIn& m, const std::string& address, Reply& reply);
  void authenticate(std::uint64_t rid, const v1::Authenticate& m, Reply& reply);
  void claim(std::uint64_t rid, const v1::ClaimAccount& m, const std::string& address, const AccountBinding* bound,
             Reply& reply);
  void change_password(std::uint64_t rid, const v1::ChangePassword& m, const std::string& address,
                       const AccountBinding* bound, Reply& reply);
  void sign_out(std::uint64_t rid, const v1::SignOut& m, const AccountBinding* bound, Reply& reply);
  void delete_account(std::uint64_t rid, const v1::DeleteAccount& m, const std::string& address,
                      const AccountBinding* bound, Reply& reply);
  void get_account(std::uint64_t rid, const AccountBinding* bound, Reply& reply);

  // The signed-in account, if the binding's session is still live.
  std::optional<persistence::AccountRecord> current(const AccountBinding* bound) const;
  bool session_live(const persistence::SessionRecord& session, std::int64_t now) const;
  // Takes an attempt from the address and checks the name; an error reply
  // (sent) when either refuses.
  bool admit(std::uint64_t rid, const std::string& address, const std::string* name_key, Reply& reply);
  // May the name be tried now: by this node's limiter, or by the count the
  // nodes share (read from the shared store: a worker's call).
  SignInLimiter::Decision check_name(const std::string& key);
  // True once an hour or so: time to drop the stored failures older than any wait.
  bool prune_due(std::int64_t now);
  void dispatch(std::uint64_t rid, const v1::ClientMessage& message, const std::string& address,
                const AccountBinding* bound, Reply& reply);
  // Runs `job` on the password pool, or answers SERVER_BUSY.
  void on_pool(std::uint64_t rid, Reply& reply, std::function<void(Reply&)> job);
  // A new session for `account_id`: its token and its record.
  std::pair<std::string, persistence::SessionRecord> new_session(std::int64_t account_id) const;
  v1::ServerMessage error(std::uint64_t rid, v1::ErrorCode code, std::string text) const;
  // A change that did not happen (a Done's `why`): SERVER_BUSY while the
  // store is out of reach (AccountRecords::unavailable), else INTERNAL.
  v1::ServerMessage not_stored(std::uint64_t rid, const std::string& why) const;
  v1::ServerMessage session_reply(std::uint64_t rid, const persistence::AccountRecord& account,
                                  const std::string& token, const persistence::SessionRecord& session) const;
  static v1::ServerMessage info_reply(std::uint64_t rid, const persistence::AccountRecord& account);
  // Failed and successful password checks on a name: counted by the
  // limiter and stored (persistence/sign_in_failures.h), or counted in the
  // store the nodes share. `then` runs once the failure is stored (or could
  // not be), so that a restart cannot forget a failure already answered.
  void password_failed(const std::string& key, std::function<void()> then);
  void password_succeeded(const std::string& key);
  // Start-up: the stored counts back into the limiter (with shared counts:
  // the old ones pruned, nothing to restore).
  void restore_failures();
  // Housekeeping, on a thread of its own (at start-up, then every tenth of
  // the guest retention, between 50 ms and an hour): expired sessions and
  // unused guests (--guest-retention-days) are deleted.
  void housekeep();
  void housekeeping_loop();

  const Config& config_;
  Metrics& metrics_;
  std::unique_ptr<AccountRecords> records_;
  AccountRecords& accounts_;
  SharedSignInFailures* const shared_failures_;  // null: this node's limiter counts the names
  persistence::SignInFailureStore failures_;
  SignedInConnections connections_;
  std::mutex housekeeping_mutex_;
  std::condition_variable housekeeping_wake_;
  bool housekeeping_stop_ = false;
  std::thread housekeeper_;
  std::atomic<std::int64_t> failures_pruned_at_{0};  // Unix ms of the last prune of stored failures
  const PasswordHasher hasher_;
  SignInLimiter limiter_;
  AddressQuota guests_;
  // Last: their threads are joined first, before what their jobs use goes.
  PasswordPool pool_;
  // With a blocking store: the account requests' and session checks' calls to it.
  std::unique_ptr<PasswordPool> store_pool_;
};

}  // namespace brethren::server
