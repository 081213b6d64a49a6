#include "server/account/shared_account_records.h"

#include "persistence/postgres/account_store.h"
#include "persistence/postgres/sign_in_failures.h"
#include "server/base/unix_time.h"

namespace brethren::server {
namespace {

using persistence::AccountRecord;
using persistence::SessionRecord;

// Runs a write and reports it: committed, refused (the conflict's text, as
// the SQLite store reports it) or failed.
template <typename Write>
void report(Write&& write, const AccountRecords::Done& done) {
  try {
    write();
  } catch (const persistence::postgres::AccountConflict& e) {
    return done(false, e.what());
  } catch (const persistence::postgres::ConnectionError& e) {
    return done(false, std::string(AccountRecords::kUnavailable) + "PostgreSQL: " + e.what());
  } catch (const std::exception& e) {
    return done(false, std::string("PostgreSQL: ") + e.what());
  }
  done(true, {});
}

class SharedFailures final : public SharedSignInFailures {
 public:
  explicit SharedFailures(persistence::postgres::Pool& pool) : store_(pool) {}

  Count read(const std::string& key, std::int64_t forget_before, std::size_t limit) override {
    const auto count = persistence::postgres::or_unavailable([&] { return store_.read(key, forget_before, limit); });
    return Count{count.failures, count.last_failure_at, count.full};
  }
  std::optional<int> failed(const std::string& key, std::int64_t at, std::int64_t forget_before,
                            std::size_t limit) override {
    return store_.failed(key, at, forget_before, limit);
  }
  void succeeded(const std::string& key) override { store_.clear(key); }
  void prune(std::int64_t before) override { store_.prune(before); }

 private:
  persistence::postgres::SignInFailureStore store_;
};

class SharedAccountRecords final : public AccountRecords {
 public:
  SharedAccountRecords(persistence::postgres::Pool& pool, persistence::Store& store, const std::string& db_path)
      : shared_(pool), local_(store, db_path), failures_(pool) {}

  bool blocking() const override { return true; }
  // PostgreSQL out of reach: persistence::StoreUnavailable (SERVER_BUSY, not INTERNAL).
  std::optional<AccountRecord> account(std::int64_t id) const override {
    return persistence::postgres::or_unavailable([&] { return shared_.account(id); });
  }
  std::optional<AccountRecord> account_by_key(const std::string& key) const override {
    return persistence::postgres::or_unavailable([&] { return shared_.account_by_key(key); });
  }
  std::optional<SessionRecord> session(const std::string& hash) const override {
    return persistence::postgres::or_unavailable([&] { return shared_.session(hash); });
  }
  void create(AccountRecord account, SessionRecord session, Done done) override {
    report([&] { shared_.create(account, session); }, done);
  }
  void add_session(SessionRecord session, std::string rehashed, Done done) override {
    report([&] { shared_.add_session(session, rehashed); }, done);
  }
  void touch_session(std::string hash, std::int64_t at, Done done) override {
    report([&] { shared_.touch_session(hash, at); }, done);
  }
  void claim(std::int64_t id, std::string username, std::string key, std::string password_hash, std::int64_t at,
             Done done) override {
    report([&] { shared_.claim(id, username, key, password_hash, at); }, done);
  }
  void set_password(std::int64_t id, std::string password_hash, std::string keep, Done done) override {
    report([&] { shared_.set_password(id, password_hash, keep); }, done);
  }
  void delete_session(std::string hash, Done done) override {
    report([&] { shared_.delete_session(hash); }, done);
  }
  void delete_sessions(std::int64_t id, Done done) override {
    report([&] { shared_.delete_sessions(id); }, done);
  }
  void delete_account(std::int64_t id, std::string deleted_name, Done done) override {
    try {
      shared_.delete_account(id, unix_millis());
    } catch (const persistence::postgres::ConnectionError& e) {
      return done(false, std::string(kUnavailable) + "PostgreSQL: " + e.what());
    } catch (const std::exception& e) {
      return done(false, std::string("PostgreSQL: ") + e.what());
    }
    // The account is gone for every node; this node's seats follow (no
    // accounts row here: the statement rewrites the seats only).
    local_.delete_account(id, std::move(deleted_name), std::move(done));
  }
  void delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before, Done done) override {
    report([&] { shared_.delete_expired_sessions(idle_before, created_before); }, done);
  }
  void purge_guests(std::int64_t unused_since, int limit, std::shared_ptr<std::int64_t> purged, Done done) override {
    report(
        [&] {
          const auto count = shared_.purge_guests(unused_since, limit, unix_millis());
          if (purged) *purged = count;
        },
        done);
  }
  void hold_seated_guests(std::int64_t at, const Done& done) override {
    report([&] { shared_.hold_guests(local_.seated_accounts(), at); }, done);
  }
  SharedSignInFailures* shared_sign_in_failures() override { return &failures_; }

 private:
  persistence::postgres::AccountStore shared_;
  persistence::AccountStore local_;
  SharedFailures failures_;
};

}  // namespace

std::unique_ptr<AccountRecords> shared_account_records(persistence::postgres::Pool& pool, persistence::Store& store,
                                                       const std::string& db_path) {
  return std::make_unique<SharedAccountRecords>(pool, store, db_path);
}

}  // namespace brethren::server
