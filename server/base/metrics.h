// Process-wide counters and histograms, exported in the Prometheus text
// format at GET /metrics. Lock-free: updated from any thread.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace brethren::server {

class Histogram {
 public:
  // Upper bounds in seconds; the last bucket (+Inf) is implicit.
  static constexpr std::array<double, 14> kBounds = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01,
                                                     0.025,  0.05,    0.1,    0.25,  0.5,    1.0,   2.5};
  void observe(double seconds);
  void write(std::string& out, const char* name, const char* help) const;

 private:
  std::array<std::atomic<std::uint64_t>, kBounds.size() + 1> buckets_{};
  std::atomic<std::uint64_t> count_{0};
  std::atomic<std::uint64_t> sum_nanos_{0};
};

// Matches the server ended at start-up because they could not be restored
// (issue #26): counted per cause for /metrics, and the first few named for
// /healthz. Recorded once each, at recovery; read from any thread.
class UnrestorableMatches {
 public:
  // The causes, as the metric's label says them.
  static constexpr std::array<const char*, 3> kCauses = {"rules_version", "replay_failed", "corrupt_record"};
  // At most this many are named in /healthz (all are counted).
  static constexpr std::size_t kNamed = 20;

  // `cause` indexes kCauses.
  void record(std::size_t cause, std::int64_t match_id);
  std::uint64_t count() const;
  // brethren_matches_unrestorable_total{cause="..."}.
  void write_prometheus(std::string& out) const;
  // "unrestorableMatches":N,"unrestorable":[{"matchId":..,"cause":".."},...]
  // (fields for the /healthz object; match ids only: a room code would let
  // anyone into a private room, a match id shows nothing without its
  // credentials).
  std::string healthz_fields() const;

 private:
  struct Named {
    std::int64_t match_id;
    std::size_t cause;
  };
  mutable std::mutex mutex_;
  std::array<std::uint64_t, kCauses.size()> counts_{};
  std::vector<Named> named_;
};

struct Metrics {
  std::atomic<std::int64_t> connections_open{0};
  std::atomic<std::uint64_t> connections_total{0};
  std::atomic<std::int64_t> rooms{0};
  std::atomic<std::int64_t> live_matches{0};
  std::atomic<std::uint64_t> matches_finished{0};
  std::atomic<std::uint64_t> messages_received{0};
  std::atomic<std::uint64_t> moves_accepted{0};
  std::atomic<std::uint64_t> moves_rejected{0};
  std::atomic<std::uint64_t> errors_sent{0};
  std::atomic<std::uint64_t> rate_limited{0};
  std::atomic<std::int64_t> commits_in_flight{0};
  // The cluster lobby's store (server/cluster/lobby_redis.h): 1 reachable, 0 not,
  // -1 none configured; and its failed rounds.
  std::atomic<std::int64_t> lobby_store_up{-1};
  std::atomic<std::uint64_t> lobby_store_failures{0};
  // The bot worker pool (server/match/bot_pool.h).
  std::atomic<std::int64_t> bot_searches_running{0};  // or holding an early result until its deadline
  std::atomic<std::int64_t> bot_searches_queued{0};
  std::atomic<std::uint64_t> bot_searches{0};            // searches that ran (to their end or stopped)
  std::atomic<std::uint64_t> bot_searches_refused{0};    // queue full: the quick bot decided
  std::atomic<std::uint64_t> bot_searches_cancelled{0};  // their result was not wanted any more
  std::atomic<std::uint64_t> bot_results_stale{0};       // computed for an older state: asked again
  std::atomic<std::uint64_t> bot_results_held{0};        // found before the deadline, delivered at it
  // Drain (issue #26, item 4): 1 while the node takes no new rooms or matches.
  std::atomic<std::int64_t> draining{0};
  Histogram move_latency;       // move received -> acknowledged (after commit)
  Histogram db_commit_latency;  // one group commit
  Histogram bot_search_time;    // one search on a pool thread
  Histogram bot_queue_wait;     // a search's wait for a pool thread
  // Online backups (server/backup/): taken, failed, and the last good one's
  // start (Unix seconds; 0: none yet), duration and size.
  std::atomic<std::uint64_t> backups{0};
  std::atomic<std::uint64_t> backup_failures{0};
  std::atomic<std::int64_t> backup_last_success_unix{0};
  std::atomic<std::int64_t> backup_last_duration_ms{0};
  std::atomic<std::int64_t> backup_last_bytes{0};
  UnrestorableMatches unrestorable;  // ended at start-up: not restorable

  std::string prometheus_text() const;
};

}  // namespace brethren::server
