// Sends a cluster node's ratings outbox to the shared PostgreSQL
// (docs/accounts.md, "The ratings outbox"): on its own thread, takes the
// outbox rows in the order they committed, applies each exactly once with
// MatchRatingApplier (the rating model as the single-node path uses it:
// rate_seats, the bots' fixed ratings), then deletes the row through the
// store's writer. An apply PostgreSQL already has (a crash between its
// commit and the deletion) is deleted too. While PostgreSQL fails, the rows
// wait and the sender retries with a doubling back-off. It sleeps while the
// outbox is empty, until nudge() says a row was committed.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

#include "persistence/postgres/match_rating_applier.h"
#include "persistence/rating_outbox.h"
#include "persistence/store.h"

namespace brethren::rating {

// The row as MatchRatingApplier takes it (the account seats only), and the
// model that rates it from the accounts' ratings before. Exposed for tests.
persistence::postgres::FinishedMatchRows applier_rows(const persistence::OutboxMatch& match, int node_id);
persistence::postgres::MatchRatingApplier::Rate applier_rate(const persistence::OutboxMatch& match);
persistence::postgres::NewRating applier_initial();

class RatingsOutboxSender {
 public:
  struct Options {
    std::chrono::milliseconds first_backoff{200};
    std::chrono::milliseconds max_backoff{30000};
  };

  // `store` and `pool` must outlive the sender; `db_path` is the store's
  // file (the outbox is read on a connection of its own); `node_id` the
  // cluster's id of this node (--node-id; std::invalid_argument when
  // negative). Starts the thread, which first sends whatever a previous run
  // left.
  RatingsOutboxSender(persistence::Store& store, const std::string& db_path, persistence::postgres::Pool& pool,
                      int node_id, Options options);
  RatingsOutboxSender(persistence::Store& store, const std::string& db_path, persistence::postgres::Pool& pool,
                      int node_id)
      : RatingsOutboxSender(store, db_path, pool, node_id, Options{}) {}
  ~RatingsOutboxSender();  // stop()
  RatingsOutboxSender(const RatingsOutboxSender&) = delete;
  RatingsOutboxSender& operator=(const RatingsOutboxSender&) = delete;

  // A row was committed: send it now (cheap; any thread).
  void nudge();
  // Ends the thread after the row in hand (the rest wait in SQLite for the
  // next start). Call before the store goes.
  void stop();

  // Counters (any thread): rows applied, rows PostgreSQL already had, rows
  // dropped as malformed (logged), failed attempts.
  std::uint64_t applied() const;
  std::uint64_t already_applied() const;
  std::uint64_t dropped() const;
  std::uint64_t failures() const;
  // Rows waiting in the outbox.
  std::size_t waiting() const { return outbox_.size(); }

 private:
  void run();
  // Sends the oldest row; false when the outbox is empty. Throws when
  // PostgreSQL or the store fails (the row stays).
  bool send_oldest();
  void remove(std::int64_t match_id);

  persistence::Store& store_;
  persistence::RatingOutbox outbox_;
  persistence::postgres::MatchRatingApplier applier_;
  const int node_id_;
  const Options options_;

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool nudged_ = false;
  bool stopping_ = false;
  std::uint64_t applied_ = 0;
  std::uint64_t already_applied_ = 0;
  std::uint64_t dropped_ = 0;
  std::uint64_t failures_ = 0;
  std::thread thread_;  // last: starts once the rest is ready
};

}  // namespace brethren::rating
