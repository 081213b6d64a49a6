// brethren-server: see --help. Starts on its embedded defaults (port 8080,
// ./data/brethren.db) with no arguments.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "persistence/store.h"
#include "rules/registry/all_bots.h"
#include "rules/registry/all_games.h"
#include "server/config.h"
#include "server/recovery.h"
#include "server/server.h"

using namespace brethren;

namespace {

// The host to put in a URL for a person: a wildcard bind is reachable as
// localhost; an IPv6 literal needs brackets.
std::string browser_host(const std::string& bind) {
  if (bind == "0.0.0.0" || bind == "::" || bind.empty()) return "localhost";
  if (bind.find(':') != std::string::npos) return "[" + bind + "]";
  return bind;
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

  std::unique_ptr<persistence::Store> store;
  try {
    const std::filesystem::path db_path(config->db);
    if (db_path.has_parent_path()) std::filesystem::create_directories(db_path.parent_path());
    store = persistence::Store::open(config->db, persistence::StoreOptions{config->db_sync_full});
  } catch (const std::exception& e) {
    spdlog::critical("cannot open the database: {}", e.what());
    return 1;
  }

  const rules::GameRegistry games = rules::make_all_games_registry();
  server::Metrics metrics;
  store->set_commit_observer([&metrics](double seconds, std::size_t) { metrics.db_commit_latency.observe(seconds); });
  boost::asio::io_context io(config->threads);
  server::Services services{*config, games, *store, metrics, io, &rules::make_bot, &rules::bot_kinds};
  server::Server srv(services);

  const auto report = server::recover_rooms(services, srv.rooms());
  spdlog::info("recovered {} rooms, {} live and {} finished matches in {:.3f} s ({} failed)", report.rooms,
               report.live_matches, report.finished_matches, report.seconds, report.failed);

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
  if (srv.static_files().available()) {
    spdlog::info("serving the browser client from {}", srv.static_files().root());
  } else {
    spdlog::warn("no browser client found ({}): / says so; build web/ or pass --web-root",
                 config->web_root.empty() ? "no web folder beside the executable" : config->web_root);
  }
  spdlog::info("open http://{}:{}/ in a browser", browser_host(config->bind), port);
  srv.run_until_signal();
  store.reset();  // commits anything still queued
  spdlog::info("bye");
  return 0;
}
