// The ratings outbox (migration 11; docs/accounts.md, "The ratings outbox"):
// on a node of a cluster a finished match's rating update goes to the shared
// PostgreSQL, which cannot join the SQLite transaction of the result. So the
// unit that commits the result also stores the match here (add(), a step
// for Store::Unit::run), and a sender applies the stored rows in order and
// removes each once PostgreSQL has it. Knows no game, no rating model and no
// server: numbers and text.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace brethren::persistence {

class Connection;

struct OutboxMatch {
  std::int64_t seq = 0;  // commit order; set when read
  std::int64_t match_id = 0;
  std::string room_code;
  std::string game_id;
  std::int64_t finished_at = 0;  // Unix milliseconds
  bool rated = false;            // decided when the result committed
  struct Seat {
    int seat = 0;
    std::int64_t account_id = 0;  // 0: no account
    std::string bot_kind;         // non-empty: a server-side bot
    int side = 0;                 // seats of one side are rated as a team
    int place = 0;                // the side's place, 1 = best
    bool abandoned = false;
  };
  std::vector<Seat> seats;  // by seat number
};

// --- Writer side: steps for Store::Unit::run, on the writer's connection.
namespace outbox_rows {
void add(Connection& db, const OutboxMatch& match);
// Nothing happens when the match is not (or no longer) in the outbox.
void remove(Connection& db, std::int64_t match_id);
}  // namespace outbox_rows

// --- Reads (any thread), on a connection of its own.
class RatingOutbox {
 public:
  explicit RatingOutbox(const std::string& path);
  ~RatingOutbox();

  // The row stored first, with its seats; nullopt when the outbox is empty.
  std::optional<OutboxMatch> oldest() const;
  std::size_t size() const;

 private:
  std::unique_ptr<Connection> db_;
  mutable std::mutex mutex_;
};

}  // namespace brethren::persistence
