// What rooms and sessions share: settings, games, storage, metrics. Each
// member is either immutable after start-up or thread-safe by itself.
// Lifetimes (main.cc): everything referenced here is declared before the
// Services, so it outlives the Services and the history pool's thread,
// which is joined when the Services go (or earlier, at shutdown).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include <boost/asio/io_context.hpp>

#include "persistence/store.h"
#include "rules/bots/random_bot.h"
#include "rules/core/bot.h"
#include "rules/core/registry.h"
#include "server/match/bot_pool.h"
#include "server/base/config.h"
#include "server/history/history_pool.h"
#include "server/base/metrics.h"
#include "server/room/room_quota.h"

namespace brethren::server {

struct Services {
  const Config& config;
  const rules::GameRegistry& games;
  persistence::Store& store;
  Metrics& metrics;
  boost::asio::io_context& io;
  // Quick bots (decide from a seat's view at once) by game id and kind
  // (nullptr: no such bot); their kinds for a game, weakest first.
  std::function<std::unique_ptr<rules::Bot>(std::string_view game, std::string_view kind, std::uint64_t seed)> make_bot;
  std::function<std::vector<std::string_view>(std::string_view game)> bot_kinds;
  // Bots that look ahead (nullptr: no such bot for the game); their kinds,
  // weakest first. They think on bot_pool. All of the server's kinds:
  // offered_bot_kinds().
  std::function<std::unique_ptr<rules::SearchBot>(std::string_view game, std::string_view kind, std::uint64_t seed)>
      make_search_bot;
  std::function<std::vector<std::string_view>()> search_bot_kinds;
  // Where search bots think (server/match/bot_pool.h); main() sets it, and the
  // shutdown stops it before the connections close.
  std::unique_ptr<BotPool> bot_pool{};
  std::atomic<bool> shutting_down{false};
  // Room creations per source address (--max-rooms-per-address).
  RoomQuota room_quota{};
  // GET /api/matches/{id}: its store reads and replays (history_http.cc).
  HistoryPool history_pool{};
};

// One bot kind the server offers for a game (GameInfo.bot_kinds).
struct OfferedBotKind {
  std::string kind;
  std::uint32_t time_budget_ms = 0;  // the search's deadline on this server; 0: decides at once
  bool searches = false;
};

// The bot kinds the server offers for `game`, weakest first: the game's
// quick bots (Services::bot_kinds: "random", "heuristic"), then the search
// bots it has (Services::search_bot_kinds: "medium", "hard"). The LAST IS
// THE STRONGEST: GameInfo.bot_kinds says so to clients, and the server takes
// it where it picks a bot itself (AddBot without a kind, the autopilot and a
// kicked player's seat unless RoomSettings.autopilot_bot names another).
std::vector<OfferedBotKind> offered_bot_kinds(const Services& services, std::string_view game);
// The strongest of them (the last).
std::string strongest_bot_kind(const Services& services, std::string_view game);
// Whether `kind` is one of them.
bool offers_bot_kind(const Services& services, std::string_view game, std::string_view kind);
// "its bots are random, heuristic, medium, hard": for error messages.
std::string bot_kinds_text(const Services& services, std::string_view game);
// Checks RoomSettings.autopilot_bot for `game` (empty: the strongest); the
// reason in words when it names no kind the server offers.
std::optional<std::string> autopilot_bot_problem(const Services& services, std::string_view game,
                                                 const std::string& kind);

// Milliseconds since the Unix epoch, for stored timestamps.
std::int64_t unix_millis();

}  // namespace brethren::server
