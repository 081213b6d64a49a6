#include "server/base/config.h"

#include <boost/program_options.hpp>
#include <initializer_list>
#include <iostream>
#include <stdexcept>
#include <thread>

#include "server/base/address_ranges.h"
#include "server/base/room_code.h"

namespace brethren::server {

namespace po = boost::program_options;

std::optional<Config> parse_config(int argc, char** argv, int& exit_code) {
  Config c;
  std::string db_sync = "full";
  po::options_description desc(
      "brethren-server: authoritative game server for pirate card and board games\n"
      "Every option can also be set by an environment variable BRETHREN_<OPTION>\n"
      "(upper case, '-' as '_'), e.g. BRETHREN_PORT=9000. Flags win over the environment.\n\nOptions");
  // clang-format off
  desc.add_options()
      ("help,h", "this text")
      ("threads", po::value(&c.threads)->default_value(0), "worker threads (0: one per core)")
      ("bind", po::value(&c.bind)->default_value(c.bind), "address to listen on")
      ("port", po::value(&c.port)->default_value(c.port), "TCP port (0: any free port, printed at start)")
      ("db", po::value(&c.db)->default_value(c.db), "SQLite database file (created with its folder)")
      ("log-level", po::value(&c.log_level)->default_value(c.log_level), "trace, debug, info, warn, error, critical, off")
      ("max-frame-bytes", po::value(&c.max_frame_bytes)->default_value(c.max_frame_bytes), "largest WebSocket message accepted; larger ones close the connection (1009)")
      ("rate-limit", po::value(&c.rate_limit)->default_value(c.rate_limit), "messages per second allowed per connection")
      ("rate-burst", po::value(&c.rate_burst)->default_value(c.rate_burst), "messages allowed in a burst")
      ("rate-abuse-strikes", po::value(&c.rate_abuse_strikes)->default_value(c.rate_abuse_strikes), "unforgiven rate-limited messages (see --rate-abuse-forgive) beyond which the connection is closed (1008)")
      ("max-event-gap", po::value(&c.max_event_gap)->default_value(c.max_event_gap), "a reconnecting client that missed more events gets a full view instead")
      ("db-sync", po::value(&db_sync)->default_value(db_sync), "full: every commit survives power loss; normal: survives crashes only")
      ("max-send-queue", po::value(&c.max_send_queue)->default_value(c.max_send_queue), "outgoing frames queued for one slow client before it is dropped")
      ("bot-threads", po::value(&c.bot_threads)->default_value(c.bot_threads), "threads of the bot pool, where the bots that look ahead (medium, hard) think (0: one per core but one, at least one)")
      ("bot-max-searches", po::value(&c.bot_max_searches)->default_value(c.bot_max_searches), "bot searches running at once (0: --bot-threads); more wait in the queue")
      ("bot-queue", po::value(&c.bot_queue)->default_value(c.bot_queue), "bot searches waiting for a thread at most; beyond, the game's heuristic bot decides that move at once")
      ("bot-nice", po::value(&c.bot_nice)->default_value(c.bot_nice), "nice value of the bot pool's threads above the process's own, 0 to 19: the higher, the more the network threads come first; 19 also puts them in Linux's idle scheduling class (only CPU time nobody else wants)")
      ("bot-time-scale", po::value(&c.bot_time_scale)->default_value(c.bot_time_scale), "tests and benchmarks only: every bot search stops at its budget times this (0 to 1)")
      ("insecure-fixed-seed", po::value(&c.insecure_fixed_seed)->default_value(0), "tests and benchmarks only: every match uses this seed (0: secret random seeds)")
      ("web-root", po::value(&c.web_root)->default_value(c.web_root), "folder of the browser client's bundle (default: 'web' beside the executable, else <prefix>/share/brethren/web)")
      ("max-connections", po::value(&c.max_connections)->default_value(c.max_connections), "open connections at most; more get HTTP 503 with Retry-After")
      ("max-connections-per-address", po::value(&c.max_connections_per_address)->default_value(c.max_connections_per_address), "open connections at most from one IPv4 address or IPv6 /64 (0: no cap); more get HTTP 503")
      ("max-http-header-bytes", po::value(&c.max_http_header_bytes)->default_value(c.max_http_header_bytes), "largest HTTP request header, request line included; larger: 431")
      ("max-http-body-bytes", po::value(&c.max_http_body_bytes)->default_value(c.max_http_body_bytes), "largest HTTP request body (no endpoint takes one); larger: 413")
      ("http-header-timeout", po::value(&c.http_header_timeout)->default_value(c.http_header_timeout), "seconds a connection has to send a request's whole header (also the keep-alive idle time)")
      ("http-request-timeout", po::value(&c.http_request_timeout)->default_value(c.http_request_timeout), "seconds a connection has to send a whole request")
      ("proxy-protocol-from", po::value(&c.proxy_protocol_from)->default_value(c.proxy_protocol_from), "trusted proxies (comma-separated addresses or CIDR ranges): their connections must start with a PROXY protocol v1 line, whose client address the per-address cap counts (default: none)")
      ("max-send-queue-bytes", po::value(&c.max_send_queue_bytes)->default_value(c.max_send_queue_bytes), "outgoing bytes queued for one client (beyond one message) before it is closed (1008) or dropped")
      ("max-bytes-per-second", po::value(&c.max_bytes_per_second)->default_value(c.max_bytes_per_second), "received bytes per second per connection (bursts of 4 s, at least two frames) before it is closed (1008)")
      ("rate-abuse-forgive", po::value(&c.rate_abuse_forgive)->default_value(c.rate_abuse_forgive), "rate-limited messages forgiven per second: more than --rate-abuse-strikes unforgiven closes the connection (1008)")
      ("max-rooms-per-connection", po::value(&c.max_rooms_per_connection)->default_value(c.max_rooms_per_connection), "rooms one connection may create (TOO_MANY_ROOMS beyond)")
      ("max-rooms-per-address", po::value(&c.max_rooms_per_address)->default_value(c.max_rooms_per_address), "rooms one source address may create at once (TOO_MANY_ROOMS beyond), refilled at --rooms-per-address-per-minute")
      ("rooms-per-address-per-minute", po::value(&c.rooms_per_address_per_minute)->default_value(c.rooms_per_address_per_minute), "room creations each source address gets back per minute")
      ("max-rooms", po::value(&c.max_rooms)->default_value(c.max_rooms), "rooms held in memory; creating more answers TOO_MANY_ROOMS")
      ("idle-room-expiry", po::value(&c.idle_room_expiry_s)->default_value(c.idle_room_expiry_s), "seconds an open room with nobody in it is kept (0: forever)")
      ("finished-room-retention", po::value(&c.finished_room_retention_s)->default_value(c.finished_room_retention_s), "seconds a finished room is kept after its end and its last member left (0: forever); its matches stay in the history API")
      ("abandoned-match-expiry", po::value(&c.abandoned_match_expiry_s)->default_value(c.abandoned_match_expiry_s), "seconds a live match without clock or bots is kept with nobody in its room and no move (0: forever); then it is abandoned")
      ("node-id", po::value(&c.node_id)->default_value(c.node_id), "cluster mode: this node's number, 0 to 31 (its room codes start with the code alphabet's character at that index); -1: a single node")
      ("node-name", po::value(&c.node_name)->default_value(c.node_name), "this node's name in errors and logs (default: brethren-<node-id>)")
      ("lobby-redis", po::value(&c.lobby_redis)->default_value(c.lobby_redis), "HOST:PORT of the Redis server that joins the nodes' lobbies (empty: ListRooms shows this node's rooms only)")
      ("lobby-heartbeat", po::value(&c.lobby_heartbeat_s)->default_value(c.lobby_heartbeat_s), "seconds between lobby publications; a node silent for three of them leaves the lobby")
      // Backups (server/backup/).
      ("backup-dir", po::value(&c.backup_dir)->default_value(c.backup_dir), "folder of the online backups of the database, scheduled and asked for with POST /admin/backup (created when missing)")
      ("backup-interval", po::value(&c.backup_interval_s)->default_value(c.backup_interval_s), "seconds between online backups into --backup-dir, the first one that long after start (0: none)")
      ("backup-keep", po::value(&c.backup_keep)->default_value(c.backup_keep), "scheduled backups kept in --backup-dir; older ones are deleted")
      // Drain (issue #26, item 4; docs/operations.md).
      ("drain-grace", po::value(&c.drain_grace_s)->default_value(c.drain_grace_s), "seconds a draining node (SIGTERM, SIGUSR1, POST /admin/drain) lets its live matches play on before it stops; 0: SIGTERM stops at once")
      ("admin-token-file", po::value(&c.admin_token_file)->default_value(c.admin_token_file), "file whose first line is the bearer token of the /admin/ endpoints (POST /admin/drain, POST /admin/backup); empty: those endpoints answer 404")
      ("metrics-token-file", po::value(&c.metrics_token_file)->default_value(c.metrics_token_file), "file whose first line is the bearer token of GET /metrics (its figures follow the bots' hidden cards); empty: only clients on the loopback interface read /metrics, others get 404")
      // Accounts (server/account/, docs/accounts.md).
      ("password-threads", po::value(&c.password_threads)->default_value(c.password_threads), "threads that hash passwords (Argon2id), apart from the network threads")
      ("password-queue", po::value(&c.password_queue)->default_value(c.password_queue), "password hashes waiting for a thread at most; beyond, SERVER_BUSY")
      ("password-memory-kib", po::value(&c.password_memory_kib)->default_value(c.password_memory_kib), "Argon2id memory per hash in KiB (at least 19456, OWASP's minimum); stored hashes of other costs are re-hashed at sign-in")
      ("password-passes", po::value(&c.password_passes)->default_value(c.password_passes), "Argon2id passes (at least 2)")
      ("session-idle-expiry", po::value(&c.session_idle_expiry_s)->default_value(c.session_idle_expiry_s), "seconds an unused account session lasts")
      ("session-absolute-expiry", po::value(&c.session_absolute_expiry_s)->default_value(c.session_absolute_expiry_s), "seconds an account session lasts at most")
      ("sign-in-burst", po::value(&c.sign_in_burst)->default_value(c.sign_in_burst), "password attempts (sign-in, claim, change, delete) one address may make at once")
      ("sign-in-per-minute", po::value(&c.sign_in_per_minute)->default_value(c.sign_in_per_minute), "password attempts each address gets back per minute")
      ("sign-in-free-failures", po::value(&c.sign_in_free_failures)->default_value(c.sign_in_free_failures), "consecutive failed sign-ins on a username before it backs off")
      ("sign-in-backoff", po::value(&c.sign_in_backoff_s)->default_value(c.sign_in_backoff_s), "seconds of the first back-off, doubling with each failure up to 15 minutes")
      ("sign-in-lock-failures", po::value(&c.sign_in_lock_failures)->default_value(c.sign_in_lock_failures), "consecutive failed sign-ins that lock a username for a day (at most 100, NIST SP 800-63B)")
      ("guests-per-address", po::value(&c.guests_per_address_burst)->default_value(c.guests_per_address_burst), "guest accounts one address may create at once")
      ("guests-per-address-per-hour", po::value(&c.guests_per_address_per_hour)->default_value(c.guests_per_address_per_hour), "guest accounts each address gets back per hour")
      // Quick play (server/quickplay/, docs/quickplay.md).
      ("quickplay-window", po::value(&c.quickplay_window)->default_value(c.quickplay_window), "quick play: the rating (mu) spread a table of people may have when they have just queued")
      ("quickplay-window-per-second", po::value(&c.quickplay_window_per_second)->default_value(c.quickplay_window_per_second), "quick play: how much that spread widens per second a player waits")
      ("quickplay-bot-fill-ms", po::value(&c.quickplay_bot_fill_ms)->default_value(c.quickplay_bot_fill_ms), "quick play: milliseconds a player waits at most before the free seats of his table are filled with bots")
      ("quickplay-max-queue", po::value(&c.quickplay_max_queue)->default_value(c.quickplay_max_queue), "quick play: players waiting per game at most; beyond, QUICK_PLAY_QUEUE_FULL")
      ("quickplay-absent-grace-ms", po::value(&c.quickplay_absent_grace_ms)->default_value(c.quickplay_absent_grace_ms), "quick play: milliseconds a disconnected player's seat waits before a bot plays it (0: never)")
      // Accounts, session 11 (docs/accounts.md).
      ("sign-in-tracked-names", po::value(&c.sign_in_tracked_names)->default_value(c.sign_in_tracked_names), "usernames (real or not) whose failed sign-ins are counted and stored at most; when that many are fresh, sign-ins on other names answer SERVER_BUSY")
      ("guest-retention-days", po::value(&c.guest_retention_days)->default_value(c.guest_retention_days), "days a guest account with no session used and no seat in an unfinished room is kept (0: forever; fractions allowed)")
      // Accounts in a cluster, session 12 (docs/accounts.md).
      ("accounts-postgres", po::value(&c.accounts_postgres)->default_value(c.accounts_postgres), "libpq connection string of the PostgreSQL the nodes of a cluster share for accounts, sessions and ratings (empty: this node's database)")
      ("accounts-postgres-pool", po::value(&c.accounts_postgres_pool)->default_value(c.accounts_postgres_pool), "connections to --accounts-postgres at most, and threads making the account requests' calls to it (1 to 64)");
  // clang-format on
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    po::store(po::parse_environment(desc,
                                    [&desc](const std::string& env) -> std::string {
                                      if (env.rfind("BRETHREN_", 0) != 0) return "";
                                      std::string name = env.substr(9);
                                      for (auto& ch : name) ch = ch == '_' ? '-' : static_cast<char>(std::tolower(ch));
                                      return desc.find_nothrow(name, false) ? name : "";
                                    }),
              vm);
    if (vm.count("help")) {
      std::cout << desc << "\n";
      exit_code = 0;
      return std::nullopt;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "brethren-server: " << e.what() << "\n";
    exit_code = 2;
    return std::nullopt;
  }
  if (db_sync != "full" && db_sync != "normal") {
    std::cerr << "brethren-server: --db-sync must be full or normal\n";
    exit_code = 2;
    return std::nullopt;
  }
  c.db_sync_full = db_sync == "full";
  for (double expiry : {c.idle_room_expiry_s, c.finished_room_retention_s, c.abandoned_match_expiry_s}) {
    if (!(expiry >= 0 && expiry <= 365.0 * 24 * 3600)) {
      std::cerr << "brethren-server: room expiry times must be between 0 and one year (seconds)\n";
      exit_code = 2;
      return std::nullopt;
    }
  }
  if (c.bot_threads < 0 || c.bot_max_searches < 0 || !(c.bot_time_scale >= 0 && c.bot_time_scale <= 1) ||
      c.bot_nice < 0 || c.bot_nice > 19) {
    std::cerr << "brethren-server: --bot-threads and --bot-max-searches must be >= 0, --bot-time-scale between 0 "
                 "and 1 and --bot-nice between 0 and 19\n";
    exit_code = 2;
    return std::nullopt;
  }
  if (c.bot_threads == 0) c.bot_threads = static_cast<int>(std::max(2u, std::thread::hardware_concurrency()) - 1);
  if (c.bot_max_searches == 0) c.bot_max_searches = c.bot_threads;
  if (c.threads <= 0) c.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (c.rate_limit <= 0 || c.rate_burst < 1) {
    std::cerr << "brethren-server: --rate-limit must be > 0 and --rate-burst >= 1\n";
    exit_code = 2;
    return std::nullopt;
  }
  if (c.max_connections < 1 || c.max_http_header_bytes < 256 || c.http_header_timeout <= 0 ||
      c.http_request_timeout <= 0) {
    std::cerr << "brethren-server: --max-connections must be >= 1, --max-http-header-bytes >= 256 and the "
                 "HTTP timeouts > 0\n";
    exit_code = 2;
    return std::nullopt;
  }
  try {
    AddressRanges check(c.proxy_protocol_from);
  } catch (const std::invalid_argument& e) {
    std::cerr << "brethren-server: --proxy-protocol-from: " << e.what() << "\n";
    exit_code = 2;
    return std::nullopt;
  }
  if (c.max_send_queue_bytes < 1024 || c.max_bytes_per_second <= 0 || c.rate_abuse_forgive < 0 ||
      c.max_rooms_per_connection < 0 || c.max_rooms_per_address < 0 || c.rooms_per_address_per_minute < 0) {
    std::cerr << "brethren-server: --max-send-queue-bytes must be >= 1024, --max-bytes-per-second > 0, and the "
                 "room and forgiveness limits >= 0\n";
    exit_code = 2;
    return std::nullopt;
  }
  if (c.node_id < -1 || c.node_id >= kMaxClusterNodes) {
    std::cerr << "brethren-server: --node-id must be between 0 and " << kMaxClusterNodes - 1
              << " (or -1 for a single node)\n";
    exit_code = 2;
    return std::nullopt;
  }
  if (c.node_name.empty() && c.node_id >= 0) c.node_name = "brethren-" + std::to_string(c.node_id);
  if (!c.lobby_redis.empty() && c.lobby_redis.rfind(':') == std::string::npos) {
    std::cerr << "brethren-server: --lobby-redis must be HOST:PORT\n";
    exit_code = 2;
    return std::nullopt;
  }
  if (!(c.lobby_heartbeat_s >= 0.05 && c.lobby_heartbeat_s <= 60)) {
    std::cerr << "brethren-server: --lobby-heartbeat must be between 0.05 and 60 seconds\n";
    exit_code = 2;
    return std::nullopt;
  }
  // Backups.
  if (!(c.backup_interval_s >= 0 && c.backup_interval_s <= 365.0 * 24 * 3600) || c.backup_keep < 1 ||
      (c.backup_interval_s > 0 && c.backup_dir.empty())) {
    std::cerr << "brethren-server: --backup-interval must be between 0 and one year (seconds) and needs "
                 "--backup-dir, and --backup-keep must be >= 1\n";
    exit_code = 2;
    return std::nullopt;
  }
  if (!(c.drain_grace_s >= 0 && c.drain_grace_s <= 24 * 3600)) {
    std::cerr << "brethren-server: --drain-grace must be between 0 and 86400 seconds\n";
    exit_code = 2;
    return std::nullopt;
  }
  // Accounts.
  if (c.password_threads < 1 || c.password_queue < 1 || c.password_memory_kib < 19456 ||
      c.password_memory_kib > 4 * 1024 * 1024 || c.password_passes < 2 || c.password_passes > 100) {
    std::cerr << "brethren-server: --password-threads and --password-queue must be >= 1, --password-memory-kib "
                 "between 19456 and 4194304 and --password-passes between 2 and 100\n";
    exit_code = 2;
    return std::nullopt;
  }
  if (!(c.session_idle_expiry_s > 0) || !(c.session_absolute_expiry_s > 0) ||
      c.session_absolute_expiry_s > 10 * 365 * 24 * 3600.0 || !(c.sign_in_burst >= 1) || !(c.sign_in_per_minute >= 0) ||
      c.sign_in_free_failures < 0 || !(c.sign_in_backoff_s >= 0) || c.sign_in_lock_failures < 1 ||
      c.sign_in_lock_failures > 100 || !(c.guests_per_address_burst >= 1) || !(c.guests_per_address_per_hour >= 0)) {
    std::cerr << "brethren-server: session expiries must be > 0 (at most ten years), --sign-in-burst and "
                 "--guests-per-address >= 1, rates, back-off and free failures >= 0, --sign-in-lock-failures "
                 "between 1 and 100\n";
    exit_code = 2;
    return std::nullopt;
  }
  // Quick play.
  if (!(c.quickplay_window >= 0 && c.quickplay_window <= 1000) ||
      !(c.quickplay_window_per_second >= 0 && c.quickplay_window_per_second <= 1000) ||
      !(c.quickplay_bot_fill_ms >= 0 && c.quickplay_bot_fill_ms <= 3600 * 1000.0) || c.quickplay_max_queue < 1 ||
      !(c.quickplay_absent_grace_ms >= 0 && c.quickplay_absent_grace_ms <= 24 * 3600 * 1000.0)) {
    std::cerr << "brethren-server: --quickplay-window and --quickplay-window-per-second must be between 0 and 1000, "
                 "--quickplay-bot-fill-ms between 0 and one hour, --quickplay-max-queue >= 1 and "
                 "--quickplay-absent-grace-ms between 0 and one day\n";
    exit_code = 2;
    return std::nullopt;
  }
  // Accounts, session 11.
  if (c.sign_in_tracked_names < 1 || c.sign_in_tracked_names > 10000000 ||
      !(c.guest_retention_days >= 0 && c.guest_retention_days <= 100 * 365)) {
    std::cerr << "brethren-server: --sign-in-tracked-names must be between 1 and 10000000 and "
                 "--guest-retention-days between 0 and 36500\n";
    exit_code = 2;
    return std::nullopt;
  }
  // Accounts in a cluster, session 12.
  if (c.accounts_postgres_pool < 1 || c.accounts_postgres_pool > 64) {
    std::cerr << "brethren-server: --accounts-postgres-pool must be between 1 and 64\n";
    exit_code = 2;
    return std::nullopt;
  }
  // The shared store knows a match by its node and its id (the ratings
  // outbox): nodes without ids would take each other's matches for applied.
  if (!c.accounts_postgres.empty() && c.node_id < 0) {
    std::cerr << "brethren-server: --accounts-postgres needs --node-id (each node of the cluster its own)\n";
    exit_code = 2;
    return std::nullopt;
  }
  return c;
}

}  // namespace brethren::server
