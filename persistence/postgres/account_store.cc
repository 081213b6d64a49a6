#include "persistence/postgres/account_store.h"

#include <algorithm>

#include "persistence/postgres/transaction.h"

namespace brethren::persistence::postgres {
namespace {

constexpr const char* kAccountColumns =
    "SELECT id, username, COALESCE(username_key, ''), display_name, password_hash, created_at, claimed_at "
    "FROM accounts ";

std::optional<AccountRecord> account_from(const Result& r) {
  if (r.rows() == 0) return std::nullopt;
  AccountRecord a;
  a.id = r.int64(0, 0);
  a.username = r.text(0, 1);
  a.username_key = r.text(0, 2);
  a.display_name = r.text(0, 3);
  a.password_hash = r.text(0, 4);
  a.created_at = r.int64(0, 5);
  a.claimed_at = r.int64(0, 6);
  return a;
}

void insert_session(Connection& db, const SessionRecord& s) {
  db.exec("INSERT INTO sessions (token_hash, account_id, created_at, last_used_at) VALUES ($1, $2, $3, $4)",
          {s.token_hash, s.account_id, s.created_at, s.last_used_at});
}

}  // namespace

std::optional<AccountRecord> AccountStore::account(std::int64_t id) const {
  auto db = pool_.lease();
  return account_from(db->exec((std::string(kAccountColumns) + "WHERE id = $1").c_str(), {id}));
}

std::optional<AccountRecord> AccountStore::account_by_key(const std::string& username_key) const {
  auto db = pool_.lease();
  return account_from(db->exec((std::string(kAccountColumns) + "WHERE username_key = $1").c_str(), {username_key}));
}

std::optional<SessionRecord> AccountStore::session(const std::string& token_hash) const {
  auto db = pool_.lease();
  auto r = db->exec("SELECT token_hash, account_id, created_at, last_used_at FROM sessions WHERE token_hash = $1",
                    {token_hash});
  if (r.rows() == 0) return std::nullopt;
  SessionRecord s;
  s.token_hash = r.text(0, 0);
  s.account_id = r.int64(0, 1);
  s.created_at = r.int64(0, 2);
  s.last_used_at = r.int64(0, 3);
  return s;
}

void AccountStore::create(const AccountRecord& a, const SessionRecord& s) {
  auto db = pool_.lease();
  try {
    in_transaction(*db, [&](Connection& c) {
      c.exec(
          "INSERT INTO accounts (id, username, username_key, display_name, password_hash, created_at, claimed_at) "
          "VALUES ($1, $2, NULLIF($3, ''), $4, $5, $6, $7)",
          {a.id, a.username, a.username_key, a.display_name, a.password_hash, a.created_at, a.claimed_at});
      insert_session(c, s);
    });
  } catch (const UniqueViolation&) {
    // The id and the token hash are random: only the username can clash by right.
    if (!a.username_key.empty() &&
        db->exec("SELECT 1 FROM accounts WHERE username_key = $1", {a.username_key}).rows()) {
      throw AccountConflict(persistence::AccountStore::kUsernameTaken);
    }
    throw;
  }
}

void AccountStore::add_session(const SessionRecord& s, const std::string& rehashed_password) {
  auto db = pool_.lease();
  in_transaction(*db, [&](Connection& c) {
    insert_session(c, s);
    if (!rehashed_password.empty()) {
      c.exec("UPDATE accounts SET password_hash = $2 WHERE id = $1", {s.account_id, rehashed_password});
    }
  });
}

void AccountStore::touch_session(const std::string& token_hash, std::int64_t at) {
  auto db = pool_.lease();
  db->exec("UPDATE sessions SET last_used_at = $2 WHERE token_hash = $1", {token_hash, at});
}

void AccountStore::claim(std::int64_t id, const std::string& username, const std::string& username_key,
                         const std::string& password_hash, std::int64_t at) {
  auto db = pool_.lease();
  std::int64_t changed = 0;
  try {
    // The UNIQUE key decides between two claims of one name at once: the
    // second waits for the first's commit, then fails.
    changed = in_transaction(*db, [&](Connection& c) {
      return c
          .exec(
              "UPDATE accounts SET username = $2, username_key = $3, display_name = $2, password_hash = $4, "
              "claimed_at = $5 WHERE id = $1 AND username_key IS NULL",
              {id, username, username_key, password_hash, at})
          .affected();
    });
  } catch (const UniqueViolation&) {
    throw AccountConflict(persistence::AccountStore::kUsernameTaken);
  }
  if (changed != 1) throw AccountConflict(persistence::AccountStore::kNotAGuest);
}

void AccountStore::set_password(std::int64_t id, const std::string& password_hash, const std::string& keep_session) {
  auto db = pool_.lease();
  in_transaction(*db, [&](Connection& c) {
    if (c.exec("UPDATE accounts SET password_hash = $2 WHERE id = $1", {id, password_hash}).affected() != 1) {
      throw Error("no such account", "");
    }
    c.exec("DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2", {id, keep_session});
  });
}

void AccountStore::delete_session(const std::string& token_hash) {
  auto db = pool_.lease();
  db->exec("DELETE FROM sessions WHERE token_hash = $1", {token_hash});
}

void AccountStore::delete_sessions(std::int64_t account_id) {
  auto db = pool_.lease();
  db->exec("DELETE FROM sessions WHERE account_id = $1", {account_id});
}

void AccountStore::delete_account(std::int64_t id, std::int64_t at) {
  auto db = pool_.lease();
  in_transaction(*db, [&](Connection& c) {
    // The foreign keys take sessions, ratings and match rows with it.
    c.exec("DELETE FROM accounts WHERE id = $1", {id});
    c.exec("INSERT INTO deleted_accounts (account_id, deleted_at) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING",
           {id, at});
  });
}

std::vector<DeletedAccount> AccountStore::deleted_since(std::int64_t after, std::size_t limit) const {
  auto db = pool_.lease();
  const auto r = db->exec("SELECT seq, account_id, purged FROM deleted_accounts WHERE seq > $1 ORDER BY seq LIMIT $2",
                          {after, static_cast<std::int64_t>(limit)});
  std::vector<DeletedAccount> out;
  for (int row = 0; row < r.rows(); ++row) out.push_back({r.int64(row, 0), r.int64(row, 1), r.boolean(row, 2)});
  return out;
}

std::optional<std::int64_t> AccountStore::listed_at(std::int64_t position) const {
  auto db = pool_.lease();
  const auto r = db->exec("SELECT account_id FROM deleted_accounts WHERE seq = $1", {position});
  if (r.rows() == 0) return std::nullopt;
  return r.int64(0, 0);
}

void AccountStore::hold_guests(const std::vector<std::int64_t>& ids, std::int64_t at) {
  if (ids.empty()) return;
  auto db = pool_.lease();
  for (std::size_t from = 0; from < ids.size(); from += kHoldBatch) {
    std::string array = "{";
    for (std::size_t i = from; i < std::min(ids.size(), from + kHoldBatch); ++i) {
      if (array.size() > 1) array += ',';
      array += std::to_string(ids[i]);
    }
    array += '}';
    // Locked in id order, so that two nodes marking one guest at once never
    // wait for each other in a cycle; a row the purge holds is waited for
    // (and then gone).
    db->exec(
        "UPDATE accounts SET held_at = $2 WHERE id IN (SELECT id FROM accounts WHERE id = ANY($1::bigint[]) "
        "AND claimed_at = 0 AND held_at < $2 ORDER BY id FOR NO KEY UPDATE)",
        {array, at});
  }
}

std::int64_t AccountStore::purge_guests(std::int64_t unused_since, int limit, std::int64_t at) {
  auto db = pool_.lease();
  // One statement, one transaction. The candidates are chosen once: a
  // LIMIT ... SKIP LOCKED subquery in the DELETE's own WHERE may run again
  // and take more than the limit, a materialized CTE does not. SKIP LOCKED:
  // a guest being claimed, marked held or rated is left for the next round
  // rather than waited for; a row changed since the statement began is
  // checked again once locked (READ COMMITTED), so a claim or a mark that
  // committed meanwhile keeps the guest.
  return db
      ->exec(
          "WITH doomed AS MATERIALIZED ("
          "  SELECT a.id FROM accounts a WHERE a.claimed_at = 0 AND a.created_at < $1 AND a.held_at < $1"
          "  AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id AND s.last_used_at >= $1)"
          "  LIMIT $2 FOR UPDATE SKIP LOCKED),"
          " gone AS ("
          "  DELETE FROM accounts WHERE claimed_at = 0 AND held_at < $1 AND id IN (SELECT id FROM doomed)"
          "  RETURNING id),"
          " listed AS ("
          "  INSERT INTO deleted_accounts (account_id, deleted_at, purged)"
          "  SELECT id, $3::bigint, true FROM gone ORDER BY id ON CONFLICT (account_id) DO NOTHING)"
          " SELECT count(*) FROM gone",
          {unused_since, static_cast<std::int64_t>(limit), at})
      .int64(0, 0);
}

void AccountStore::delete_expired_sessions(std::int64_t idle_before, std::int64_t created_before) {
  auto db = pool_.lease();
  db->exec("DELETE FROM sessions WHERE last_used_at < $1 OR created_at < $2", {idle_before, created_before});
}

}  // namespace brethren::persistence::postgres
