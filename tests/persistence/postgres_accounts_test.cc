// The cluster's account store on PostgreSQL (persistence/postgres/account_store.h):
// every operation of persistence::AccountStore, with its records and error texts.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdio>
#include <set>
#include <thread>
#include <vector>

#include "persistence/postgres/account_store.h"
#include "persistence/postgres/schema.h"
#include "tests/support/postgres_server.h"

using namespace brethren::persistence;
using brethren::testing::PostgresServer;
using brethren::testing::skip_unless_postgres;
using PgAccounts = brethren::persistence::postgres::AccountStore;
using brethren::persistence::postgres::AccountConflict;
using brethren::persistence::postgres::Pool;

namespace {

struct SharedStore {
  PostgresServer server;
  Pool pool;
  PgAccounts accounts{pool};
  SharedStore() : pool(server.create_database("accounts"), 4) { postgres::migrate(*pool.lease()); }
};

// A session token's SHA-256 as the service stores it: 64 lower-case hex digits.
std::string hash_of(int n) {
  char text[65];
  std::snprintf(text, sizeof text, "%064x", n);
  return text;
}

AccountRecord guest(std::int64_t id, const std::string& name = "Guest") {
  AccountRecord a;
  a.id = id;
  a.display_name = name;
  a.created_at = 1000 + id;
  return a;
}

SessionRecord session(int n, std::int64_t account_id, std::int64_t at = 5000) {
  SessionRecord s;
  s.token_hash = hash_of(n);
  s.account_id = account_id;
  s.created_at = at;
  s.last_used_at = at;
  return s;
}

std::string conflict_of(const std::function<void()>& write) {
  try {
    write();
  } catch (const AccountConflict& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("Postgres accounts: a guest is created with its session and read back from any thread") {
  skip_unless_postgres();
  SharedStore store;
  store.accounts.create(guest(42, "Mary"), session(1, 42));
  const auto a = store.accounts.account(42);
  REQUIRE(a);
  CHECK(a->id == 42);
  CHECK(a->display_name == "Mary");
  CHECK(a->username.empty());
  CHECK(a->username_key.empty());
  CHECK(a->password_hash.empty());
  CHECK(a->created_at == 1042);
  CHECK(a->claimed_at == 0);
  const auto s = store.accounts.session(hash_of(1));
  REQUIRE(s);
  CHECK(s->account_id == 42);
  CHECK(s->created_at == 5000);
  CHECK(s->last_used_at == 5000);
  CHECK_FALSE(store.accounts.account(43));
  CHECK_FALSE(store.accounts.session(hash_of(2)));
  CHECK_FALSE(store.accounts.account_by_key(""));  // a guest has no key
  // Eight threads read at once through a pool of four connections.
  std::atomic<int> found{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 8; ++t) {
    readers.emplace_back([&] {
      for (int i = 0; i < 20; ++i) {
        if (store.accounts.account(42) && store.accounts.session(hash_of(1))) ++found;
      }
    });
  }
  for (auto& t : readers) t.join();
  CHECK(found == 160);
}

TEST_CASE("Postgres accounts: a claim takes a free username, in any case only once, and only for a guest") {
  skip_unless_postgres();
  SharedStore store;
  store.accounts.create(guest(1), session(1, 1));
  store.accounts.create(guest(2), session(2, 2));
  store.accounts.claim(1, "Anne", "anne", "$argon2id$hash-1", 7000);
  const auto anne = store.accounts.account_by_key("anne");
  REQUIRE(anne);
  CHECK(anne->id == 1);
  CHECK(anne->username == "Anne");
  CHECK(anne->display_name == "Anne");
  CHECK(anne->password_hash == "$argon2id$hash-1");
  CHECK(anne->claimed_at == 7000);
  // The service folds the case into the key: "ANNE" and "aNNe" are Anne's name.
  CHECK(conflict_of([&] { store.accounts.claim(2, "ANNE", "anne", "h", 7001); }) == AccountStore::kUsernameTaken);
  CHECK(conflict_of([&] { store.accounts.claim(2, "aNNe", "anne", "h", 7001); }) == AccountStore::kUsernameTaken);
  CHECK(store.accounts.account(2)->claimed_at == 0);  // nothing changed
  // A claimed account, or one that does not exist, is no guest.
  CHECK(conflict_of([&] { store.accounts.claim(1, "Other", "other", "h", 7002); }) == AccountStore::kNotAGuest);
  CHECK(conflict_of([&] { store.accounts.claim(99, "Other", "other", "h", 7002); }) == AccountStore::kNotAGuest);
  CHECK_FALSE(store.accounts.account_by_key("other"));
  // A new claimed account with a taken key is refused the same way.
  AccountRecord taken = guest(3);
  taken.username = "ANNE";
  taken.username_key = "anne";
  taken.claimed_at = 7003;
  CHECK(conflict_of([&] { store.accounts.create(taken, session(3, 3)); }) == AccountStore::kUsernameTaken);
  CHECK_FALSE(store.accounts.account(3));
  CHECK_FALSE(store.accounts.session(hash_of(3)));
  store.accounts.claim(2, "Bob", "bob", "h2", 7004);
  CHECK(store.accounts.account_by_key("bob")->id == 2);
}

TEST_CASE("Postgres accounts: two nodes claiming one name at once: exactly one gets it") {
  skip_unless_postgres();
  SharedStore store;
  constexpr int kGuests = 6;
  for (int g = 1; g <= kGuests; ++g) store.accounts.create(guest(g), session(g, g));
  std::atomic<int> ready{0};
  std::vector<std::string> outcomes(kGuests);
  std::vector<std::thread> nodes;
  for (int g = 1; g <= kGuests; ++g) {
    nodes.emplace_back([&, g] {
      ++ready;
      while (ready < kGuests) std::this_thread::yield();
      outcomes[g - 1] = conflict_of([&] { store.accounts.claim(g, "Kidd", "kidd", "h", 8000 + g); });
    });
  }
  for (auto& t : nodes) t.join();
  int won = 0;
  for (const auto& o : outcomes) {
    if (o.empty()) {
      ++won;
    } else {
      CHECK(o == AccountStore::kUsernameTaken);
    }
  }
  CHECK(won == 1);
  const auto kidd = store.accounts.account_by_key("kidd");
  REQUIRE(kidd);
  CHECK(outcomes[static_cast<std::size_t>(kidd->id - 1)].empty());
}

TEST_CASE("Postgres accounts: sessions are added, touched, ended one, all or all but one, and expire") {
  skip_unless_postgres();
  SharedStore store;
  store.accounts.create(guest(1), session(1, 1, 100));
  store.accounts.claim(1, "Anne", "anne", "old-hash", 150);
  store.accounts.add_session(session(2, 1, 200), "");
  CHECK(store.accounts.account(1)->password_hash == "old-hash");
  store.accounts.add_session(session(3, 1, 300), "rehashed");  // a sign-in that re-hashed the password
  CHECK(store.accounts.account(1)->password_hash == "rehashed");
  store.accounts.touch_session(hash_of(2), 250);
  CHECK(store.accounts.session(hash_of(2))->last_used_at == 250);
  CHECK(store.accounts.session(hash_of(2))->created_at == 200);

  store.accounts.delete_session(hash_of(1));
  CHECK_FALSE(store.accounts.session(hash_of(1)));
  CHECK(store.accounts.session(hash_of(2)));

  // A new password ends every other session.
  store.accounts.add_session(session(4, 1, 400), "");
  store.accounts.set_password(1, "new-hash", hash_of(3));
  CHECK(store.accounts.account(1)->password_hash == "new-hash");
  CHECK(store.accounts.session(hash_of(3)));
  CHECK_FALSE(store.accounts.session(hash_of(2)));
  CHECK_FALSE(store.accounts.session(hash_of(4)));
  CHECK_THROWS(store.accounts.set_password(99, "x", hash_of(3)));

  // Sign-out everywhere: only this account's sessions.
  store.accounts.create(guest(2), session(5, 2, 500));
  store.accounts.add_session(session(6, 1, 600), "");
  store.accounts.delete_sessions(1);
  CHECK_FALSE(store.accounts.session(hash_of(3)));
  CHECK_FALSE(store.accounts.session(hash_of(6)));
  CHECK(store.accounts.session(hash_of(5)));

  // Expiry: idle since before 1000, or begun before 700.
  store.accounts.add_session(session(7, 2, 650), "");   // begun too long ago
  store.accounts.add_session(session(8, 2, 1200), "");  // fresh
  store.accounts.add_session(session(9, 2, 800), "");
  store.accounts.touch_session(hash_of(9), 1100);  // used lately
  store.accounts.touch_session(hash_of(7), 1100);
  store.accounts.delete_expired_sessions(1000, 700);
  CHECK_FALSE(store.accounts.session(hash_of(5)));  // idle since 500
  CHECK_FALSE(store.accounts.session(hash_of(7)));
  CHECK(store.accounts.session(hash_of(8)));
  CHECK(store.accounts.session(hash_of(9)));
}

TEST_CASE("Postgres accounts: deleting an account takes its sessions, ratings and matches, and frees its name") {
  skip_unless_postgres();
  SharedStore store;
  store.accounts.create(guest(1), session(1, 1));
  store.accounts.add_session(session(2, 1), "");
  store.accounts.claim(1, "Anne", "anne", "h", 10);
  store.accounts.create(guest(2), session(3, 2));
  {
    auto db = store.pool.lease();
    db->exec("INSERT INTO ratings VALUES (1, 'tortuga', 25, 8, 1, 1, 0, 0), (2, 'tortuga', 25, 8, 1, 1, 0, 0)");
    db->exec(
        "INSERT INTO match_players VALUES (0, 7, 0, 1, 'tortuga', '0ABC', 1, true, true, 0, 1, 9), "
        "(0, 7, 1, 2, 'tortuga', '0ABC', 2, false, true, 0, 1, 9)");
  }
  CHECK(store.accounts.deleted_since(0, 10).empty());
  store.accounts.delete_account(1, 500);
  CHECK_FALSE(store.accounts.account(1));
  CHECK_FALSE(store.accounts.account_by_key("anne"));
  CHECK_FALSE(store.accounts.session(hash_of(1)));
  CHECK_FALSE(store.accounts.session(hash_of(2)));
  auto db = store.pool.lease();
  CHECK(db->exec("SELECT count(*) FROM ratings WHERE account_id = 1").int64(0, 0) == 0);
  CHECK(db->exec("SELECT count(*) FROM match_players WHERE account_id = 1").int64(0, 0) == 0);
  // The other player keeps everything.
  CHECK(store.accounts.session(hash_of(3)));
  CHECK(db->exec("SELECT count(*) FROM ratings WHERE account_id = 2").int64(0, 0) == 1);
  CHECK(db->exec("SELECT count(*) FROM match_players WHERE account_id = 2").int64(0, 0) == 1);
  // The name is free again.
  store.accounts.claim(2, "ANNE", "anne", "h", 20);
  CHECK(store.accounts.account_by_key("anne")->id == 2);
  // Every node learns of the deletion in order, once per account: the id only.
  store.accounts.delete_account(2, 600);
  store.accounts.delete_account(2, 700);  // a retry changes nothing
  const auto deleted = store.accounts.deleted_since(0, 10);
  REQUIRE(deleted.size() == 2);
  CHECK(deleted[0].account_id == 1);
  CHECK(deleted[1].account_id == 2);
  CHECK(deleted[0].position < deleted[1].position);
  CHECK_FALSE(deleted[0].purged);
  CHECK_FALSE(deleted[1].purged);
  const auto later = store.accounts.deleted_since(deleted[0].position, 10);
  REQUIRE(later.size() == 1);
  CHECK(later[0].account_id == 2);
  CHECK(store.accounts.deleted_since(deleted[1].position, 10).empty());
  CHECK(store.accounts.deleted_since(0, 1).size() == 1);
}

TEST_CASE(
    "Postgres accounts: the purge takes the guests made, used and held before the cutoff, and lists them for every "
    "node, but not a claimed, a recent, a recently used or a recently held guest") {
  skip_unless_postgres();
  SharedStore store;
  constexpr std::int64_t kCutoff = 10'000;
  const auto old_guest = [](std::int64_t id) {
    AccountRecord a = guest(id);
    a.created_at = 100;
    return a;
  };
  store.accounts.create(old_guest(1), session(1, 1, 2000));  // unused since 2000: goes
  store.accounts.create(old_guest(2), session(2, 2, 2000));
  store.accounts.claim(2, "Anne", "anne", "h", 3000);  // claimed: stays
  AccountRecord recent = guest(3);
  recent.created_at = 12'000;  // made after the cutoff: stays
  store.accounts.create(recent, session(3, 3, 12'000));
  store.accounts.create(old_guest(4), session(4, 4, 2000));
  store.accounts.touch_session(hash_of(4), kCutoff);  // used at the cutoff: stays
  store.accounts.create(old_guest(5), session(5, 5, 2000));
  store.accounts.create(old_guest(6), session(6, 6, 2000));
  store.accounts.create(old_guest(7), session(7, 7, 2000));
  {
    auto db = store.pool.lease();
    db->exec("INSERT INTO ratings VALUES (7, 'tortuga', 25, 8, 1, 1, 0, 0), (2, 'tortuga', 25, 8, 1, 1, 0, 0)");
    db->exec(
        "INSERT INTO match_players VALUES (0, 7, 0, 7, 'tortuga', '0ABC', 1, true, false, 0, 0, 9), "
        "(0, 7, 1, 2, 'tortuga', '0ABC', 2, false, false, 0, 0, 9)");
  }
  // Seated on some node: 5 lately (stays), 6 long ago (goes); a claimed
  // account and an unknown id are left alone. More ids than one statement takes.
  std::vector<std::int64_t> seated{5, 2, 99};
  for (std::int64_t id = 1000; seated.size() < PgAccounts::kHoldBatch + 10; ++id) seated.push_back(id);
  store.accounts.hold_guests(seated, kCutoff + 500);
  store.accounts.hold_guests({6}, kCutoff - 1);
  store.accounts.hold_guests({5}, kCutoff - 1);  // an older mark does not move it back
  {
    auto db = store.pool.lease();
    CHECK(db->exec("SELECT held_at FROM accounts WHERE id = 5").int64(0, 0) == kCutoff + 500);
    CHECK(db->exec("SELECT held_at FROM accounts WHERE id = 2").int64(0, 0) == 0);
    CHECK(db->exec("SELECT count(*) FROM accounts WHERE id = 99").int64(0, 0) == 0);
  }

  CHECK(store.accounts.purge_guests(kCutoff, 1000, 20'000) == 3);
  for (const std::int64_t gone : {1, 6, 7}) {
    INFO(gone);
    CHECK_FALSE(store.accounts.account(gone));
    CHECK_FALSE(store.accounts.session(hash_of(static_cast<int>(gone))));
  }
  for (const std::int64_t kept : {2, 3, 4, 5}) {
    INFO(kept);
    CHECK(store.accounts.account(kept));
    CHECK(store.accounts.session(hash_of(static_cast<int>(kept))));
  }
  {
    auto db = store.pool.lease();
    // The purged guest's rating and match rows go (they are read by account
    // only); the other player's stay.
    CHECK(db->exec("SELECT count(*) FROM ratings WHERE account_id = 7").int64(0, 0) == 0);
    CHECK(db->exec("SELECT count(*) FROM match_players WHERE account_id = 7").int64(0, 0) == 0);
    CHECK(db->exec("SELECT count(*) FROM ratings WHERE account_id = 2").int64(0, 0) == 1);
    CHECK(db->exec("SELECT count(*) FROM match_players WHERE account_id = 2").int64(0, 0) == 1);
  }
  // Listed for every node, as purged (their seats keep their names), in one go.
  auto listed = store.accounts.deleted_since(0, 10);
  REQUIRE(listed.size() == 3);
  std::set<std::int64_t> ids;
  for (const auto& entry : listed) {
    CHECK(entry.purged);
    ids.insert(entry.account_id);
  }
  CHECK(ids == std::set<std::int64_t>{1, 6, 7});
  CHECK(store.accounts.purge_guests(kCutoff, 1000, 20'000) == 0);

  // Later, a cutoff past the recent guest's making, the session's use and the
  // mark: they go too, at most `limit` per round; the claimed account never.
  CHECK(store.accounts.purge_guests(13'000, 1, 21'000) == 1);
  CHECK(store.accounts.purge_guests(13'000, 1000, 21'000) == 2);
  CHECK(store.accounts.purge_guests(13'000, 1000, 21'000) == 0);
  for (const std::int64_t gone : {3, 4, 5}) CHECK_FALSE(store.accounts.account(gone));
  CHECK(store.accounts.account(2));
  // A guest another node is marking held at that moment is skipped, not
  // waited for; once the mark commits, it keeps him.
  store.accounts.create(old_guest(8), session(8, 8, 2000));
  {
    auto other = store.pool.lease();
    other->exec("BEGIN");
    other->exec("UPDATE accounts SET held_at = 30000 WHERE id = 8");
    CHECK(store.accounts.purge_guests(20'000, 1000, 23'000) == 0);
    other->exec("COMMIT");
  }
  CHECK(store.accounts.purge_guests(20'000, 1000, 23'000) == 0);
  CHECK(store.accounts.account(8));
  // A deletion after them is listed as one.
  store.accounts.delete_account(2, 22'000);
  listed = store.accounts.deleted_since(listed.back().position, 10);
  REQUIRE(listed.size() == 4);
  for (std::size_t i = 0; i < 3; ++i) CHECK(listed[i].purged);
  CHECK(listed[3].account_id == 2);
  CHECK_FALSE(listed[3].purged);
}
