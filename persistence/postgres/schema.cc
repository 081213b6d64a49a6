#include "persistence/postgres/schema.h"

#include <string>

#include "persistence/postgres/transaction.h"

namespace brethren::persistence::postgres {
namespace {

// Index i holds version i + 1. Never edit a migration that has shipped; add one.
constexpr const char* kMigrations[] = {
    // 1: the tables of persistence/migrations.cc's migrations 8 and 9
    // (accounts, sessions, ratings, match_players) for a cluster: ids are the
    // service's random 63-bit numbers, times Unix milliseconds as there.
    // username_key is the case-folded username (UNIQUE, NULL for a guest).
    // Sessions hold only the SHA-256 of their token (lower-case hex). A match
    // is named by its node and its id on that node: match_players and
    // applied_matches (the rating updates already applied, so that each is
    // applied once) carry the node id, match_players the room code too (the
    // replay's route, docs/scaling.md). An account's rows go with it.
    R"sql(
      CREATE TABLE accounts (
        id            BIGINT PRIMARY KEY,
        username      TEXT NOT NULL DEFAULT '',
        username_key  TEXT UNIQUE CHECK (username_key <> ''),
        display_name  TEXT NOT NULL,
        password_hash TEXT NOT NULL DEFAULT '',
        created_at    BIGINT NOT NULL,
        claimed_at    BIGINT NOT NULL DEFAULT 0
      );
      CREATE TABLE sessions (
        token_hash   TEXT PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        account_id   BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        created_at   BIGINT NOT NULL,
        last_used_at BIGINT NOT NULL
      );
      CREATE INDEX sessions_by_account ON sessions(account_id);
      CREATE TABLE ratings (
        account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        game_id    TEXT NOT NULL,
        mu         DOUBLE PRECISION NOT NULL,
        sigma      DOUBLE PRECISION NOT NULL,
        shown      DOUBLE PRECISION NOT NULL,
        games      BIGINT NOT NULL,
        wins       BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (account_id, game_id)
      );
      CREATE INDEX ratings_board ON ratings(game_id, shown DESC, account_id);
      CREATE TABLE match_players (
        node_id      INTEGER NOT NULL,
        match_id     BIGINT NOT NULL,
        seat         INTEGER NOT NULL,
        account_id   BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        game_id      TEXT NOT NULL,
        room_code    TEXT NOT NULL,
        place        INTEGER NOT NULL,
        won          BOOLEAN NOT NULL,
        rated        BOOLEAN NOT NULL,
        shown_before DOUBLE PRECISION NOT NULL,
        shown_after  DOUBLE PRECISION NOT NULL,
        finished_at  BIGINT NOT NULL,
        PRIMARY KEY (node_id, match_id, seat)
      );
      CREATE INDEX match_players_by_account ON match_players(account_id, finished_at);
      CREATE TABLE applied_matches (
        node_id    INTEGER NOT NULL,
        match_id   BIGINT NOT NULL,
        applied_at BIGINT NOT NULL,
        PRIMARY KEY (node_id, match_id)
      );
    )sql",
    // 2: consecutive failed sign-ins per username key, counted by every node
    // (persistence/postgres/sign_in_failures.h), like SQLite's migration 10
    // for one node: a row per name, account or not; the key is the bounded
    // username's key. last_failure_at is Unix milliseconds (the nodes' wall
    // clocks).
    R"sql(
      CREATE TABLE sign_in_failures (
        name_key        TEXT PRIMARY KEY CHECK (octet_length(name_key) <= 256),
        failures        INTEGER NOT NULL CHECK (failures > 0),
        last_failure_at BIGINT NOT NULL
      );
    )sql",
    // 3: deleted accounts, in the order of their deletion, for every node
    // to anonymise the seats its own database holds (the deletion reaches
    // a node that was down when it happened, at its next start). Ids only:
    // nothing of the person is kept.
    R"sql(
      CREATE TABLE deleted_accounts (
        seq        BIGSERIAL PRIMARY KEY,
        account_id BIGINT NOT NULL UNIQUE,
        deleted_at BIGINT NOT NULL
      );
    )sql",
    // 4: purging unused guests in a cluster (docs/accounts.md, "Purging
    // unused guests"). A guest's seats live in the nodes' own databases, so
    // each node marks the guests seated in its rooms that have not expired
    // (held_at, Unix ms, renewed every tenth of the retention) and the purge
    // keeps a guest held since its cutoff. A purged guest joins
    // deleted_accounts with purged set: every node then unbinds its seats
    // from it, keeping the name they show (a deleted account's become
    // "deleted player"). The index finds the guests old enough to purge.
    R"sql(
      ALTER TABLE accounts ADD COLUMN held_at BIGINT NOT NULL DEFAULT 0;
      CREATE INDEX accounts_guests_by_age ON accounts(created_at) WHERE claimed_at = 0;
      ALTER TABLE deleted_accounts ADD COLUMN purged BOOLEAN NOT NULL DEFAULT false;
    )sql",
};

constexpr int kLatest = static_cast<int>(sizeof(kMigrations) / sizeof(kMigrations[0]));

// Any fixed number, the same on every node: the key of the migration lock.
constexpr const char* kMigrationLock = "7261746531";

}  // namespace

int latest_schema_version() { return kLatest; }

int schema_version(Connection& db) {
  auto exists = db.exec("SELECT to_regclass('schema_migrations') IS NOT NULL");
  if (!exists.boolean(0, 0)) return 0;
  return static_cast<int>(db.exec("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").int64(0, 0));
}

void migrate(Connection& db) {
  for (;;) {
    const bool done = in_transaction(db, [](Connection& c) {
      c.exec("SELECT pg_advisory_xact_lock($1::bigint)", {kMigrationLock});
      c.run_script(
          "CREATE TABLE IF NOT EXISTS schema_migrations ("
          "version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())");
      const int current = schema_version(c);
      if (current > kLatest) {
        throw Error("postgres: the database has schema version " + std::to_string(current) +
                        ", newer than this node's " + std::to_string(kLatest),
                    "");
      }
      if (current == kLatest) return true;
      c.run_script(kMigrations[current]);
      c.exec("INSERT INTO schema_migrations (version) VALUES ($1)", {current + 1});
      return false;
    });
    if (done) return;
  }
}

}  // namespace brethren::persistence::postgres
