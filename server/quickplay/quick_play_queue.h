// One quick-play queue: the players waiting for one game at one seat count,
// and which of them form a table now (docs/quickplay.md, "Matching"). No
// I/O and no clock of its own: the service (quick_play.h) passes the time,
// so that the tests drive it with a manual one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "server/quickplay/match_window.h"

namespace brethren::server::quickplay {

struct QueueEntry {
  std::uint64_t client_id = 0;  // the connection (one entry each)
  std::int64_t account_id = 0;  // the account (one entry each)
  double mu = 0;                // the player's rating mean for the game
  Clock::time_point since;      // when he queued
};

class QuickPlayQueue {
 public:
  QuickPlayQueue(int seats, MatchWindow window, Clock::duration bot_fill)
      : seats_(seats), window_(window), bot_fill_(bot_fill) {}

  int seats() const { return seats_; }
  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  // Appends (entries stay in the order they queued).
  void add(QueueEntry entry) { entries_.push_back(entry); }
  // False when the connection has no entry here.
  bool remove(std::uint64_t client_id);
  // 1 for the one who waited longest; 0 when not queued here.
  int position(std::uint64_t client_id) const;
  const QueueEntry* find(std::uint64_t client_id) const;

  // A table of people: `seats` players whose spread each of them accepts
  // at `now`, taken out of the queue; of the acceptable tables, the one
  // holding the player who waited longest. Candidates are runs of players
  // next to each other in rating order (the closest groups). nullopt: none.
  std::optional<std::vector<QueueEntry>> take_table(Clock::time_point now);
  // When the player who waited longest has waited `bot_fill`: him and the
  // players nearest to him in rating who fit with him (fewer than `seats`,
  // each accepting the table's spread), taken out of the queue; the rest of
  // the table is bots. nullopt: nobody has waited that long.
  std::optional<std::vector<QueueEntry>> take_bot_table(Clock::time_point now);
  // The first time after `now` at which take_table or take_bot_table may
  // find something they do not find at `now`; nullopt: nothing will
  // change until the queue does.
  std::optional<Clock::time_point> next_change(Clock::time_point now) const;
  // When the player queued at `since` gets bots at the latest.
  Clock::time_point bots_by(Clock::time_point since) const { return since + bot_fill_; }

 private:
  // Entry indices in rating order (ties: who queued first).
  std::vector<std::size_t> by_rating() const;

  int seats_;
  MatchWindow window_;
  Clock::duration bot_fill_;
  std::vector<QueueEntry> entries_;
};

}  // namespace brethren::server::quickplay
