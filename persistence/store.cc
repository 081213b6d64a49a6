#include "persistence/store.h"

#include <pthread.h>

#include <chrono>

#include "persistence/migrations.h"
#include "persistence/sqlite.h"

namespace brethren::persistence {

struct Store::Write {
  std::function<void(Statements&)> op;
  Done done;
};

// Prepared once, used only on the writer thread.
struct Store::Statements {
  explicit Statements(Connection& db)
      : db(db),
        insert_room(db.prepare(
            "INSERT INTO rooms (code, game_id, options, is_public, password_hash, seat_count, host_token_hash, "
            "status, created_at, turn_time_limit_ms, settings, status_at) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?9)")),
        update_room(db.prepare("UPDATE rooms SET options = ?2, is_public = ?3, password_hash = ?4, seat_count = ?5, "
                               "host_token_hash = ?6, turn_time_limit_ms = ?7, settings = ?8 WHERE code = ?1")),
        room_status(db.prepare("UPDATE rooms SET status = ?2, status_at = ?3 WHERE code = ?1")),
        upsert_seat(
            db.prepare("INSERT INTO seats (room_code, seat, display_name, token_hash, bot_kind, account_id) "
                       "VALUES (?1, ?2, ?3, ?4, ?5, ?6) "
                       "ON CONFLICT (room_code, seat) DO UPDATE SET display_name = ?3, token_hash = ?4, bot_kind = ?5, "
                       "account_id = ?6")),
        delete_seat(db.prepare("DELETE FROM seats WHERE room_code = ?1 AND seat = ?2")),
        insert_match(db.prepare(
            "INSERT INTO matches (id, room_code, game_id, options, seed, seat_count, status, started_at, seed_salt, "
            "secret_seed, first_deadline_ms, rules_version) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'live', ?7, ?8, ?9, ?10, "
            "?11)")),
        append_action(db.prepare(
            "INSERT INTO actions (match_id, seq, seat, action, at, deadline_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")),
        finish_match(db.prepare("UPDATE matches SET status = 'finished', finished_at = ?2 WHERE id = ?1")),
        match_status(db.prepare("UPDATE matches SET status = ?2 WHERE id = ?1")),
        insert_result(db.prepare("INSERT INTO results (match_id, outcome, summary, finished_at, final_state) "
                                 "VALUES (?1, ?2, ?3, ?4, ?5)")),
        delete_actions(db.prepare("DELETE FROM actions WHERE match_id = ?1")),
        insert_chat(db.prepare("INSERT INTO chat (room_code, seq, match_id, seat, display_name, text, at) "
                               "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")),
        // The writer's own steps, prepared once: sqlite3_exec would parse
        // them again for every write of every group.
        begin(db.prepare("BEGIN IMMEDIATE")),
        commit(db.prepare("COMMIT")),
        savepoint(db.prepare("SAVEPOINT w")),
        release(db.prepare("RELEASE w")),
        rollback_to(db.prepare("ROLLBACK TO w")) {}

  Connection& db;
  Statement insert_room, update_room, room_status, upsert_seat, delete_seat, insert_match, append_action, finish_match,
      match_status, insert_result, delete_actions, insert_chat, begin, commit, savepoint, release, rollback_to;
};

namespace {
#define MATCH_COLUMNS                                                                                            \
  "id, room_code, game_id, options, seed, seat_count, status, started_at, finished_at, seed_salt, secret_seed, " \
  "first_deadline_ms, rules_version"

MatchRecord match_from(Statement& st) {
  return MatchRecord{st.column_int(0),
                     st.column_text(1),
                     st.column_text(2),
                     st.column_blob(3),
                     static_cast<std::uint64_t>(st.column_int(4)),
                     static_cast<int>(st.column_int(5)),
                     match_status_from(st.column_text(6)),
                     st.column_int(7),
                     st.column_int(8),
                     st.column_text(9),
                     static_cast<std::uint64_t>(st.column_int(10)),
                     st.column_int(11),
                     static_cast<std::uint32_t>(st.column_int(12))};
}

void configure(Connection& db, bool synchronous_full) {
  db.exec("PRAGMA journal_mode = WAL");
  db.exec(synchronous_full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
}
}  // namespace

std::unique_ptr<Store> Store::open(const std::string& path, StoreOptions options) {
  return std::unique_ptr<Store>(new Store(path, options));
}

Store::Store(const std::string& path, StoreOptions options) : path_(path), options_(options) {
  writer_db_ = std::make_unique<Connection>(path);
  configure(*writer_db_, options_.synchronous_full);
  migrate(*writer_db_);
  statements_ = std::make_unique<Statements>(*writer_db_);
  reader_db_ = std::make_unique<Connection>(path);
  reader_db_->exec("PRAGMA foreign_keys = ON");
  auto max_id = writer_db_->prepare("SELECT COALESCE(MAX(id), 0) FROM matches");
  max_id.step();
  next_match_id_ = max_id.column_int(0) + 1;
  writer_ = std::thread([this] { writer_loop(); });
}

Store::~Store() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  writer_.join();
}

int Store::schema_version() const {
  std::lock_guard lock(reader_mutex_);
  auto st = reader_db_->prepare("PRAGMA user_version");
  st.step();
  return static_cast<int>(st.column_int(0));
}

void Store::enqueue(std::function<void(Statements&)> op, Done done) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(Write{std::move(op), std::move(done)});
    ++submitted_;
  }
  wake_.notify_one();
}

void Store::writer_loop() {
  // Named so that an operator (and bench/) can find it in top -H or ps -T,
  // e.g. to pin it with taskset -p.
  pthread_setname_np(pthread_self(), "store-writer");
  std::vector<Write> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything is committed
      while (!queue_.empty() && batch.size() < options_.max_group) {
        batch.push_back(std::move(queue_.front()));
        queue_.pop_front();
      }
    }
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::string> errors(batch.size());
    std::string batch_error;
    try {
      statements_->begin.run();
      for (std::size_t i = 0; i < batch.size(); ++i) {
        // A savepoint per write: one failing write does not undo the others.
        statements_->savepoint.run();
        try {
          batch[i].op(*statements_);
          statements_->release.run();
        } catch (const std::exception& e) {
          errors[i] = e.what();
          statements_->rollback_to.run();
          statements_->release.run();
        }
      }
      statements_->commit.run();
    } catch (const std::exception& e) {
      batch_error = e.what();
      try {
        writer_db_->exec("ROLLBACK");
      } catch (...) {
      }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CommitObserver observer;
    {
      std::lock_guard lock(mutex_);
      observer = observer_;
    }
    if (observer && batch_error.empty()) observer(seconds, batch.size());
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const std::string& error = batch_error.empty() ? errors[i] : batch_error;
      if (batch[i].done) batch[i].done(error.empty(), error);
    }
    {
      std::lock_guard lock(mutex_);
      committed_ += batch.size();
    }
    drained_.notify_all();
    batch.clear();
  }
}

void Store::flush() {
  std::unique_lock lock(mutex_);
  const std::uint64_t target = submitted_;
  drained_.wait(lock, [&] { return committed_ >= target; });
}

void Store::set_commit_observer(CommitObserver observer) {
  std::lock_guard lock(mutex_);
  observer_ = std::move(observer);
}

std::size_t Store::queued_writes() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

std::int64_t Store::next_match_id() {
  std::lock_guard lock(mutex_);
  return next_match_id_++;
}

// --- writes -----------------------------------------------------------------

void Store::commit_unit(Unit unit, Done done) {
  // One write: the writer runs it inside one savepoint, so a failing step
  // rolls back the steps before it.
  enqueue(
      [steps = std::move(unit.steps_)](Statements& s) {
        for (const auto& step : steps) step(s);
      },
      std::move(done));
}

Store::Unit& Store::Unit::insert_room(RoomRecord r) {
  steps_.push_back([r = std::move(r)](Statements& s) {
    s.insert_room.bind(1, r.code).bind(2, r.game_id).bind_blob(3, r.options).bind(4, r.is_public ? 1 : 0);
    s.insert_room.bind(5, r.password_hash)
        .bind(6, r.seat_count)
        .bind(7, r.host_token_hash)
        .bind(8, to_string(r.status));
    s.insert_room.bind(9, r.created_at).bind(10, r.turn_time_limit_ms).bind_blob(11, r.settings).run();
  });
  return *this;
}

Store::Unit& Store::Unit::update_room(RoomRecord r) {
  steps_.push_back([r = std::move(r)](Statements& s) {
    s.update_room.bind(1, r.code).bind_blob(2, r.options).bind(3, r.is_public ? 1 : 0).bind(4, r.password_hash);
    s.update_room.bind(5, r.seat_count).bind(6, r.host_token_hash).bind(7, r.turn_time_limit_ms);
    s.update_room.bind_blob(8, r.settings).run();
  });
  return *this;
}

Store::Unit& Store::Unit::set_room_status(std::string code, RoomStatus status, std::int64_t at_unix_ms) {
  steps_.push_back([code = std::move(code), status, at_unix_ms](Statements& s) {
    s.room_status.bind(1, code).bind(2, to_string(status)).bind(3, at_unix_ms).run();
  });
  return *this;
}

Store::Unit& Store::Unit::upsert_seat(SeatRecord seat) {
  steps_.push_back([seat = std::move(seat)](Statements& s) {
    s.upsert_seat.bind(1, seat.room_code).bind(2, seat.seat).bind(3, seat.display_name).bind(4, seat.token_hash);
    s.upsert_seat.bind(5, seat.bot_kind).bind(6, seat.account_id).run();
  });
  return *this;
}

Store::Unit& Store::Unit::delete_seat(std::string room_code, int seat) {
  steps_.push_back([room_code = std::move(room_code), seat](Statements& s) {
    s.delete_seat.bind(1, room_code).bind(2, seat).run();
  });
  return *this;
}

Store::Unit& Store::Unit::insert_match(MatchRecord m) {
  steps_.push_back([m = std::move(m)](Statements& s) {
    s.insert_match.bind(1, m.id).bind(2, m.room_code).bind(3, m.game_id).bind_blob(4, m.options);
    s.insert_match.bind(5, static_cast<std::int64_t>(m.seed)).bind(6, m.seat_count).bind(7, m.started_at);
    s.insert_match.bind(8, m.seed_salt).bind(9, static_cast<std::int64_t>(m.secret_seed));
    s.insert_match.bind(10, m.first_deadline_ms).bind(11, static_cast<std::int64_t>(m.rules_version)).run();
  });
  return *this;
}

Store::Unit& Store::Unit::set_match_status(std::int64_t match_id, MatchStatus status) {
  steps_.push_back(
      [match_id, status](Statements& s) { s.match_status.bind(1, match_id).bind(2, to_string(status)).run(); });
  return *this;
}

Store::Unit& Store::Unit::append_action(ActionRecord a) {
  steps_.push_back([a = std::move(a)](Statements& s) {
    s.append_action.bind(1, a.match_id).bind(2, a.seq).bind(3, a.seat).bind_blob(4, a.action).bind(5, a.at);
    s.append_action.bind(6, a.deadline_ms).run();
  });
  return *this;
}

Store::Unit& Store::Unit::finish_match(ResultRecord r) {
  steps_.push_back([r = std::move(r)](Statements& s) {
    s.finish_match.bind(1, r.match_id).bind(2, r.finished_at).run();
    s.insert_result.bind(1, r.match_id).bind_blob(2, r.outcome).bind(3, r.summary).bind(4, r.finished_at);
    s.insert_result.bind_blob(5, r.final_state).run();
    if (!r.final_state.empty()) s.delete_actions.bind(1, r.match_id).run();
  });
  return *this;
}

Store::Unit& Store::Unit::append_chat(ChatRecord c) {
  steps_.push_back([c = std::move(c)](Statements& s) {
    s.insert_chat.bind(1, c.room_code).bind(2, c.seq).bind(3, c.match_id).bind(4, c.seat);
    s.insert_chat.bind(5, c.display_name).bind(6, c.text).bind(7, c.at).run();
  });
  return *this;
}

Store::Unit& Store::Unit::run(std::function<void(Connection&)> step) {
  steps_.push_back([step = std::move(step)](Statements& s) { step(s.db); });
  return *this;
}

void Store::insert_room(RoomRecord room, Done done) {
  commit_unit(Unit().insert_room(std::move(room)), std::move(done));
}

void Store::update_room(RoomRecord room, Done done) {
  commit_unit(Unit().update_room(std::move(room)), std::move(done));
}

void Store::upsert_seat(SeatRecord seat, Done done) {
  commit_unit(Unit().upsert_seat(std::move(seat)), std::move(done));
}

void Store::delete_seat(std::string room_code, int seat, Done done) {
  commit_unit(Unit().delete_seat(std::move(room_code), seat), std::move(done));
}

void Store::append_chat(ChatRecord chat, Done done) {
  commit_unit(Unit().append_chat(std::move(chat)), std::move(done));
}

// --- reads ------------------------------------------------------------------

namespace {
#define ROOM_COLUMNS                                                                                    \
  "code, game_id, options, is_public, password_hash, seat_count, host_token_hash, status, created_at, " \
  "turn_time_limit_ms, settings"
#define SEAT_COLUMNS                                                  \
  "room_code, seat, display_name, token_hash, bot_kind, account_id, " \
  "COALESCE((SELECT a.username FROM accounts a WHERE a.id = seats.account_id AND a.claimed_at != 0), '')"

RoomRecord room_from(Statement& st) {
  return RoomRecord{st.column_text(0), st.column_text(1),
                    st.column_blob(2), st.column_int(3) != 0,
                    st.column_text(4), static_cast<int>(st.column_int(5)),
                    st.column_text(6), room_status_from(st.column_text(7)),
                    st.column_int(8),  st.column_int(9),
                    st.column_blob(10)};
}

SeatRecord seat_from(Statement& st) {
  return SeatRecord{st.column_text(0), static_cast<int>(st.column_int(1)),
                    st.column_text(2), st.column_text(3),
                    st.column_text(4), st.column_int(5),
                    st.column_text(6)};
}
}  // namespace

std::optional<RoomRecord> Store::load_room(const std::string& code) const {
  std::lock_guard lock(reader_mutex_);
  auto st = reader_db_->prepare("SELECT " ROOM_COLUMNS " FROM rooms WHERE code = ?1");
  st.bind(1, code);
  if (!st.step()) return std::nullopt;
  return room_from(st);
}

std::vector<SeatRecord> Store::load_seats() const {
  std::lock_guard lock(reader_mutex_);
  auto st = reader_db_->prepare("SELECT " SEAT_COLUMNS " FROM seats ORDER BY room_code, seat");
  std::vector<SeatRecord> out;
  while (st.step()) out.push_back(seat_from(st));
  return out;
}

std::vector<SeatRecord> Store::load_seats(const std::string& room_code) const {
  std::lock_guard lock(reader_mutex_);
  auto st = reader_db_->prepare("SELECT " SEAT_COLUMNS " FROM seats WHERE room_code = ?1 ORDER BY seat");
  st.bind(1, room_code);
  std::vector<SeatRecord> out;
  while (st.step()) out.push_back(seat_from(st));
  return out;
}

std::vector<MatchRecord> Store::load_matches() const {
  std::lock_guard lock(reader_mutex_);
  auto st = reader_db_->prepare("SELECT " MATCH_COLUMNS " FROM matches ORDER BY id");
  std::vector<MatchRecord> out;
  while (st.step()) out.push_back(match_from(st));
  return out;
}

std::optional<MatchRecord> Store::load_match(std::int64_t match_id) const {
  std::lock_guard lock(reader_mutex_);
  auto st = reader_db_->prepare("SELECT " MATCH_COLUMNS " FROM matches WHERE id = ?1");
  st.bind(1, match_id);
  if (!st.step()) return std::nullopt;
  return match_from(st);
}

// The action and result rows, read the same way by every query.
#define ACTION_COLUMNS "match_id, seq, seat, action, at, deadline_ms"
#define RESULT_COLUMNS "match_id, outcome, summary, finished_at, final_state"

namespace {
ActionRecord action_from(Statement& st) {
  return ActionRecord{st.column_int(0),  st.column_int(1), static_cast<int>(st.column_int(2)),
                      st.column_blob(3), st.column_int(4), st.column_int(5)};
}
ResultRecord result_from(Statement& st) {
  return ResultRecord{st.column_int(0), st.column_blob(1), st.column_text(2), st.column_int(3), st.column_blob(4)};
}
}  // namespace

std::optional<ResultRecord> Store::load_result(std::int64_t match_id) const {
  std::lock_guard lock(reader_mutex_);
  auto st = reader_db_->prepare("SELECT " RESULT_COLUMNS " FROM results WHERE match_id = ?1");
  st.bind(1, match_id);
  if (!st.step()) return std::nullopt;
  return result_from(st);
}

namespace {
ChatRecord chat_from(Statement& st) {
  return ChatRecord{st.column_text(0), st.column_int(1),  st.column_int(2), static_cast<int>(st.column_int(3)),
                    st.column_text(4), st.column_text(5), st.column_int(6)};
}
}  // namespace

std::vector<ChatRecord> Store::load_chat(const std::string& room_code) const {
  std::lock_guard lock(reader_mutex_);
  auto st = reader_db_->prepare(
      "SELECT room_code, seq, match_id, seat, display_name, text, at FROM chat WHERE room_code = ?1 ORDER BY seq");
  st.bind(1, room_code);
  std::vector<ChatRecord> out;
  while (st.step()) out.push_back(chat_from(st));
  return out;
}

std::unordered_map<std::int64_t, std::vector<ActionRecord>> Store::load_actions() const {
  std::lock_guard lock(reader_mutex_);
  auto st = reader_db_->prepare("SELECT " ACTION_COLUMNS " FROM actions ORDER BY match_id, seq");
  std::unordered_map<std::int64_t, std::vector<ActionRecord>> out;
  while (st.step()) {
    ActionRecord action = action_from(st);
    out[action.match_id].push_back(std::move(action));
  }
  return out;
}

std::vector<ActionRecord> Store::load_actions(std::int64_t match_id) const {
  std::lock_guard lock(reader_mutex_);
  auto st = reader_db_->prepare("SELECT " ACTION_COLUMNS " FROM actions WHERE match_id = ?1 ORDER BY seq");
  st.bind(1, match_id);
  std::vector<ActionRecord> out;
  while (st.step()) {
    out.push_back(action_from(st));
  }
  return out;
}

std::vector<ResultRecord> Store::load_results() const {
  std::lock_guard lock(reader_mutex_);
  auto st = reader_db_->prepare("SELECT " RESULT_COLUMNS " FROM results ORDER BY match_id");
  std::vector<ResultRecord> out;
  while (st.step()) {
    out.push_back(result_from(st));
  }
  return out;
}

// The rooms start-up brings back (?1: the finished rooms' cut-off), each
// one's newest match; both read through indexes (rooms_by_status,
// matches_by_room), so old history is never scanned.
#define KEPT_ROOMS                                                                                  \
  "WITH kept AS (SELECT code FROM rooms WHERE status IN ('open', 'playing') "                       \
  "              UNION ALL SELECT code FROM rooms WHERE status = 'finished' AND status_at >= ?1), " \
  "newest AS (SELECT (SELECT MAX(id) FROM matches WHERE room_code = kept.code) AS id FROM kept) "

RecoverySet Store::load_recovery(std::int64_t finished_since_unix_ms, std::size_t chat_per_room) const {
  std::lock_guard lock(reader_mutex_);
  RecoverySet out;
  {
    auto st =
        reader_db_->prepare(KEPT_ROOMS "SELECT " ROOM_COLUMNS
                                       " FROM rooms WHERE code IN (SELECT code FROM kept) ORDER BY created_at, code");
    st.bind(1, finished_since_unix_ms);
    while (st.step()) out.rooms.push_back(room_from(st));
  }
  {
    auto st = reader_db_->prepare(KEPT_ROOMS
                                  "SELECT " SEAT_COLUMNS
                                  " FROM seats WHERE room_code IN (SELECT code FROM kept) ORDER BY room_code, seat");
    st.bind(1, finished_since_unix_ms);
    while (st.step()) out.seats.push_back(seat_from(st));
  }
  {
    auto st = reader_db_->prepare(KEPT_ROOMS "SELECT " MATCH_COLUMNS
                                             " FROM matches WHERE id IN (SELECT id FROM newest) ORDER BY id");
    st.bind(1, finished_since_unix_ms);
    while (st.step()) out.matches.push_back(match_from(st));
  }
  {
    auto st = reader_db_->prepare(KEPT_ROOMS "SELECT " ACTION_COLUMNS
                                             " FROM actions "
                                             "WHERE match_id IN (SELECT id FROM newest) ORDER BY match_id, seq");
    st.bind(1, finished_since_unix_ms);
    while (st.step()) {
      ActionRecord action = action_from(st);
      out.actions[action.match_id].push_back(std::move(action));
    }
  }
  {
    auto st = reader_db_->prepare(KEPT_ROOMS
                                  "SELECT match_id, final_state FROM results "
                                  "WHERE match_id IN (SELECT id FROM newest) AND length(final_state) > 0");
    st.bind(1, finished_since_unix_ms);
    while (st.step()) out.final_states.emplace(st.column_int(0), st.column_blob(1));
  }
  {
    // A room's chat seqs run 1, 2, 3 ...: its last messages are those above
    // its highest seq less `chat_per_room`, read through the primary key.
    auto st = reader_db_->prepare(KEPT_ROOMS
                                  "SELECT c.room_code, c.seq, c.match_id, c.seat, c.display_name, c.text, c.at "
                                  "FROM kept JOIN chat c ON c.room_code = kept.code "
                                  "AND c.seq > (SELECT MAX(seq) FROM chat WHERE room_code = kept.code) - ?2 "
                                  "ORDER BY c.room_code, c.seq");
    st.bind(1, finished_since_unix_ms).bind(2, static_cast<std::int64_t>(chat_per_room));
    while (st.step()) {
      ChatRecord record = chat_from(st);
      out.chat[record.room_code].push_back(std::move(record));
    }
  }
  return out;
}

}  // namespace brethren::persistence
