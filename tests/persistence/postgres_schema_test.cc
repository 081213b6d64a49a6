// The PostgreSQL wrapper and the shared store's schema (persistence/postgres/)
// on a throwaway server (tests/support/postgres_server.h).
#include <catch2/catch.hpp>

#include <stdexcept>
#include <thread>
#include <vector>

#include "persistence/postgres/connection.h"
#include "persistence/postgres/pool.h"
#include "persistence/postgres/schema.h"
#include "persistence/postgres/transaction.h"
#include "tests/support/postgres_server.h"

using namespace brethren::persistence::postgres;
using brethren::testing::PostgresServer;
using brethren::testing::skip_unless_postgres;

TEST_CASE("Postgres: parameters travel apart from the SQL, and values read back exactly") {
  skip_unless_postgres();
  PostgresServer server;
  Connection db(server.create_database("wrapper"));
  const std::string tricky = "Robert'); DROP TABLE t; -- \xc3\xa9";
  auto r = db.exec("SELECT $1::text, $2::bigint, $3::float8, $4::boolean, $5::text IS NULL",
                   {tricky, 9007199254740993L, 0.1 + 0.2, true, std::nullopt});
  REQUIRE(r.rows() == 1);
  CHECK(r.text(0, 0) == tricky);
  CHECK(r.int64(0, 1) == 9007199254740993L);
  CHECK(r.real(0, 2) == 0.1 + 0.2);  // exactly: the shortest round-trip text both ways
  CHECK(r.boolean(0, 3));
  CHECK(r.boolean(0, 4));
  CHECK(r.is_null(0, 0) == false);
}

TEST_CASE("Postgres: errors are typed: a unique violation, a bad statement, a refused connection") {
  skip_unless_postgres();
  PostgresServer server;
  const std::string info = server.create_database("errors");
  Connection db(info);
  db.exec("CREATE TABLE t (k TEXT PRIMARY KEY)");
  db.exec("INSERT INTO t VALUES ($1)", {"a"});
  CHECK_THROWS_AS(db.exec("INSERT INTO t VALUES ($1)", {"a"}), UniqueViolation);
  try {
    db.exec("SELECT * FROM no_such_table");
    FAIL("no error");
  } catch (const UniqueViolation&) {
    FAIL("not a unique violation");
  } catch (const Error& e) {
    CHECK(e.sqlstate() == "42P01");
  }
  CHECK(db.healthy());
  CHECK_THROWS_AS(Connection(server.conninfo("no_such_database")), ConnectionError);
}

TEST_CASE("Postgres: a transaction commits, and rolls back when its work throws") {
  skip_unless_postgres();
  PostgresServer server;
  Connection db(server.create_database("tx"));
  db.exec("CREATE TABLE t (k INTEGER PRIMARY KEY)");
  in_transaction(db, [](Connection& c) { c.exec("INSERT INTO t VALUES (1)"); });
  CHECK_THROWS_AS(in_transaction(db,
                                 [](Connection& c) {
                                   c.exec("INSERT INTO t VALUES (2)");
                                   throw std::runtime_error("changed my mind");
                                 }),
                  std::runtime_error);
  CHECK(db.idle());
  // A failed statement inside: the whole transaction goes.
  CHECK_THROWS_AS(in_transaction(db,
                                 [](Connection& c) {
                                   c.exec("INSERT INTO t VALUES (3)");
                                   c.exec("INSERT INTO t VALUES (1)");
                                 }),
                  UniqueViolation);
  // Work that swallowed a failed statement: the commit must not report success.
  CHECK_THROWS_AS(in_transaction(db,
                                 [](Connection& c) {
                                   c.exec("INSERT INTO t VALUES (4)");
                                   try {
                                     c.exec("INSERT INTO t VALUES (1)");
                                   } catch (const UniqueViolation&) {
                                   }
                                 }),
                  Error);
  CHECK(db.idle());
  auto r = db.exec("SELECT array_agg(k ORDER BY k)::text FROM t");
  CHECK(r.text(0, 0) == "{1}");
}

TEST_CASE("Postgres: the pool shares its connections between threads and replaces a lost one") {
  skip_unless_postgres();
  PostgresServer server;
  const std::string info = server.create_database("pool");
  Pool pool(info, 2);
  {
    auto db = pool.lease();
    db->exec("CREATE TABLE hits (n INTEGER NOT NULL)");
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 25; ++i) pool.lease()->exec("INSERT INTO hits VALUES (1)");
    });
  }
  for (auto& t : threads) t.join();
  CHECK(pool.lease()->exec("SELECT count(*) FROM hits").int64(0, 0) == 100);
  // Every open connection is terminated from outside; the pool makes new ones.
  Connection admin(info);
  admin.exec(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = 'pool' AND pid <> pg_backend_pid()");
  int lost = 0;
  for (int i = 0; i < 4; ++i) {
    try {
      pool.lease()->exec("SELECT 1");
    } catch (const ConnectionError&) {
      // A connection whose backend had not ended yet when it was leased
      // (termination is asynchronous); its lease drops it.
      ++lost;
    }
  }
  CHECK(lost <= 2);
  CHECK(pool.lease()->exec("SELECT count(*) FROM hits").int64(0, 0) == 100);
}

TEST_CASE("Postgres: while its server is down the pool fails with ConnectionError, and works at once when it is back") {
  skip_unless_postgres();
  PostgresServer server;
  const std::string info = server.create_database("restart");
  Pool pool(info, 2);
  {
    // Two connections made, both left idle in the pool.
    auto first = pool.lease();
    auto second = pool.lease();
    first->exec("SELECT 1");
    second->exec("SELECT 1");
  }
  server.shut_down();
  server.start();
  {
    // The server closed both while they sat idle: the leases find that out
    // and connect anew, so no request fails after the restart.
    auto first = pool.lease();
    auto second = pool.lease();
    CHECK(first->exec("SELECT 1").int64(0, 0) == 1);
    CHECK(second->exec("SELECT 1").int64(0, 0) == 1);
  }
  server.shut_down();
  // Down: a ConnectionError, which callers without libpq know as StoreUnavailable.
  CHECK_THROWS_AS(pool.lease()->exec("SELECT 1"), ConnectionError);
  CHECK_THROWS_AS(or_unavailable([&] { return pool.lease()->exec("SELECT 1").rows(); }),
                  brethren::persistence::StoreUnavailable);
  CHECK_THROWS_AS(or_unavailable([] { return Connection("host=/nonexistent dbname=x").healthy(); }),
                  brethren::persistence::StoreUnavailable);
  // A real error stays itself.
  server.start();
  CHECK_THROWS_AS(or_unavailable([&] { return pool.lease()->exec("SELECT * FROM no_such_table").rows(); }), Error);
  CHECK(pool.lease()->exec("SELECT 1").int64(0, 0) == 1);
}

TEST_CASE("Postgres: the migrations apply, record their version and are idempotent, also from nodes at once") {
  skip_unless_postgres();
  PostgresServer server;
  const std::string info = server.create_database("schema");
  {
    Connection db(info);
    CHECK(schema_version(db) == 0);
  }
  // Three nodes start together: the lock lets one migrate, the others find it done.
  std::vector<std::thread> nodes;
  std::vector<std::string> errors(3);
  for (int n = 0; n < 3; ++n) {
    nodes.emplace_back([&, n] {
      try {
        Connection db(info);
        migrate(db);
      } catch (const std::exception& e) {
        errors[n] = e.what();
      }
    });
  }
  for (auto& t : nodes) t.join();
  for (const auto& e : errors) CHECK(e.empty());
  Connection db(info);
  CHECK(schema_version(db) == latest_schema_version());
  CHECK(db.exec("SELECT count(*) FROM schema_migrations").int64(0, 0) == latest_schema_version());
  migrate(db);  // again: nothing to do
  CHECK(db.exec("SELECT count(*) FROM schema_migrations").int64(0, 0) == latest_schema_version());
  for (const char* table : {"accounts", "sessions", "ratings", "match_players", "applied_matches", "sign_in_failures",
                            "deleted_accounts"}) {
    INFO(table);
    CHECK(db.exec("SELECT to_regclass($1) IS NOT NULL", {table}).boolean(0, 0));
  }
  // A session row holds a SHA-256 hash (64 lower-case hex digits) and nothing else.
  db.exec("INSERT INTO accounts (id, display_name, created_at) VALUES (1, 'Guest', 0)");
  CHECK_THROWS_AS(
      db.exec("INSERT INTO sessions (token_hash, account_id, created_at, last_used_at) VALUES ($1, 1, 0, 0)",
              {"not-a-hash"}),
      Error);
  // A database migrated by a newer node is refused, not downgraded.
  db.exec("INSERT INTO schema_migrations (version) VALUES ($1)", {latest_schema_version() + 1});
  CHECK_THROWS_WITH(migrate(db), Catch::Contains("newer than this node"));
}
