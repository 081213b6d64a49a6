#include "persistence/accounts.h"

#include <stdexcept>

#include "persistence/sqlite.h"

namespace brethren::persistence {
namespace {

#define ACCOUNT_COLUMNS "id, username, COALESCE(username_key, ''), display_name, password_hash, created_at, claimed_at"

AccountRecord account_from(Statement& st) {
  return AccountRecord{st.column_int(0),  st.column_text(1), st.column_text(2), st.column_text(3),
                       st.column_text(4), st.column_int(5),  st.column_int(6)};
}

void insert_session(Connection& db, const SessionRecord& s) {
  db.prepare("INSERT INTO sessions (token_hash, account_id, created_at, last_used_at) VALUES (?1, ?2, ?3, ?4)")
      .bind(1, s.token_hash)
      .bind(2, s.account_id)
      .bind(3, s.created_at)
      .bind(4, s.last_used_at)
      .run();
}

int changes(Connection& db) { return sqlite3_changes(db.handle()); }

}  // namespace

AccountStore::AccountStore(Store& store, const std::string& path)
    : store_(store), reader_(std::make_unique<Connection>(path, true)) {}

AccountStore::~AccountStore() = default;

std::optional<AccountRecord> AccountStore::account(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  auto st = reader_->prepare("SELECT " ACCOUNT_COLUMNS " FROM accounts WHERE id = ?1");
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  return account_from(st);
}

std::optional<AccountRecord> AccountStore::account_by_key(const std::string& username_key) const {
  std::lock_guard lock(mutex_);
  auto st = reader_->prepare("SELECT " ACCOUNT_COLUMNS " FROM accounts WHERE username_key = ?1");
  st.bind(1, username_key);
  if (!st.step()) return std::nullopt;
  return account_from(st);
}

std::optional<SessionRecord> AccountStore::session(const std::string& token_hash) const {
  std::lock_guard lock(mutex_);
  auto st =
      reader_->prepare("SELECT token_hash, account_id, created_at, last_used_at FROM sessions WHERE token_hash = ?1");
  st.bind(1, token_hash);
  if (!st.step()) return std::nullopt;
  return SessionRecord{st.column_text(0), st.column_int(1), st.column_int(2), st.column_int(3)};
}

std::vector<std::int64_t> AccountStore::seated_accounts() const {
  std::lock_guard lock(mutex_);
  auto st = reader_->prepare(
      "SELECT DISTINCT t.account_id FROM seats t JOIN rooms r ON r.code = t.room_code "
      "WHERE t.account_id <> 0 AND r.status <> 'expired'");
  std::vector<std::int64_t> ids;
  while (st.step()) ids.push_back(st.column_int(0));
  return ids;
}

std::optional<AccountStore::FollowedDeletions> AccountStore::followed_deletions() const {
  std::lock_guard lock(mutex_);
  auto st = reader_->prepare("SELECT position, account_id FROM followed_deletions WHERE id = 1");
  if (!st.step()) return std::nullopt;
  return FollowedDeletions{st.column_int(0), st.column_int(1)};
}

void AccountStore::create(AccountRecord a, SessionRecord s, Done done) {
  store_.commit_unit(Store::Unit().run([a = std::move(a), s = std::move(s)](Connection& db) {
    db.prepare(
          "INSERT INTO accounts (id, username, username_key, display_name, password_hash, created_at, claimed_at) "
          "VALUES (?1, ?2, NULLIF(?3, ''), ?4, ?5, ?6, ?7)")
        .bind(1, a.id)
        .bind(2, a.username)
        .bind(3, a.username_key)
        .bind(4, a.display_name)
        .bind(5, a.password_hash)
        .bind(6, a.created_at)
        .bind(7, a.claimed_at)
        .run();
    insert_session(db, s);
  }),
                     std::move(done));
}

void AccountStore::add_session(SessionRecord s, std::string rehashed, Done done) {
  store_.commit_unit(Store::Unit().run([s = std::move(s), rehashed = std::move(rehashed)](Connection& db) {
    insert_session(db, s);
    if (!rehashed.empty()) {
      db.prepare("UPDATE accounts SET password_hash = ?2 WHERE id = ?1").bind(1, s.account_id).bind(2, rehashed).run();
    }
  }),
                     std::move(done));
}

void AccountStore::touch_session(std::string token_hash, std::int64_t at, Done done) {
  store_.commit_unit(Store::Unit().run([token_hash = std::move(token_hash), at](Connection& db) {
    db.prepare("UPDATE sessions SET last_used_at = ?2 WHERE token_hash = ?1").bind(1, token_hash).bind(2, at).run();
  }),
                     std::move(done));
}

void AccountStore::claim(std::int64_t id, std::string username, std::string key, std::string password_hash,
                         std::int64_t at, Done done) {
  store_.commit_unit(Store::Unit().run([id, username = std::move(username), key = std::move(key),
                                        password_hash = std::move(password_hash), at](Connection& db) {
    auto taken = db.prepare("SELECT 1 FROM accounts WHERE username_key = ?1");
    taken.bind(1, key);
    if (taken.step()) throw std::runtime_error(kUsernameTaken);
    db.prepare(
          "UPDATE accounts SET username = ?2, username_key = ?3, display_name = ?2, password_hash = ?4, "
          "claimed_at = ?5 WHERE id = ?1 AND username_key IS NULL")
        .bind(1, id)
        .bind(2, username)
        .bind(3, key)
        .bind(4, password_hash)
        .bind(5, at)
        .run();
    if (changes(db) != 1) throw std::runtime_error(kNotAGuest);
  }),
                     std::move(done));
}

void AccountStore::set_password(std::int64_t id, std::string password_hash, std::string keep_session, Done done) {
  store_.commit_unit(Store::Unit().run([id, password_hash = std::move(password_hash),
                                        keep_session = std::move(keep_session)](Connection& db) {
    db.prepare("UPDATE accounts SET password_hash = ?2 WHERE id = ?1").bind(1, id).bind(2, password_hash).run();
    if (changes(db) != 1) throw std::runtime_error("no such account");
    db.prepare("DELETE FROM sessions WHERE account_id = ?1 AND token_hash <> ?2")
        .bind(1, id)
        .bind(2, keep_session)
        .run();
  }),
                     std::move(done));
}

void AccountStore::delete_session(std::string token_hash, Done done) {
  store_.commit_unit(Store::Unit().run([token_hash = std::move(token_hash)](Connection& db) {
    db.prepare("DELETE FROM sessions WHERE token_hash = ?1").bind(1, token_hash).run();
  }),
                     std::move(done));
}

void AccountStore::delete_sessions(std::int64_t account_id, Done done) {
  store_.commit_unit(Store::Unit().run([account_id](Connection& db) {
    db.prepare("DELETE FROM sessions WHERE account_id = ?1").bind(1, account_id).run();
  }),
                     std::move(done));
}

void AccountStore::delete_account(std::int64_t id, std::string deleted_name, Done done) {
  store_.commit_unit(Store::Unit().run([id, deleted_name = std::move(deleted_name)](Connection& db) {
    db.prepare("DELETE FROM sessions WHERE account_id = ?1").bind(1, id).run();
    db.prepare("UPDATE seats SET display_name = ?2, account_id = 0 WHERE account_id = ?1")
        .bind(1, id)
        .bind(2, deleted_name)
        .run();
    db.prepare("DELETE FROM accounts WHERE id = ?1").bind(1, id).run();
  }),
                     std::move(done));
}

void AccountStore::delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before, Done done) {
  store_.commit_unit(Store::Unit().run([idle_before, created_before](Connection& db) {
    db.prepare("DELETE FROM sessions WHERE last_used_at < ?1 OR created_at < ?2")
        .bind(1, idle_before)
        .bind(2, created_before)
        .run();
  }),
                     std::move(done));
}

void AccountStore::purge_guests(std::int64_t unused_since, int limit, std::shared_ptr<std::int64_t> purged, Done done) {
  store_.commit_unit(Store::Unit().run([unused_since, limit, purged](Connection& db) {
    db.exec("CREATE TEMP TABLE IF NOT EXISTS purged_guests (id INTEGER PRIMARY KEY)");
    db.exec("DELETE FROM purged_guests");
    db.prepare(
          "INSERT INTO purged_guests SELECT a.id FROM accounts a WHERE a.claimed_at = 0 AND a.created_at < ?1 "
          "AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id AND s.last_used_at >= ?1) "
          "AND NOT EXISTS (SELECT 1 FROM seats t JOIN rooms r ON r.code = t.room_code "
          "                WHERE t.account_id = a.id AND r.status <> 'expired') "
          "LIMIT ?2")
        .bind(1, unused_since)
        .bind(2, static_cast<std::int64_t>(limit))
        .run();
    if (purged) *purged = changes(db);
    db.exec("DELETE FROM sessions WHERE account_id IN (SELECT id FROM purged_guests)");
    db.exec("UPDATE seats SET account_id = 0 WHERE account_id IN (SELECT id FROM purged_guests)");
    db.exec("UPDATE match_players SET account_id = 0 WHERE account_id IN (SELECT id FROM purged_guests)");
    db.exec("DELETE FROM ratings WHERE account_id IN (SELECT id FROM purged_guests)");
    db.exec("DELETE FROM accounts WHERE id IN (SELECT id FROM purged_guests)");
    db.exec("DELETE FROM purged_guests");
  }),
                     std::move(done));
}

void AccountStore::forget_accounts(std::vector<std::int64_t> ids, Done done) {
  store_.commit_unit(Store::Unit().run([ids = std::move(ids)](Connection& db) {
    // A table of the ids, so that each table is scanned once for all of them.
    db.exec("CREATE TEMP TABLE IF NOT EXISTS forgotten_accounts (id INTEGER PRIMARY KEY)");
    db.exec("DELETE FROM forgotten_accounts");
    for (const auto id : ids) db.prepare("INSERT OR IGNORE INTO forgotten_accounts VALUES (?1)").bind(1, id).run();
    db.exec("UPDATE seats SET account_id = 0 WHERE account_id IN (SELECT id FROM forgotten_accounts)");
    db.exec("UPDATE match_players SET account_id = 0 WHERE account_id IN (SELECT id FROM forgotten_accounts)");
    db.exec("DELETE FROM forgotten_accounts");
  }),
                     std::move(done));
}

void AccountStore::save_followed_deletions(FollowedDeletions followed, Done done) {
  store_.commit_unit(Store::Unit().run([followed](Connection& db) {
    db.prepare(
          "INSERT INTO followed_deletions (id, position, account_id) VALUES (1, ?1, ?2) "
          "ON CONFLICT (id) DO UPDATE SET position = excluded.position, account_id = excluded.account_id")
        .bind(1, followed.position)
        .bind(2, followed.account_id)
        .run();
  }),
                     std::move(done));
}

}  // namespace brethren::persistence
