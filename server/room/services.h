// What rooms and sessions share: settings, games, storage, metrics. Each
// member is either immutable after start-up or thread-safe by itself.
// Lifetimes (main.cc): everything referenced here is declared before the
// Services, so it outlives the Services and the history pool's thread,
// which is joined when the Services go (or earlier, at shutdown).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>
#include <boost/asio/io_context.hpp>

#include "persistence/ratings.h"
#include "persistence/store.h"
#include "rules/bots/random_bot.h"
#include "rules/core/bot.h"
#include "rules/core/registry.h"
#include "server/match/bot_pool.h"
#include "server/room/account_rooms.h"
#include "server/room/my_rooms.h"
#include "server/base/config.h"
#include "server/history/history_pool.h"
#include "server/base/metrics.h"
#include "server/room/room_quota.h"

namespace brethren::server {

// The DRAINING error's words for StartMatch and Rematch (issue #26, item 4).
inline constexpr std::string_view kDrainingRefusesMatches =
    "this server is draining before a restart and starts no new matches: start it once the server is back";
class AccountService;  // server/account/account_service.h
class QuickPlay;       // server/quickplay/quick_play.h

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
  // Drain (issue #26, item 4; server/net/drain.h): no new rooms or matches.
  std::atomic<bool> draining{false};
  // Room creations per source address (--max-rooms-per-address).
  RoomQuota room_quota{};
  // GET /api/matches/{id}: its store reads and replays (history_http.cc).
  HistoryPool history_pool{};
  // Accounts and sessions (server/account/); main() sets it. Null: the
  // server answers no account request (in-process tests).
  std::shared_ptr<AccountService> accounts{};
  // Ratings' reads for profiles and leaderboards (docs/ratings.md); main()
  // sets it. Null: those requests are not answered (in-process tests).
  std::shared_ptr<persistence::RatingReads> ratings{};
  // With a shared account store (--accounts-postgres): a claimed account's
  // username ("" for a guest or a deleted account), for the seats restored
  // at start-up (this node's SQLite has no accounts rows then). Blocks.
  std::function<std::string(std::int64_t account_id)> claimed_username{};
  // Quick play (server/quickplay/); main() sets it. Null: the server
  // answers no quick-play request.
  std::shared_ptr<QuickPlay> quick_play{};
  // The rooms each account holds a seat in (myRooms; issue #27, item 4).
  AccountRooms account_rooms{};
  // In a cluster, the other nodes' (server/cluster/my_rooms_redis.h).
  RemoteMyRooms remote_my_rooms{};
  // A node of a cluster (--accounts-postgres; docs/accounts.md, "The
  // ratings outbox"): set, a finished match's ratings are not computed here
  // but stored as an outbox row with its result, and this is called once
  // that unit committed (it wakes the sender). Unset: a single node, whose
  // ratings commit with the result in its SQLite. main() sets it.
  std::function<void()> ratings_outbox_written{};
};

}  // namespace brethren::server
