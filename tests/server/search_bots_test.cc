// Bots that look ahead through the real server (issue #24): their kinds in
// ListGames, AddBot and the room's autopilot choice; whole matches played
// by them on the bot pool (server/match/bot_pool.h); the pool's bound and its
// full queue; a shutdown that does not wait for their searches and plays
// nothing after it; moves found early held until the deadline. Search
// budgets are cut by the test-only --bot-time-scale so that matches take
// seconds, under sanitizers too.
// Every wait is for an event (a message, a metric), never a fixed time.
#include <signal.h>
#include <sys/wait.h>

#include <google/protobuf/util/json_util.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "brethren/v1/history.pb.h"
#include "rules/registry/all_bots.h"
#include "rules/registry/all_games.h"
#include "tests/support/history_support.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

namespace {

// A tenth of a hard bot's second: matches of a few seconds.
const std::vector<std::string> kFastBots = {"--bot-time-scale=0.01"};

v1::ClientMessage add_bot_msg(const std::string& code, int seat, const std::string& kind) {
  v1::ClientMessage m;
  m.mutable_add_bot()->set_room_code(code);
  m.mutable_add_bot()->set_seat(seat);
  m.mutable_add_bot()->set_kind(kind);
  return m;
}

// The value of a metric without labels in the /metrics text; -1 if absent.
double metric(std::uint16_t port, const std::string& name) {
  const auto [status, text] = http_get(port, "/metrics");
  REQUIRE(status == 200);
  const std::string key = "\n" + name + " ";
  const auto at = text.find(key);
  if (at == std::string::npos) return -1;
  return std::stod(text.substr(at + key.size()));
}

// Polls /metrics until `name` satisfies `pred` (the event), at most `limit`.
template <class Pred>
bool wait_for_metric(std::uint16_t port, const std::string& name, Pred pred,
                     std::chrono::milliseconds limit = std::chrono::seconds(60)) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < until) {
    if (pred(metric(port, name))) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

bool finished_update(const v1::ServerMessage& m) { return m.has_match_update() && m.match_update().view().finished(); }

// A room of `seats` bots of the given kinds (in turn), created and started
// by `host`, who watches. Returns its code.
std::string start_bot_room(WsClient& host, const std::string& game, int seats, const std::vector<std::string>& kinds) {
  const std::string code = host.request(create_room_msg(game, seats)).room_created().room().room_code();
  for (int s = 0; s < seats; ++s) {
    auto reply = host.request(add_bot_msg(code, s, kinds[s % kinds.size()]));
    INFO(reply.ShortDebugString());
    REQUIRE(reply.has_room());
    REQUIRE(reply.room().seats(s).bot() == kinds[s % kinds.size()]);
  }
  REQUIRE(host.request(start_msg(code)).has_room());
  return code;
}

v1::MatchHistory history_of(std::uint16_t port, std::int64_t match_id, const std::string& code) {
  const auto reply = http_get_with(port, "/api/matches/" + std::to_string(match_id), {{"X-Room-Code", code}});
  INFO(reply.body);
  REQUIRE(reply.status == 200);
  v1::MatchHistory history;
  REQUIRE(google::protobuf::util::JsonStringToMessage(reply.body, &history).ok());
  return history;
}

}  // namespace

TEST_CASE("Search bots: ListGames lists each game's bot kinds weakest first, with the search budgets") {
  TempDir dir;
  ServerProcess server(dir.path() + "/s.db");
  WsClient client(server.port());
  v1::ClientMessage list;
  list.mutable_list_games();
  const auto reply = client.request(list);
  REQUIRE(reply.games().games_size() == static_cast<int>(rules::make_all_games_registry().games().size()));
  for (const auto& game : reply.games().games()) {
    INFO(game.ShortDebugString());
    std::vector<std::string> expected;
    for (auto kind : rules::bot_kinds(game.id())) expected.emplace_back(kind);
    for (auto kind : rules::search_bot_kinds()) expected.emplace_back(kind);
    REQUIRE(expected == std::vector<std::string>{"random", "heuristic", "medium", "hard"});
    REQUIRE(game.bot_kinds_size() == 4);
    for (int i = 0; i < 4; ++i) REQUIRE(game.bot_kinds(i).kind() == expected[i]);
    // The quick bots decide at once; the search bots think within their budgets.
    REQUIRE_FALSE(game.bot_kinds(0).searches());
    REQUIRE(game.bot_kinds(0).time_budget_ms() == 0);
    REQUIRE_FALSE(game.bot_kinds(1).searches());
    REQUIRE(game.bot_kinds(1).time_budget_ms() == 0);
    REQUIRE(game.bot_kinds(2).searches());
    REQUIRE(game.bot_kinds(3).searches());
    const auto medium = game.bot_kinds(2).time_budget_ms();
    const auto hard = game.bot_kinds(3).time_budget_ms();
    REQUIRE(medium > 0);
    REQUIRE(hard > medium);
    REQUIRE(medium == rules::make_search_bot(game.id(), "medium", 1)->time_budget().count());
    REQUIRE(hard == rules::make_search_bot(game.id(), "hard", 1)->time_budget().count());
  }
}

TEST_CASE("Search bots: hard and medium bots play a whole match of every game, and the history names them") {
  const auto games = rules::make_all_games_registry();
  for (const auto& game : games.games()) {
    DYNAMIC_SECTION(game->id()) {
      TempDir dir;
      ServerProcess server(dir.path() + "/s.db", kFastBots);
      WsClient host(server.port());
      const int seats = game->info().min_seats();
      const std::string code = start_bot_room(host, game->id(), seats, {"hard", "medium"});
      const auto end = host.wait_for(finished_update, std::chrono::seconds(240));
      REQUIRE(end.has_value());
      REQUIRE(end->match_update().view().outcome().seats_size() == seats);
      REQUIRE(metric(server.port(), "brethren_bot_searches_total") > 0);
      const auto history = history_of(server.port(), end->match_update().match_id(), code);
      REQUIRE(history.players_size() == seats);
      for (int s = 0; s < seats; ++s) REQUIRE(history.players(s).bot() == (s % 2 == 0 ? "hard" : "medium"));
    }
  }
}

TEST_CASE("Search bots: a move found before the search's deadline is held until it, so think time tells nothing") {
  // How soon a search knows its move (settled early, or one legal action)
  // depends on the bot's cards; the pool delivers every move at the
  // deadline (bot_pool_test.cc checks the times). Here: it happens in a
  // real match, which still ends.
  TempDir dir;
  ServerProcess server(dir.path() + "/s.db", kFastBots);
  WsClient host(server.port());
  start_bot_room(host, "letter-of-marque", 3, {"hard"});
  REQUIRE(host.wait_for(finished_update, std::chrono::seconds(240)));
  REQUIRE(metric(server.port(), "brethren_bot_searches_total") > 0);
  REQUIRE(metric(server.port(), "brethren_bot_results_held_total") > 0);
  REQUIRE(metric(server.port(), "brethren_bot_results_held_total") <=
          metric(server.port(), "brethren_bot_searches_total"));
  REQUIRE(metric(server.port(), "brethren_bot_searches_running") == 0);
}

TEST_CASE("Search bots: kinds the server does not offer are refused with the ones it does") {
  TempDir dir;
  ServerProcess server(dir.path() + "/s.db");
  WsClient host(server.port());
  const std::string code = host.request(create_room_msg("letter-of-marque", 3)).room_created().room().room_code();

  auto refused = host.request(add_bot_msg(code, 0, "grandmaster"));
  REQUIRE(refused.error().code() == v1::INVALID_ARGUMENT);
  REQUIRE_THAT(refused.error().message(), Catch::Contains("grandmaster") && Catch::Contains("medium, hard"));
  // No kind: the strongest.
  REQUIRE(host.request(add_bot_msg(code, 0, "")).room().seats(0).bot() == "hard");
  REQUIRE(host.request(add_bot_msg(code, 1, "medium")).room().seats(1).bot() == "medium");

  SECTION("an unknown autopilot kind at creation") {
    auto create = create_room_msg("tortuga-1667", 4);
    create.mutable_create_room()->mutable_settings()->set_autopilot_bot("grandmaster");
    auto reply = host.request(create);
    REQUIRE(reply.error().code() == v1::INVALID_ARGUMENT);
    REQUIRE_THAT(reply.error().message(), Catch::Contains("autopilot_bot") && Catch::Contains("heuristic"));
  }
  SECTION("an unknown autopilot kind in UpdateRoom; a known one is kept") {
    v1::ClientMessage update;
    update.mutable_update_room()->set_room_code(code);
    update.mutable_update_room()->mutable_settings()->set_autopilot_bot("nobody");
    REQUIRE(host.request(update).error().code() == v1::INVALID_ARGUMENT);
    update.mutable_update_room()->mutable_settings()->set_autopilot_bot("medium");
    auto reply = host.request(update);
    INFO(reply.ShortDebugString());
    REQUIRE(reply.room().settings().autopilot_bot() == "medium");
  }
}

TEST_CASE("Search bots: the room's autopilot kind plays for an absent player") {
  // The other seats are random bots, which never search: any search is the autopilot's.
  TempDir dir;
  ServerProcess server(dir.path() + "/s.db", kFastBots);
  std::string kind;
  SECTION("a search bot") { kind = "medium"; }
  SECTION("a quick bot") { kind = "heuristic"; }
  WsClient watcher(server.port());
  std::string code;
  {
    WsClient player(server.port());
    auto create = create_room_msg("letter-of-marque", 3, "Player");
    create.mutable_create_room()->mutable_settings()->set_absent_grace_ms(50);
    create.mutable_create_room()->mutable_settings()->set_autopilot_bot(kind);
    code = player.request(create).room_created().room().room_code();
    REQUIRE(player.request(take_seat_msg(code, 0)).has_seat_taken());
    REQUIRE(player.request(add_bot_msg(code, 1, "random")).has_room());
    REQUIRE(player.request(add_bot_msg(code, 2, "random")).has_room());
    REQUIRE(watcher.request(join_msg(code, "Watcher")).has_room());
    REQUIRE(player.request(start_msg(code)).has_room());
  }  // the player's connection closes
  REQUIRE(watcher.wait_for([](const v1::ServerMessage& m) { return m.has_room() && m.room().seats(0).autopilot(); },
                           std::chrono::seconds(30)));
  REQUIRE(watcher.wait_for(finished_update, std::chrono::seconds(240)));
  if (kind == "medium") {
    REQUIRE(metric(server.port(), "brethren_bot_searches_total") > 0);
  } else {
    REQUIRE(metric(server.port(), "brethren_bot_searches_total") == 0);
  }
  server.stop(SIGTERM);
  REQUIRE_THAT(server.log(), Catch::Contains("a " + kind + " bot plays it"));
}

TEST_CASE("Search bots: more bot seats than the pool runs at once wait their turn, and all play") {
  TempDir dir;
  SECTION("one search at a time") {
    auto args = kFastBots;
    args.insert(args.end(), {"--bot-threads=2", "--bot-max-searches=1"});
    ServerProcess server(dir.path() + "/s.db", args);
    WsClient host(server.port());
    // Letter of Marque opens with every seat choosing at once (LOM-5): six
    // searches, one running, five waiting.
    start_bot_room(host, "letter-of-marque", 6, {"hard"});
    REQUIRE(host.wait_for(finished_update, std::chrono::seconds(240)));
    REQUIRE(metric(server.port(), "brethren_bot_searches_total") > 0);
    REQUIRE(metric(server.port(), "brethren_bot_queue_wait_seconds_count") > 0);
    REQUIRE(metric(server.port(), "brethren_bot_searches_refused_total") == 0);
    REQUIRE(metric(server.port(), "brethren_bot_searches_running") == 0);
    REQUIRE(metric(server.port(), "brethren_bot_searches_queued") == 0);
  }
  SECTION("no room in the queue: the heuristic decides at once") {
    auto args = kFastBots;
    args.insert(args.end(), {"--bot-threads=1", "--bot-queue=0"});
    ServerProcess server(dir.path() + "/s.db", args);
    WsClient host(server.port());
    start_bot_room(host, "letter-of-marque", 3, {"hard"});
    REQUIRE(host.wait_for(finished_update, std::chrono::seconds(240)));
    REQUIRE(metric(server.port(), "brethren_bot_searches_total") == 0);
    REQUIRE(metric(server.port(), "brethren_bot_searches_refused_total") > 0);
  }
}

TEST_CASE("Search bots: the server stops at once while bots think, and plays nothing after") {
  TempDir dir;
  const std::string db = dir.path() + "/s.db";
  std::string code;
  std::uint64_t last_seen = 0;
  {
    // Full budgets (a second per hard decision), one search at a time: six
    // seats choosing at once queue several seconds of thinking.
    ServerProcess server(db, {"--bot-threads=1"});
    WsClient host(server.port());
    code = start_bot_room(host, "letter-of-marque", 6, {"hard"});
    REQUIRE(wait_for_metric(server.port(), "brethren_bot_searches_queued", [](double v) { return v >= 3; }));
    REQUIRE(metric(server.port(), "brethren_bot_searches_running") == 1);
    // The host reads on (and answers the close) while the server stops.
    std::thread reader([&] {
      while (auto m = host.next(std::chrono::seconds(30))) {
        if (m->has_match_update()) last_seen = m->match_update().view().version();
      }
    });
    const auto before = std::chrono::steady_clock::now();
    const int status = server.stop(SIGTERM);
    const auto took = std::chrono::steady_clock::now() - before;
    reader.join();
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    // Three searches still waited, a second each: the shutdown did not.
    REQUIRE(took < std::chrono::seconds(3));
    REQUIRE(host.closed());
  }
  // Restarted, the match is where the players last saw it: no move was
  // made after the shutdown began. (The bots think again from here; their
  // first move needs a whole search, after this join.)
  ServerProcess again(db, {"--bot-threads=1"});
  WsClient watcher(again.port());
  REQUIRE(watcher.request(join_msg(code, "Watcher")).has_room());
  const auto update = watcher.wait_for([](const v1::ServerMessage& m) { return m.has_match_update(); });
  REQUIRE(update.has_value());
  REQUIRE(update->match_update().view().version() == last_seen);
}
