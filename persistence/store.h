// The durable store: SQLite in WAL mode with schema migrations, and one
// writer thread that commits queued writes in groups (one transaction and
// one fsync for every write queued meanwhile, across all rooms).
//
// Writes are asynchronous: each takes a callback that runs, on the writer
// thread, once the write is committed (ok) or has failed. Callers that must
// not act before durability (acknowledging a move) act in that callback.
// Reads are synchronous and meant for start-up and rare look-ups.
//
// Rows that form one change of state (a match's final move, its result and
// the room's status) go in one Unit: all of them commit, or none.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "persistence/records.h"

namespace brethren::persistence {

class Connection;

struct StoreOptions {
  // PRAGMA synchronous: FULL makes every commit survive power loss, NORMAL
  // survives process crashes (WAL) but may lose the last commits on power loss.
  bool synchronous_full = true;
  // At most this many writes in one transaction.
  std::size_t max_group = 2048;
};

// What start-up recovery needs: the rooms still in play (open, playing, or
// finished recently), their seats, each one's newest match with its log or
// final state, and their recent chat. Expired rooms and old finished ones
// are not read, so start-up does not grow with the history.
struct RecoverySet {
  std::vector<RoomRecord> rooms;
  std::vector<SeatRecord> seats;
  std::vector<MatchRecord> matches;                                     // each room's newest match, if any
  std::unordered_map<std::int64_t, std::vector<ActionRecord>> actions;  // by match id, in seq order
  std::unordered_map<std::int64_t, std::string> final_states;           // by match id, only non-empty
  std::unordered_map<std::string, std::vector<ChatRecord>> chat;        // by room code, in seq order
};

class Store {
  struct Statements;  // prepared once, used on the writer thread only

 public:
  using Done = std::function<void(bool ok, const std::string& error)>;
  using CommitObserver = std::function<void(double seconds, std::size_t writes)>;

  // Row changes committed all or nothing: they run inside one savepoint of
  // the group transaction, which is rolled back on the first failing
  // statement while other writes of the same group still commit.
  class Unit {
   public:
    Unit& insert_room(RoomRecord room);
    Unit& update_room(RoomRecord room);
    // `at_unix_ms`: when the room entered the status (a finished room's
    // retention and the recovery cut-off count from it).
    Unit& set_room_status(std::string code, RoomStatus status, std::int64_t at_unix_ms);
    Unit& upsert_seat(SeatRecord seat);
    Unit& delete_seat(std::string room_code, int seat);
    // `match.id` must come from next_match_id().
    Unit& insert_match(MatchRecord match);
    // kAbandoned: a live match given up (its room expired unfinished).
    Unit& set_match_status(std::int64_t match_id, MatchStatus status);
    Unit& append_action(ActionRecord action);
    // With a non-empty result.final_state, the match's action log is deleted.
    Unit& finish_match(ResultRecord result);
    Unit& append_chat(ChatRecord chat);
    // A step on tables the store has no statements for (persistence/
    // accounts.cc): runs on the writer's connection, inside the unit.
    Unit& run(std::function<void(Connection&)> step);
    std::size_t size() const { return steps_.size(); }

   private:
    friend class Store;
    std::vector<std::function<void(Statements&)>> steps_;
  };

  // Opens (creating if needed) and migrates the database; throws on failure.
  static std::unique_ptr<Store> open(const std::string& path, StoreOptions options = {});
  ~Store();  // commits everything queued, then stops the writer

  static constexpr int kSchemaVersion = 12;
  int schema_version() const;

  // --- Asynchronous writes, committed in submission order ---------------
  // All of the unit's rows, or none; `done` says which.
  void commit_unit(Unit unit, Done done);
  // Single-row changes the rooms make (each a unit of one); a match's rows
  // go in units (Unit::insert_match, append_action, finish_match).
  void insert_room(RoomRecord room, Done done);
  // Rewrites the room's options, settings, seat count, password and host token.
  void update_room(RoomRecord room, Done done);
  void upsert_seat(SeatRecord seat, Done done);
  void delete_seat(std::string room_code, int seat, Done done);
  void append_chat(ChatRecord chat, Done done);

  // The id for Unit::insert_match.
  std::int64_t next_match_id();
  // Blocks until every write submitted before the call is committed.
  void flush();
  void set_commit_observer(CommitObserver observer);
  std::size_t queued_writes() const;

  // --- Synchronous reads --------------------------------------------------
  std::vector<SeatRecord> load_seats() const;
  std::vector<MatchRecord> load_matches() const;
  // Actions of every match, grouped by match id, in seq order.
  std::unordered_map<std::int64_t, std::vector<ActionRecord>> load_actions() const;
  std::vector<ActionRecord> load_actions(std::int64_t match_id) const;
  std::vector<ResultRecord> load_results() const;
  // One match, for the match history API; nullopt when unknown.
  std::optional<MatchRecord> load_match(std::int64_t match_id) const;
  std::optional<ResultRecord> load_result(std::int64_t match_id) const;
  std::optional<RoomRecord> load_room(const std::string& code) const;
  // One room's seats, by seat number.
  std::vector<SeatRecord> load_seats(const std::string& room_code) const;
  // The room's chat in seq order.
  std::vector<ChatRecord> load_chat(const std::string& room_code) const;
  // Start-up: rooms that are open or playing, and finished rooms whose
  // status dates from `finished_since_unix_ms` or later; with each room's
  // newest match and last `chat_per_room` chat messages.
  RecoverySet load_recovery(std::int64_t finished_since_unix_ms, std::size_t chat_per_room) const;

 private:
  struct Write;
  Store(const std::string& path, StoreOptions options);
  void enqueue(std::function<void(Statements&)> op, Done done);
  void writer_loop();

  std::string path_;
  StoreOptions options_;
  std::unique_ptr<Connection> writer_db_;
  std::unique_ptr<Statements> statements_;
  std::unique_ptr<Connection> reader_db_;
  mutable std::mutex reader_mutex_;

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable drained_;
  std::deque<Write> queue_;
  std::uint64_t submitted_ = 0;
  std::uint64_t committed_ = 0;
  bool stopping_ = false;
  std::int64_t next_match_id_ = 1;
  CommitObserver observer_;
  std::thread writer_;
};

}  // namespace brethren::persistence
