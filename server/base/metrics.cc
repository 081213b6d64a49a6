#include "server/base/metrics.h"

#include <cstdio>

namespace brethren::server {

void Histogram::observe(double seconds) {
  std::size_t i = 0;
  while (i < kBounds.size() && seconds > kBounds[i]) ++i;
  buckets_[i].fetch_add(1, std::memory_order_relaxed);
  count_.fetch_add(1, std::memory_order_relaxed);
  sum_nanos_.fetch_add(static_cast<std::uint64_t>(seconds * 1e9), std::memory_order_relaxed);
}

void Histogram::write(std::string& out, const char* name, const char* help) const {
  char line[256];
  std::snprintf(line, sizeof line, "# HELP %s %s\n# TYPE %s histogram\n", name, help, name);
  out += line;
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i <= kBounds.size(); ++i) {
    cumulative += buckets_[i].load(std::memory_order_relaxed);
    if (i < kBounds.size()) {
      std::snprintf(line, sizeof line, "%s_bucket{le=\"%g\"} %llu\n", name, kBounds[i],
                    static_cast<unsigned long long>(cumulative));
    } else {
      std::snprintf(line, sizeof line, "%s_bucket{le=\"+Inf\"} %llu\n", name,
                    static_cast<unsigned long long>(cumulative));
    }
    out += line;
  }
  std::snprintf(line, sizeof line, "%s_sum %.9f\n%s_count %llu\n", name,
                static_cast<double>(sum_nanos_.load(std::memory_order_relaxed)) / 1e9, name,
                static_cast<unsigned long long>(count_.load(std::memory_order_relaxed)));
  out += line;
}

void UnrestorableMatches::record(std::size_t cause, std::int64_t match_id) {
  if (cause >= kCauses.size()) return;
  std::lock_guard lock(mutex_);
  ++counts_[cause];
  if (named_.size() < kNamed) named_.push_back({match_id, cause});
}

std::uint64_t UnrestorableMatches::count() const {
  std::lock_guard lock(mutex_);
  std::uint64_t total = 0;
  for (auto n : counts_) total += n;
  return total;
}

void UnrestorableMatches::write_prometheus(std::string& out) const {
  std::lock_guard lock(mutex_);
  out +=
      "# HELP brethren_matches_unrestorable_total Stored matches that could not be restored at start-up and were "
      "ended as abandoned, by cause.\n# TYPE brethren_matches_unrestorable_total counter\n";
  for (std::size_t i = 0; i < kCauses.size(); ++i) {
    out += "brethren_matches_unrestorable_total{cause=\"" + std::string(kCauses[i]) + "\"} " +
           std::to_string(counts_[i]) + "\n";
  }
}

std::string UnrestorableMatches::healthz_fields() const {
  std::lock_guard lock(mutex_);
  std::uint64_t total = 0;
  for (auto n : counts_) total += n;
  std::string out = "\"unrestorableMatches\":" + std::to_string(total) + ",\"unrestorable\":[";
  for (std::size_t i = 0; i < named_.size(); ++i) {
    if (i > 0) out += ',';
    out += "{\"matchId\":" + std::to_string(named_[i].match_id) + ",\"cause\":\"" + kCauses[named_[i].cause] + "\"}";
  }
  return out + "]";
}

namespace {
template <class T>
void metric(std::string& out, const char* name, const char* type, const char* help, const std::atomic<T>& v) {
  char line[256];
  std::snprintf(line, sizeof line, "# HELP %s %s\n# TYPE %s %s\n%s %lld\n", name, help, name, type, name,
                static_cast<long long>(v.load(std::memory_order_relaxed)));
  out += line;
}
}  // namespace

std::string Metrics::prometheus_text() const {
  std::string out;
  metric(out, "brethren_connections_open", "gauge", "Open WebSocket connections.", connections_open);
  metric(out, "brethren_connections_total", "counter", "WebSocket connections accepted.", connections_total);
  metric(out, "brethren_rooms", "gauge", "Rooms held by the server.", rooms);
  metric(out, "brethren_live_matches", "gauge", "Matches started and not finished.", live_matches);
  metric(out, "brethren_matches_finished_total", "counter", "Matches that reached their end.", matches_finished);
  metric(out, "brethren_messages_received_total", "counter", "Client messages received.", messages_received);
  metric(out, "brethren_moves_accepted_total", "counter", "Moves accepted and committed.", moves_accepted);
  metric(out, "brethren_moves_rejected_total", "counter", "Moves rejected by the rules.", moves_rejected);
  metric(out, "brethren_errors_sent_total", "counter", "Error replies sent.", errors_sent);
  metric(out, "brethren_rate_limited_total", "counter", "Messages refused by the rate limit.", rate_limited);
  metric(out, "brethren_lobby_store_up", "gauge", "Cluster lobby store reachable (1), not (0), none configured (-1).",
         lobby_store_up);
  metric(out, "brethren_lobby_store_failures_total", "counter", "Failed rounds with the cluster lobby store.",
         lobby_store_failures);
  metric(out, "brethren_bot_searches_running", "gauge", "Bot searches running on the bot pool.", bot_searches_running);
  metric(out, "brethren_bot_searches_queued", "gauge", "Bot searches waiting for a bot pool thread.",
         bot_searches_queued);
  metric(out, "brethren_bot_searches_total", "counter", "Bot searches run.", bot_searches);
  metric(out, "brethren_bot_searches_refused_total", "counter",
         "Bot searches refused by a full bot pool queue (the quick bot decided).", bot_searches_refused);
  metric(out, "brethren_bot_searches_cancelled_total", "counter",
         "Bot searches cancelled (room gone, player back, shutdown).", bot_searches_cancelled);
  metric(out, "brethren_bot_results_stale_total", "counter",
         "Bot search results computed for an older state, discarded and asked again.", bot_results_stale);
  metric(out, "brethren_bot_results_held_total", "counter",
         "Bot moves found before the search's deadline and held until it, so that think time tells nothing.",
         bot_results_held);
  unrestorable.write_prometheus(out);
  metric(out, "brethren_draining", "gauge",
         "Draining (1): no new rooms or matches, live matches play on until they end or the drain's deadline.",
         draining);
  move_latency.write(out, "brethren_move_latency_seconds",
                     "From a move's arrival to its acknowledgement, commit included.");
  db_commit_latency.write(out, "brethren_db_commit_latency_seconds", "Duration of one SQLite group commit.");
  bot_search_time.write(out, "brethren_bot_search_seconds", "Duration of one bot search on the bot pool.");
  bot_queue_wait.write(out, "brethren_bot_queue_wait_seconds", "A bot search's wait for a bot pool thread.");
  // Online backups (server/backup/).
  metric(out, "brethren_backups_total", "counter", "Online backups of the database taken.", backups);
  metric(out, "brethren_backup_failures_total", "counter", "Online backups that failed (see the log).",
         backup_failures);
  metric(out, "brethren_backup_last_success_timestamp_seconds", "gauge",
         "Start of the last good backup (Unix seconds; 0: none yet).", backup_last_success_unix);
  metric(out, "brethren_backup_last_bytes", "gauge", "Size of the last good backup.", backup_last_bytes);
  char duration[256];
  std::snprintf(duration, sizeof duration,
                "# HELP brethren_backup_last_duration_seconds Duration of the last good backup.\n"
                "# TYPE brethren_backup_last_duration_seconds gauge\nbrethren_backup_last_duration_seconds %.3f\n",
                static_cast<double>(backup_last_duration_ms.load(std::memory_order_relaxed)) / 1000);
  out += duration;
  return out;
}

}  // namespace brethren::server
