// What rooms and sessions share: settings, games, storage, metrics. Each
// member is either immutable after start-up or thread-safe by itself.
// Lifetimes (main.cc): everything referenced here is declared before the
// Services, so it outlives the Services and the history pool's thread,
// which is joined when the Services go (or earlier, at shutdown).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string_view>
#include <boost/asio/io_context.hpp>

#include "persistence/store.h"
#include "rules/bots/random_bot.h"
#include "rules/core/registry.h"
#include "server/config.h"
#include "server/history_pool.h"
#include "server/metrics.h"
#include "server/room_quota.h"

namespace brethren::server {

struct Services {
  const Config& config;
  const rules::GameRegistry& games;
  persistence::Store& store;
  Metrics& metrics;
  boost::asio::io_context& io;
  // Bots by game id and kind (nullptr: no such bot); kinds for a game, best last.
  std::function<std::unique_ptr<rules::Bot>(std::string_view game, std::string_view kind, std::uint64_t seed)> make_bot;
  std::function<std::vector<std::string_view>(std::string_view game)> bot_kinds;
  std::atomic<bool> shutting_down{false};
  // Room creations per source address (--max-rooms-per-address).
  RoomQuota room_quota{};
  // GET /api/matches/{id}: its store reads and replays (history_http.cc).
  HistoryPool history_pool{};
};

// Milliseconds since the Unix epoch, for stored timestamps.
std::int64_t unix_millis();

}  // namespace brethren::server
