// Server settings: each from a flag, else a BRETHREN_* environment variable,
// else the embedded default.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace brethren::server {

struct Config {
  int threads = 0;  // 0: number of cores
  std::string bind = "0.0.0.0";
  std::uint16_t port = 8080;
  std::string db = "./data/brethren.db";
  std::string log_level = "info";
  std::size_t max_frame_bytes = 64 * 1024;
  double rate_limit = 30;              // messages per second per connection
  double rate_burst = 60;              // bucket size
  int rate_abuse_strikes = 100;        // unforgiven rate-limited messages before closing (1008)
  std::uint64_t max_event_gap = 1000;  // more missed events than this: send a full view instead
  bool db_sync_full = true;
  std::size_t max_send_queue = 4096;  // queued outgoing frames before a slow client is dropped
  // Connection limits against hostile clients (docs/security.md).
  std::size_t max_send_queue_bytes = 512 * 1024;  // queued outgoing bytes before a client is closed (1008)
  double max_bytes_per_second = 256 * 1024;       // received bytes per connection (bursts of 4 s) before 1008
  double rate_abuse_forgive = 1;                  // rate-limit strikes forgiven per second
  int max_rooms_per_connection = 20;
  double max_rooms_per_address = 30;        // a bucket per source address ...
  double rooms_per_address_per_minute = 6;  // ... refilled at this rate
  std::size_t max_rooms = 10000;            // rooms held in memory
  // The bot pool (server/match/bot_pool.h): where bots that look ahead think.
  int bot_threads = 0;           // 0: one per core but one (at least one)
  int bot_max_searches = 0;      // searches running at once; 0: bot_threads
  std::size_t bot_queue = 1000;  // searches waiting; beyond, the heuristic bot decides at once
  double bot_time_scale = 1;     // tests and benchmarks only: search budgets times this (<= 1)
  // The bot threads' nice value above the process's (0: the network threads'
  // priority). 19, Linux's idle class: at 10 a waking network thread still
  // waited behind a search on its core (people's move p99 1.7-1.9 x without
  // bots; at 19, 0.93-0.96 x: docs/performance.md).
  int bot_nice = 19;
  // Tests and benchmarks only: every match gets this seed instead of a secret
  // random one (0: off). Never set it where players play for real.
  std::uint64_t insecure_fixed_seed = 0;
  // The browser client's bundle (empty: "web" beside the executable, else
  // <prefix>/share/brethren/web; none found: / says the client is not built).
  std::string web_root;
  // Connection caps (docs/security.md). Over them a connection gets an HTTP
  // 503 with Retry-After, before any WebSocket upgrade. 0: no per-address cap.
  std::size_t max_connections = 20000;
  std::size_t max_connections_per_address = 256;
  // Plain HTTP requests: header and body bounds (431 / 413) and deadlines.
  std::size_t max_http_header_bytes = 8 * 1024;
  std::size_t max_http_body_bytes = 0;  // no endpoint takes a body
  double http_header_timeout = 5;       // seconds until the whole header is in
  double http_request_timeout = 10;     // seconds until the whole request is in
  // Peers (addresses, CIDR ranges) whose connections start with a PROXY
  // protocol v1 line naming the real client; empty: nobody is trusted to.
  std::string proxy_protocol_from;
  // Room expiry (seconds; 0: never). An open room nobody is in; a finished
  // room after its end and its last member; a live match without clock or
  // bots that nobody has played or watched for this long (abandoned).
  double idle_room_expiry_s = 30 * 60;
  double finished_room_retention_s = 60 * 60;
  double abandoned_match_expiry_s = 24 * 60 * 60;
  // Cluster (docs/scaling.md). node_id -1: a single node, as before; else
  // the first character of every room code it creates names it.
  int node_id = -1;
  std::string node_name;         // in errors and logs; default brethren-<id>
  std::string lobby_redis;       // HOST:PORT of the shared lobby; empty: this node's rooms only
  double lobby_heartbeat_s = 1;  // publish/fetch period; a node's entry lives 3 periods
  // Backups (server/backup/, docs/operations.md#backups): an online copy of
  // the database every backup_interval_s seconds (0: none) into backup_dir,
  // keeping the newest backup_keep of them.
  std::string backup_dir;
  double backup_interval_s = 0;
  int backup_keep = 24;
  // Drain (issue #26, item 4; docs/operations.md). SIGTERM, SIGUSR1 or POST
  // /admin/drain: no new rooms or matches, live ones play on for at most
  // this long, then the server stops (0: SIGTERM stops at once).
  double drain_grace_s = 30;
  // A file holding the bearer token of the /admin/ endpoints (empty: they
  // answer 404).
  std::string admin_token_file;
  // A file holding the bearer token of GET /metrics (empty: only clients on
  // the loopback interface read it; server/net/metrics_access.h).
  std::string metrics_token_file;
  // Accounts (server/account/, docs/accounts.md).
  int password_threads = 1;                              // threads hashing passwords (Argon2id)
  std::size_t password_queue = 64;                       // hashes waiting; beyond, SERVER_BUSY
  std::size_t password_memory_kib = 19456;               // Argon2id m (at least OWASP's 19 MiB)
  int password_passes = 2;                               // Argon2id t (at least 2)
  double session_idle_expiry_s = 30 * 24 * 3600.0;       // a session unused this long ends
  double session_absolute_expiry_s = 365 * 24 * 3600.0;  // a session ends this long after sign-in
  double sign_in_burst = 20;                             // password attempts per address at once ...
  double sign_in_per_minute = 20;                        // ... refilled at this rate
  int sign_in_free_failures = 5;                         // consecutive failures on a name before back-off
  double sign_in_backoff_s = 1;                          // the first back-off, doubling up to 15 minutes
  int sign_in_lock_failures = 100;                       // consecutive failures that lock a name for a day
  double guests_per_address_burst = 30;                  // guest accounts per address at once ...
  double guests_per_address_per_hour = 30;               // ... refilled at this rate
  // Quick play (server/quickplay/, docs/quickplay.md).
  double quickplay_window = 3;               // rating (mu) spread a table may have at once ...
  double quickplay_window_per_second = 1;    // ... widening by this much per second of waiting
  double quickplay_bot_fill_ms = 30000;      // after this wait the free seats get bots
  std::size_t quickplay_max_queue = 1000;    // players waiting per game; beyond, QUICK_PLAY_QUEUE_FULL
  double quickplay_absent_grace_ms = 60000;  // a quick-play room's autopilot grace (RoomSettings.absent_grace_ms)
  // Accounts, session 11 (server/account/, docs/accounts.md).
  std::size_t sign_in_tracked_names = 100000;  // usernames whose failures are counted (and stored) at most
  double guest_retention_days = 30;            // unused guest accounts are deleted after this long (0: never)
  // Accounts in a cluster, session 12 (docs/accounts.md, "Accounts in a cluster").
  std::string accounts_postgres;           // libpq connection string; empty: accounts and ratings in the SQLite
  std::size_t accounts_postgres_pool = 4;  // PostgreSQL connections (and account workers) at most
};

// Parses argv and the environment. Returns nullopt after printing --help or
// an error (exit code in `exit_code`).
std::optional<Config> parse_config(int argc, char** argv, int& exit_code);

}  // namespace brethren::server
