// brethren-server: see --help. Starts on its embedded defaults (port 8080,
// ./data/brethren.db) with no arguments.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <sys/resource.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>

#include "persistence/store.h"
#include "rules/registry/all_bots.h"
#include "rules/registry/all_games.h"
#include "server/backup/backup_scheduler.h"
#include "server/account/account_service.h"
#include "server/base/config.h"
#include "server/cluster/lobby_redis.h"
#include "server/cluster/my_rooms_redis.h"
#include "server/cluster/quick_play_redis.h"
#include "server/cluster/session_ends_redis.h"
#include "server/room/recovery.h"
#include "server/net/admin_http.h"
#include "server/net/server.h"
#include "server/quickplay/quick_play.h"
#include "server/rating/rating.h"
#ifdef BRETHREN_WITH_POSTGRES
#include "persistence/postgres/account_store.h"
#include "persistence/postgres/pool.h"
#include "persistence/postgres/schema.h"
#include "server/account/deleted_accounts_follower.h"
#include "server/account/shared_account_records.h"
#include "server/rating/ratings_outbox_sender.h"
#include "server/rating/shared_rating_reads.h"
#endif

using namespace brethren;

namespace {

// The host to put in a URL for a person: a wildcard bind is reachable as
// localhost; an IPv6 literal needs brackets.
std::string browser_host(const std::string& bind) {
  if (bind == "0.0.0.0" || bind == "::" || bind.empty()) return "localhost";
  if (bind.find(':') != std::string::npos) return "[" + bind + "]";
  return bind;
}

// strerror in lower case, to follow "cannot open database X: ".
std::string error_text(int error) {
  std::string text = std::strerror(error);
  if (!text.empty()) text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

// Why SQLite could not use `db`, in words, found before it tries: its own
// message for all of these is "unable to open database file". nullopt: no
// problem found (the folder is created when missing).
std::optional<std::string> database_path_problem(const std::filesystem::path& db) {
  std::error_code ec;
  if (std::filesystem::is_directory(db, ec)) return "it is a directory";
  const std::filesystem::path folder = db.has_parent_path() ? db.parent_path() : std::filesystem::path(".");
  std::filesystem::create_directories(folder, ec);
  if (ec) return error_text(ec.value()) + " (creating the folder " + folder.string() + ")";
  if (!std::filesystem::is_directory(folder, ec)) return "its folder " + folder.string() + " is not a directory";
  // access() reports a read-only file system to root too (EROFS), and
  // SQLite needs the folder writable for its -wal and -shm files.
  if (::access(folder.c_str(), W_OK) != 0) return error_text(errno) + " (the folder " + folder.string() + ")";
  if (std::filesystem::exists(db, ec) && ::access(db.c_str(), R_OK | W_OK) != 0) return error_text(errno);
  return std::nullopt;
}

// One descriptor per connection: the soft limit goes up to the hard one
// (as far as an unprivileged process may), and a limit below the connection
// cap is worth a warning.
void raise_open_file_limit(std::size_t max_connections) {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max;
    if (::setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  constexpr rlim_t kReserve = 64;  // the database, the log, the event loop
  if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < max_connections + kReserve) {
    spdlog::warn(
        "open files limit {} is below --max-connections {} + {}: past it, accepts fail and back off "
        "until descriptors are free (raise it with ulimit -n)",
        limit.rlim_cur, max_connections, kReserve);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int exit_code = 0;
  auto config = server::parse_config(argc, argv, exit_code);
  if (!config) return exit_code;

  auto logger = spdlog::stderr_color_mt("brethren");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
  spdlog::set_level(spdlog::level::from_str(config->log_level));
  spdlog::flush_on(spdlog::level::info);

  raise_open_file_limit(config->max_connections);

  std::string admin_token;
  if (!config->admin_token_file.empty()) {
    std::string problem;
    auto token = server::read_admin_token(config->admin_token_file, problem);
    if (!token) {
      spdlog::critical("--admin-token-file: {}", problem);
      return 2;
    }
    admin_token = std::move(*token);
  }
  std::string metrics_token;
  if (!config->metrics_token_file.empty()) {
    std::string problem;
    auto token = server::read_token_file(config->metrics_token_file, "metrics token", problem);
    if (!token) {
      spdlog::critical("--metrics-token-file: {}", problem);
      return 2;
    }
    metrics_token = std::move(*token);
  }

  // Declared in the order they may be destroyed in reverse: the store's
  // last commit reports to the metrics and posts its callbacks to the event
  // loop, so both outlive it; the Services (and their history thread, which
  // reads the store and the games) go before either.
  boost::asio::io_context io(config->threads);
  server::Metrics metrics;
  std::unique_ptr<persistence::Store> store;
  if (const auto problem = database_path_problem(config->db)) {
    spdlog::critical("cannot open database {}: {}", config->db, *problem);
    return 1;
  }
  try {
    store = persistence::Store::open(config->db, persistence::StoreOptions{config->db_sync_full});
  } catch (const std::exception& e) {
    spdlog::critical("cannot open database {}: {}", config->db, e.what());
    return 1;
  }

  // Accounts, sessions and ratings: this node's SQLite, or with
  // --accounts-postgres the PostgreSQL a cluster's nodes share
  // (docs/accounts.md, "Accounts in a cluster"), migrated here, before
  // anything is served: a node that cannot reach it does not start.
  const bool shared_accounts = !config->accounts_postgres.empty();
#ifdef BRETHREN_WITH_POSTGRES
  std::unique_ptr<persistence::postgres::Pool> accounts_pool;
  if (shared_accounts) {
    try {
      accounts_pool =
          std::make_unique<persistence::postgres::Pool>(config->accounts_postgres, config->accounts_postgres_pool);
      auto db = accounts_pool->lease();
      persistence::postgres::migrate(*db);
      spdlog::info("accounts and ratings in the shared PostgreSQL (schema version {}, {} connections at most)",
                   persistence::postgres::schema_version(*db), config->accounts_postgres_pool);
    } catch (const std::exception& e) {
      spdlog::critical("cannot use --accounts-postgres: {}", e.what());
      return 1;
    }
  }
#else
  if (shared_accounts) {
    spdlog::critical("cannot use --accounts-postgres: this server was built without libpq (apt-get install libpq-dev)");
    return 1;
  }
#endif
  const rules::GameRegistry games = rules::make_all_games_registry();
  store->set_commit_observer([&metrics](double seconds, std::size_t) { metrics.db_commit_latency.observe(seconds); });
  server::Services services{*config,
                            games,
                            *store,
                            metrics,
                            io,
                            &rules::make_bot,
                            &rules::bot_kinds,
                            &rules::make_search_bot,
                            &rules::search_bot_kinds};
  services.bot_pool = std::make_unique<server::BotPool>(
      server::BotPoolOptions{config->bot_threads, config->bot_max_searches, config->bot_queue, config->bot_time_scale,
                             config->bot_nice},
      metrics);
#ifdef BRETHREN_WITH_POSTGRES
  std::unique_ptr<rating::RatingsOutboxSender> ratings_outbox;
#endif
  try {
    std::unique_ptr<server::AccountRecords> records;
#ifdef BRETHREN_WITH_POSTGRES
    if (accounts_pool) records = server::shared_account_records(*accounts_pool, *store, config->db);
#endif
    services.accounts =
        std::make_shared<server::AccountService>(*config, *store, config->db, metrics, std::move(records));
#ifdef BRETHREN_WITH_POSTGRES
    if (accounts_pool) {
      services.ratings = rating::shared_rating_reads(*accounts_pool);
      // Restored seats' `claimed` (persistence's seat rows read no accounts here).
      services.claimed_username = [&pool = *accounts_pool](std::int64_t account_id) {
        const auto account = persistence::postgres::AccountStore(pool).account(account_id);
        return account && account->claimed_at != 0 ? account->username : std::string();
      };
      // Rated results reach the shared ratings exactly once, through the
      // outbox their unit commits (docs/accounts.md, "The ratings outbox").
      ratings_outbox =
          std::make_unique<rating::RatingsOutboxSender>(*store, config->db, *accounts_pool, config->node_id);
      services.ratings_outbox_written = [sender = ratings_outbox.get()] { sender->nudge(); };
    }
#endif
    if (!services.ratings) services.ratings = std::make_shared<persistence::RatingReader>(config->db);
  } catch (const std::exception& e) {
    spdlog::critical("cannot start accounts: {}", e.what());
    return 1;
  }
  server::Server srv(services, std::move(admin_token), std::move(metrics_token));
  // Quick play (docs/quickplay.md): players from the accounts table, their
  // ratings from the ratings table (a new player's where he has none).
  try {
    server::QuickPlay::RatingSource rating_of = [reader = services.ratings](std::int64_t account_id,
                                                                            const std::string& game_id) {
      const auto stored = reader->rating(account_id, game_id);
      return stored ? rating::Rating{stored->mu, stored->sigma} : rating::initial_rating();
    };
    // A shared store is read before the request, on a worker (WsSession):
    // the account service answers from that read.
    auto players = shared_accounts ? server::signed_in_players(services.accounts)
                                   : server::account_players(*store, config->db, *config);
    services.quick_play =
        std::make_shared<server::QuickPlay>(services, srv.rooms(), std::move(players), std::move(rating_of));
  } catch (const std::exception& e) {
    spdlog::critical("cannot start quick play: {}", e.what());
    return 1;
  }

  const auto report = server::recover_rooms(services, srv.rooms());
  spdlog::info("recovered {} rooms, {} live and {} finished matches in {:.3f} s ({} failed)", report.rooms,
               report.live_matches, report.finished_matches, report.seconds, report.failed);

  // Backups (docs/operations.md#backups): scheduled with --backup-interval,
  // and on request (POST /admin/backup) whenever --backup-dir is set.
  std::unique_ptr<server::BackupScheduler> backups;
  if (!config->backup_dir.empty()) {
    backups = std::make_unique<server::BackupScheduler>(
        server::BackupSchedule{config->db, config->backup_dir, config->backup_interval_s, config->backup_keep, {}},
        metrics);
    srv.admin().set_backups(backups.get());
  }

  std::uint16_t port = 0;
  try {
    port = srv.listen();
  } catch (const std::exception& e) {
    spdlog::critical("cannot listen on {}:{}: {}", config->bind, config->port, e.what());
    return 1;
  }
  // One machine-readable line on stdout, for scripts and tests.
  std::printf("listening on ws://%s:%u/ws\n", config->bind.c_str(), port);
  std::fflush(stdout);
  spdlog::info("listening on {}:{} with {} threads, database {}", config->bind, port, config->threads, config->db);
  spdlog::info("bot pool: {} threads, {} searches at once, {} queued at most", config->bot_threads,
               std::min(config->bot_threads, config->bot_max_searches), config->bot_queue);
  if (srv.static_files().available()) {
    spdlog::info("serving the browser client from {}", srv.static_files().root());
  } else {
    spdlog::warn("no browser client found ({}): / says so; build web/ or pass --web-root",
                 config->web_root.empty() ? "no web folder beside the executable" : config->web_root);
  }
  spdlog::info("open http://{}:{}/ in a browser", browser_host(config->bind), port);
  if (config->node_id >= 0) spdlog::info("cluster node {} ({})", config->node_id, config->node_name);
  spdlog::info("SIGTERM drains for at most {} s (--drain-grace); admin endpoints {}", config->drain_grace_s,
               config->admin_token_file.empty() ? "off (no --admin-token-file)" : "on");
  spdlog::info("GET /metrics: {}", config->metrics_token_file.empty()
                                       ? "loopback clients only (no --metrics-token-file)"
                                       : "with the metrics bearer token");
  std::unique_ptr<server::RedisLobby> lobby;
  if (!config->lobby_redis.empty()) lobby = std::make_unique<server::RedisLobby>(*config, srv.rooms(), metrics);
  // myRooms lists the account's rooms on every node, where account ids are
  // shared (docs/accounts.md, "myRooms across nodes").
  std::unique_ptr<server::RedisMyRooms> my_rooms;
  if (!config->lobby_redis.empty() && config->node_id >= 0 && !config->accounts_postgres.empty()) {
    my_rooms =
        std::make_unique<server::RedisMyRooms>(*config, services.account_rooms, srv.rooms(), services.remote_my_rooms);
  }
  // Sessions ended on any node reach this node's signed-in connections
  // within a second, through the lobby's Redis (docs/accounts.md).
  // Only where account ids are shared: on per-node accounts, account 42 of
  // one node is another person than account 42 of the next.
  std::unique_ptr<server::RedisSessionEnds> session_ends;
  if (!config->lobby_redis.empty() && shared_accounts) {
    session_ends = std::make_unique<server::RedisSessionEnds>(config->lobby_redis, services.accounts->connections());
  }
  // A cluster node's quick play waits in the cluster's queues, so that
  // players on every node are matched together (docs/quickplay.md); only
  // with shared accounts, since a table's account ids must mean the same
  // accounts on the node that makes its room.
  std::unique_ptr<server::RedisQuickPlay> shared_queues;
  if (!config->lobby_redis.empty() && config->node_id >= 0 && shared_accounts) {
    shared_queues = std::make_unique<server::RedisQuickPlay>(*config, *services.quick_play);
  }
#ifdef BRETHREN_WITH_POSTGRES
  // Accounts deleted on any node: this node's seats of theirs show
  // "deleted player" too (docs/accounts.md, "Deleted accounts in a cluster").
  std::unique_ptr<server::DeletedAccountsFollower> deleted_accounts;
  if (accounts_pool) {
    deleted_accounts = std::make_unique<server::DeletedAccountsFollower>(*accounts_pool, *store, config->db,
                                                                         services.account_rooms, srv.rooms());
  }
#endif
  if (config->backup_interval_s > 0) {
    spdlog::info("backups every {} s into {}, keeping {}", config->backup_interval_s, config->backup_dir,
                 config->backup_keep);
  } else if (backups) {
    spdlog::info("backups on request (POST /admin/backup) into {}, keeping {}", config->backup_dir,
                 config->backup_keep);
  }
  srv.run_until_signal();  // the network threads and the history thread have ended
  backups.reset();         // a backup in progress ends first
  lobby.reset();           // leaves the cluster's lobby
  my_rooms.reset();        // and takes its accounts' rooms out of Redis
  session_ends.reset();
  shared_queues.reset();  // takes this node's players out of the queues
#ifdef BRETHREN_WITH_POSTGRES
  deleted_accounts.reset();  // before the store it writes to
#endif
  // No password job touches the store after this.
  services.accounts->stop();
#ifdef BRETHREN_WITH_POSTGRES
  if (ratings_outbox) ratings_outbox->stop();  // the rows it has not sent wait in the store
#endif
  store.reset();  // commits anything still queued
  spdlog::info("bye");
  return 0;
}
