#include "server/account/account_records.h"

namespace brethren::server {
namespace {

using persistence::AccountRecord;
using persistence::SessionRecord;

class LocalAccountRecords final : public AccountRecords {
 public:
  LocalAccountRecords(persistence::Store& store, const std::string& db_path) : store_(store, db_path) {}

  bool blocking() const override { return false; }
  std::optional<AccountRecord> account(std::int64_t id) const override { return store_.account(id); }
  std::optional<AccountRecord> account_by_key(const std::string& key) const override {
    return store_.account_by_key(key);
  }
  std::optional<SessionRecord> session(const std::string& hash) const override { return store_.session(hash); }
  void create(AccountRecord account, SessionRecord session, Done done) override {
    store_.create(std::move(account), std::move(session), std::move(done));
  }
  void add_session(SessionRecord session, std::string rehashed, Done done) override {
    store_.add_session(std::move(session), std::move(rehashed), std::move(done));
  }
  void touch_session(std::string hash, std::int64_t at, Done done) override {
    store_.touch_session(std::move(hash), at, std::move(done));
  }
  void claim(std::int64_t id, std::string username, std::string key, std::string password_hash, std::int64_t at,
             Done done) override {
    store_.claim(id, std::move(username), std::move(key), std::move(password_hash), at, std::move(done));
  }
  void set_password(std::int64_t id, std::string password_hash, std::string keep, Done done) override {
    store_.set_password(id, std::move(password_hash), std::move(keep), std::move(done));
  }
  void delete_session(std::string hash, Done done) override { store_.delete_session(std::move(hash), std::move(done)); }
  void delete_sessions(std::int64_t id, Done done) override { store_.delete_sessions(id, std::move(done)); }
  void delete_account(std::int64_t id, std::string deleted_name, Done done) override {
    store_.delete_account(id, std::move(deleted_name), std::move(done));
  }
  void delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before, Done done) override {
    store_.delete_expired_sessions(idle_before, created_before, std::move(done));
  }
  void purge_guests(std::int64_t unused_since, int limit, std::shared_ptr<std::int64_t> purged, Done done) override {
    store_.purge_guests(unused_since, limit, std::move(purged), std::move(done));
  }

 private:
  persistence::AccountStore store_;
};

}  // namespace

std::unique_ptr<AccountRecords> local_account_records(persistence::Store& store, const std::string& db_path) {
  return std::make_unique<LocalAccountRecords>(store, db_path);
}

}  // namespace brethren::server
