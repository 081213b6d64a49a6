-- A database as a server at schema version 11 left it (the ratings outbox,
-- empty: a node sends its rows as soon as it can): the schema copied from
-- the shipped migration steps 1..11 of
-- persistence/migrations.cc, frozen here so that a later edit of a shipped
-- step shows; then representative rows. Seat tokens: '1'*64 (Anne, Bonny),
-- '2'*64 (Calico), '3'*64 (Drake), '4'*64 (Every); the hashes are SHA-256.
-- Used by tests/persistence/migration_test.cc.
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

  ALTER TABLE results ADD COLUMN final_state BLOB NOT NULL DEFAULT x'';

  ALTER TABLE rooms ADD COLUMN turn_time_limit_ms INTEGER NOT NULL DEFAULT 0;

  ALTER TABLE seats ADD COLUMN bot_kind TEXT NOT NULL DEFAULT '';

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

  ALTER TABLE rooms ADD COLUMN status_at INTEGER NOT NULL DEFAULT 0;
  UPDATE rooms SET status_at = COALESCE(
    (SELECT MAX(finished_at) FROM matches WHERE matches.room_code = rooms.code AND matches.status = 'finished'),
    created_at);
  CREATE INDEX rooms_by_status ON rooms(status, status_at);

  ALTER TABLE matches ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1;

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
  CREATE TABLE sign_in_failures (
    name_key        TEXT PRIMARY KEY,
    failures        INTEGER NOT NULL,
    last_failure_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX sign_in_failures_by_time ON sign_in_failures(last_failure_at);
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


-- An open room: one player seated, a bot on the other seat.
INSERT INTO rooms (code, game_id, options, is_public, password_hash, seat_count, host_token_hash, status, created_at, turn_time_limit_ms, settings, status_at) VALUES ('AAA111AAA', 'port-royal-pfister', x'', 1, '', 2, '06dcb600d5beaa7a4dbbbbda6b1247b2dfd5a68cd16312bd588783332f3dc57b', 'open', 1700000000000, 0, x'', 1700000000000);
-- A room whose match is live: its log is added by the test (real moves).
INSERT INTO rooms (code, game_id, options, is_public, password_hash, seat_count, host_token_hash, status, created_at, turn_time_limit_ms, settings, status_at) VALUES ('BBB222BBB', 'port-royal-pfister', x'', 0, '', 2, '06dcb600d5beaa7a4dbbbbda6b1247b2dfd5a68cd16312bd588783332f3dc57b', 'playing', 1700000001000, 0, x'', 1700000001000);
-- A finished room: its match ended with a result.
INSERT INTO rooms (code, game_id, options, is_public, password_hash, seat_count, host_token_hash, status, created_at, turn_time_limit_ms, settings, status_at) VALUES ('CCC333CCC', 'port-royal-pfister', x'', 1, '', 2, '06dcb600d5beaa7a4dbbbbda6b1247b2dfd5a68cd16312bd588783332f3dc57b', 'finished', 1700000002000, 0, x'', 1700000009000);
INSERT INTO seats (room_code, seat, display_name, token_hash) VALUES ('AAA111AAA', 0, 'Anne', '3138bb9bc78df27c473ecfd1410f7bd45ebac1f59cf3ff9cfe4db77aab7aedd3');
INSERT INTO seats (room_code, seat, display_name, token_hash, bot_kind) VALUES ('AAA111AAA', 1, 'Random bot', '', 'random');
INSERT INTO seats (room_code, seat, display_name, token_hash) VALUES ('BBB222BBB', 0, 'Bonny', '3138bb9bc78df27c473ecfd1410f7bd45ebac1f59cf3ff9cfe4db77aab7aedd3');
INSERT INTO seats (room_code, seat, display_name, token_hash) VALUES ('BBB222BBB', 1, 'Calico', '4f2e8d65483c641648cdb374ae9d8abd368d269e4ddffe092a8237b8162cddd6');
INSERT INTO seats (room_code, seat, display_name, token_hash) VALUES ('CCC333CCC', 0, 'Drake', '79bd7d7fd684b399857c582b1b7172ddf277d4fe1b027ec52b28da3ae381e675');
INSERT INTO seats (room_code, seat, display_name, token_hash) VALUES ('CCC333CCC', 1, 'Every', 'f435f2420b50c70ec80865cf8e20b169874165fb8576b48633caf2a8176d2e4a');
INSERT INTO matches (id, room_code, game_id, options, seed, seat_count, status, started_at, finished_at, seed_salt, secret_seed, first_deadline_ms, rules_version) VALUES (1, 'BBB222BBB', 'port-royal-pfister', x'', 4242, 2, 'live', 1700000001500, 0, 'salt1', 0, 0, 1);
INSERT INTO matches (id, room_code, game_id, options, seed, seat_count, status, started_at, finished_at, seed_salt, secret_seed, first_deadline_ms, rules_version) VALUES (2, 'CCC333CCC', 'port-royal-pfister', x'', 777, 2, 'finished', 1700000002500, 1700000009000, 'salt2', 0, 0, 1);
INSERT INTO results (match_id, outcome, summary, finished_at, final_state) VALUES (2, x'', 'Drake wins', 1700000009000, x'');
INSERT INTO chat (room_code, seq, match_id, seat, display_name, text, at) VALUES ('BBB222BBB', 1, 1, 0, 'Bonny', 'fair winds', 1700000001600);
INSERT INTO chat (room_code, seq, match_id, seat, display_name, text, at) VALUES ('BBB222BBB', 2, 1, -1, 'Watcher', 'ahoy', 1700000001700);

-- A claimed account (Drake's) that held a seat of the finished match.
INSERT INTO accounts (id, username, username_key, display_name, password_hash, created_at, claimed_at) VALUES (1234567, 'Drake', 'drake', 'Drake', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA', 1700000000000, 1700000000500);
UPDATE seats SET account_id = 1234567 WHERE room_code = 'CCC333CCC' AND seat = 0;

-- Drake's rating in the game, and his place in the finished match.
INSERT INTO ratings (account_id, game_id, mu, sigma, shown, games, wins, updated_at) VALUES (1234567, 'port-royal-pfister', 27.5, 7.9, 3.8, 1, 1, 1700000009000);
INSERT INTO match_players (match_id, seat, account_id, game_id, place, won, rated, shown_before, shown_after, finished_at) VALUES (2, 0, 1234567, 'port-royal-pfister', 1, 1, 1, 0.0, 3.8, 1700000009000);

-- Three failed sign-ins on an unknown name.
INSERT INTO sign_in_failures (name_key, failures, last_failure_at) VALUES ('nobody', 3, 1700000008000);

PRAGMA user_version = 11;
