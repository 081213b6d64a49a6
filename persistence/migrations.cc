#include "persistence/migrations.h"

#include <string>

#include "persistence/sqlite.h"

namespace brethren::persistence {
namespace {

// Index i holds the step from user_version i to i + 1. Never edit a step
// that has shipped; add a new one.
constexpr const char* kMigrations[] = {
    // 1: rooms, seats, matches, the append-only action log, results.
    R"sql(
      CREATE TABLE rooms (
        code            TEXT PRIMARY KEY,
        game_id         TEXT NOT NULL,
        options         BLOB NOT NULL,
        is_public       INTEGER NOT NULL,
        password_hash   TEXT NOT NULL,
        seat_count      INTEGER NOT NULL,
        host_token_hash TEXT NOT NULL,
        status          TEXT NOT NULL,
        created_at      INTEGER NOT NULL
      );
      CREATE TABLE seats (
        room_code    TEXT NOT NULL REFERENCES rooms(code),
        seat         INTEGER NOT NULL,
        display_name TEXT NOT NULL,
        token_hash   TEXT NOT NULL,
        PRIMARY KEY (room_code, seat)
      );
      CREATE TABLE matches (
        id          INTEGER PRIMARY KEY,
        room_code   TEXT NOT NULL REFERENCES rooms(code),
        game_id     TEXT NOT NULL,
        options     BLOB NOT NULL,
        seed        INTEGER NOT NULL,
        seat_count  INTEGER NOT NULL,
        status      TEXT NOT NULL,
        started_at  INTEGER NOT NULL,
        finished_at INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX matches_by_room ON matches(room_code);
      CREATE TABLE actions (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        seq      INTEGER NOT NULL,
        seat     INTEGER NOT NULL,
        action   BLOB NOT NULL,
        at       INTEGER NOT NULL,
        PRIMARY KEY (match_id, seq)
      ) WITHOUT ROWID;
      CREATE TABLE results (
        match_id    INTEGER PRIMARY KEY REFERENCES matches(id),
        outcome     BLOB NOT NULL,
        summary     TEXT NOT NULL,
        finished_at INTEGER NOT NULL
      );
    )sql",
    // 2: the final state of a match whose action log was discarded.
    R"sql(
      ALTER TABLE results ADD COLUMN final_state BLOB NOT NULL DEFAULT x'';
    )sql",
    // 3: the room's clock for each decision.
    R"sql(
      ALTER TABLE rooms ADD COLUMN turn_time_limit_ms INTEGER NOT NULL DEFAULT 0;
    )sql",
    // 4: seats held by server-side bots.
    R"sql(
      ALTER TABLE seats ADD COLUMN bot_kind TEXT NOT NULL DEFAULT '';
    )sql",
    // 5: playing together (issue #7): room settings (spectators, chat,
    // autopilot, lock), the fairness commitment's salt and the never-revealed
    // second seed, stored decision deadlines, and the room's chat.
    R"sql(
      ALTER TABLE rooms ADD COLUMN settings BLOB NOT NULL DEFAULT x'';
      ALTER TABLE matches ADD COLUMN seed_salt TEXT NOT NULL DEFAULT '';
      ALTER TABLE matches ADD COLUMN secret_seed INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE matches ADD COLUMN first_deadline_ms INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE actions ADD COLUMN deadline_ms INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE chat (
        room_code    TEXT NOT NULL REFERENCES rooms(code),
        seq          INTEGER NOT NULL,
        match_id     INTEGER NOT NULL,
        seat         INTEGER NOT NULL,
        display_name TEXT NOT NULL,
        text         TEXT NOT NULL,
        at           INTEGER NOT NULL,
        PRIMARY KEY (room_code, seq)
      ) WITHOUT ROWID;
    )sql",
    // 6: rooms expire (issue #13). status_at: when the room entered its
    // status (a finished room's end), so that start-up reads only the rooms
    // still in play through an index instead of the whole history.
    R"sql(
      ALTER TABLE rooms ADD COLUMN status_at INTEGER NOT NULL DEFAULT 0;
      UPDATE rooms SET status_at = COALESCE(
        (SELECT MAX(finished_at) FROM matches WHERE matches.room_code = rooms.code AND matches.status = 'finished'),
        created_at);
      CREATE INDEX rooms_by_status ON rooms(status, status_at);
    )sql",
    // 7: the version of the game's rules each match was started under
    // (issue #26). Every match stored before was played under version 1,
    // the first each game declared.
    R"sql(
      ALTER TABLE matches ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;
    )sql",
    // 8: accounts and their sessions (issue #27, persistence/accounts.h).
    // username_key: the case-folded username, unique; NULL for a guest.
    // Sessions are stored by the SHA-256 of their token only. seats.account_id:
    // the account that held the seat (0: none), so that deleting an account
    // can anonymise its seats.
    R"sql(
      CREATE TABLE accounts (
        id            INTEGER PRIMARY KEY,
        username      TEXT NOT NULL DEFAULT '',
        username_key  TEXT UNIQUE,
        display_name  TEXT NOT NULL,
        password_hash TEXT NOT NULL DEFAULT '',
        created_at    INTEGER NOT NULL,
        claimed_at    INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE sessions (
        token_hash   TEXT PRIMARY KEY,
        account_id   INTEGER NOT NULL REFERENCES accounts(id),
        created_at   INTEGER NOT NULL,
        last_used_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX sessions_by_account ON sessions(account_id);
      ALTER TABLE seats ADD COLUMN account_id INTEGER NOT NULL DEFAULT 0;
    )sql",
    // 9: ratings (issue #27, persistence/ratings.h). ratings: an account's
    // rating per game, with `shown` (what the server displays, mu - 3 sigma)
    // kept for the leaderboard's index. match_players: every account's seat
    // in every finished match, written with the result: his place, whether
    // the match was rated and his shown rating before and after (the
    // profile's recent matches). Rooms keep `rated` in their settings.
    R"sql(
      CREATE TABLE ratings (
        account_id INTEGER NOT NULL,
        game_id    TEXT NOT NULL,
        mu         REAL NOT NULL,
        sigma      REAL NOT NULL,
        shown      REAL NOT NULL,
        games      INTEGER NOT NULL,
        wins       INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (account_id, game_id)
      ) WITHOUT ROWID;
      CREATE INDEX ratings_board ON ratings(game_id, shown DESC, account_id);
      CREATE TABLE match_players (
        match_id     INTEGER NOT NULL REFERENCES matches(id),
        seat         INTEGER NOT NULL,
        account_id   INTEGER NOT NULL,
        game_id      TEXT NOT NULL,
        place        INTEGER NOT NULL,
        won          INTEGER NOT NULL,
        rated        INTEGER NOT NULL,
        shown_before REAL NOT NULL,
        shown_after  REAL NOT NULL,
        finished_at  INTEGER NOT NULL,
        PRIMARY KEY (match_id, seat)
      ) WITHOUT ROWID;
      CREATE INDEX match_players_by_account ON match_players(account_id, finished_at);
    )sql",
    // 10: consecutive failed sign-ins per username key (issue #27 item 3,
    // persistence/sign_in_failures.h), so that a restart keeps the back-off
    // and the lock. Keyed by the name as typed, whether or not an account
    // has it (the same rows for an unknown name); bounded by the server.
    R"sql(
      CREATE TABLE sign_in_failures (
        name_key        TEXT PRIMARY KEY,
        failures        INTEGER NOT NULL,
        last_failure_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX sign_in_failures_by_time ON sign_in_failures(last_failure_at);
    )sql",
    // 11: the ratings outbox (issue #27, docs/accounts.md "The ratings
    // outbox"; persistence/rating_outbox.h). A node of a cluster rates on the
    // shared PostgreSQL: the unit that stores a match's result stores this
    // row with it, and the sender deletes it once PostgreSQL applied it. seq:
    // commit order, the order of sending. Per seat: its account (0: none) or
    // bot kind, side, place and whether he abandoned.
    R"sql(
      CREATE TABLE rating_outbox (
        seq         INTEGER PRIMARY KEY,
        match_id    INTEGER NOT NULL UNIQUE REFERENCES matches(id),
        room_code   TEXT NOT NULL,
        game_id     TEXT NOT NULL,
        finished_at INTEGER NOT NULL,
        rated       INTEGER NOT NULL
      );
      CREATE TABLE rating_outbox_seats (
        match_id   INTEGER NOT NULL REFERENCES rating_outbox(match_id),
        seat       INTEGER NOT NULL,
        account_id INTEGER NOT NULL,
        bot_kind   TEXT NOT NULL,
        side       INTEGER NOT NULL,
        place      INTEGER NOT NULL,
        abandoned  INTEGER NOT NULL,
        PRIMARY KEY (match_id, seat)
      ) WITHOUT ROWID;
    )sql",
    // 12: how far a node of a cluster has followed the shared list of deleted
    // and purged accounts (server/account/deleted_accounts_follower.h), so
    // that a start reads only what is new: the position and the account
    // listed there (which tells the same list from a restored one). One row.
    // Seats by account, for the rewrites that list asks for (match_players
    // has its index since 9).
    R"sql(
      CREATE TABLE followed_deletions (
        id         INTEGER PRIMARY KEY CHECK (id = 1),
        position   INTEGER NOT NULL,
        account_id INTEGER NOT NULL
      );
      CREATE INDEX seats_by_account ON seats(account_id) WHERE account_id <> 0;
    )sql",
};

}  // namespace

void migrate(Connection& db) {
  auto version_stmt = db.prepare("PRAGMA user_version");
  version_stmt.step();
  const auto current = static_cast<std::size_t>(version_stmt.column_int(0));
  version_stmt.reset();
  constexpr std::size_t latest = sizeof(kMigrations) / sizeof(kMigrations[0]);
  if (current > latest) {
    throw SqliteError("the database has schema version " + std::to_string(current) + ", newer than this server's " +
                      std::to_string(latest));
  }
  for (std::size_t v = current; v < latest; ++v) {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(kMigrations[v]);
      db.exec(("PRAGMA user_version = " + std::to_string(v + 1)).c_str());
      db.exec("COMMIT");
    } catch (...) {
      db.exec("ROLLBACK");
      throw;
    }
  }
}

}  // namespace brethren::persistence
