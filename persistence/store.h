// The durable store: SQLite in WAL mode with schema migrations, and one
// writer thread that commits queued writes in groups (one transaction and
// one fsync for every write queued meanwhile, across all rooms).
//
// Writes are asynchronous: each takes a callback that runs, on the writer
// thread, once the write is committed (ok) or has failed. Callers that must
// not act before durability (acknowledging a move) act in that callback.
// Reads are synchronous and meant for start-up and rare look-ups.
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

class Store {
 public:
  using Done = std::function<void(bool ok, const std::string& error)>;
  using CommitObserver = std::function<void(double seconds, std::size_t writes)>;

  // Opens (creating if needed) and migrates the database; throws on failure.
  static std::unique_ptr<Store> open(const std::string& path, StoreOptions options = {});
  ~Store();  // commits everything queued, then stops the writer

  static constexpr int kSchemaVersion = 5;
  int schema_version() const;

  // --- Asynchronous writes, committed in submission order ---------------
  void insert_room(RoomRecord room, Done done);
  // Rewrites the room's options, settings, seat count, password and host token.
  void update_room(RoomRecord room, Done done);
  void set_room_status(std::string code, std::string status, Done done);
  void set_room_seat_count(std::string code, int seat_count, Done done);
  void upsert_seat(SeatRecord seat, Done done);
  void delete_seat(std::string room_code, int seat, Done done);
  // `match.id` must come from next_match_id().
  void insert_match(MatchRecord match, Done done);
  void append_action(ActionRecord action, Done done);
  // With a non-empty result.final_state, the match's action log is deleted
  // in the same transaction.
  void finish_match(ResultRecord result, Done done);
  void append_chat(ChatRecord chat, Done done);

  std::int64_t next_match_id();
  // Blocks until every write submitted before the call is committed.
  void flush();
  void set_commit_observer(CommitObserver observer);
  std::size_t queued_writes() const;

  // --- Synchronous reads --------------------------------------------------
  std::vector<RoomRecord> load_rooms() const;
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
  // Every room's last `per_room` chat messages in seq order, in one query
  // (start-up reads them for all rooms at once).
  std::unordered_map<std::string, std::vector<ChatRecord>> load_recent_chat(std::size_t per_room) const;

 private:
  struct Write;
  struct Statements;
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
