// Every registered game, played to its end through the real server by
// real WebSocket clients whose random bots read only their own views.
#include <signal.h>

#include <catch2/catch.hpp>

#include "persistence/store.h"
#include "rules/registry/all_games.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

TEST_CASE("Every game: a full match through the server, in binary and in JSON, survives a restart") {
  const auto games = rules::make_all_games_registry();
  for (const auto& game : games.games()) {
    for (auto encoding : {server::Encoding::kBinary, server::Encoding::kJson}) {
      const int seats = encoding == server::Encoding::kBinary ? game->info().min_seats() : game->info().max_seats();
      DYNAMIC_SECTION(game->id() << " with " << seats << " seats, "
                                 << (encoding == server::Encoding::kJson ? "JSON" : "binary")) {
        TempDir dir;
        const std::string db = dir.path() + "/b.db";
        std::string code, summary;
        {
          ServerProcess server(db);
          Table t = open_table(server.port(), game->id(), seats, encoding);
          rules::RandomBot bot(7);
          play_moves(t, bot, 100000);
          REQUIRE(t.finished());
          for (const auto& p : t.players) {
            REQUIRE(p.view.outcome().SerializeAsString() == t.players[0].view.outcome().SerializeAsString());
          }
          code = t.code;
          summary = t.players[0].view.outcome().summary();
          REQUIRE(server.stop(SIGTERM) != -1);
        }
        {
          auto store = persistence::Store::open(db);
          const auto match = store->load_matches().at(0);
          REQUIRE(match.status == persistence::MatchStatus::kFinished);
          const auto results = store->load_results();
          REQUIRE(results.at(0).summary == summary);
          // Every log is kept, a secret one (Tortuga's) under seal: served
          // only as views (history_test.cc).
          REQUIRE_FALSE(store->load_actions(match.id).empty());
          REQUIRE(results.at(0).final_state.empty());
        }
        ServerProcess again(db);
        WsClient watcher(again.port(), encoding);
        auto joined = watcher.request(join_msg(code, "Watcher"));
        REQUIRE(joined.room().status() == v1::ROOM_STATUS_FINISHED);
        auto update = watcher.wait_for_version(0);
        REQUIRE(update.has_value());
        REQUIRE(update->view().outcome().summary() == summary);
      }
    }
  }
}

namespace {
// How many of the frames `client` read from index `from` on are text, and how many binary.
std::pair<int, int> text_and_binary_since(const WsClient& client, std::size_t from) {
  int text = 0, binary = 0;
  for (std::size_t i = from; i < client.frames().size(); ++i) ++(client.frames()[i].text ? text : binary);
  return {text, binary};
}
}  // namespace

TEST_CASE("Encodings: each player gets his updates in the encoding of his last frame, also after switching mid-match") {
  // A connection encodes what it is sent in the encoding of the last frame
  // it received (WsSession::send), whatever its table's others speak.
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  Table t = open_table(server.port(), "letter-of-marque", 4, server::Encoding::kBinary);
  rules::RandomBot bot(11);
  REQUIRE(play_moves(t, bot, 6) == 6);
  WsClient& switching = *t.players[1].client;
  v1::ClientMessage list;
  list.mutable_list_games();
  for (auto encoding : {server::Encoding::kJson, server::Encoding::kBinary}) {
    switching.set_encoding(encoding);
    REQUIRE(switching.request(list).has_games());
    REQUIRE(switching.frames().back().text == (encoding == server::Encoding::kJson));
    std::vector<std::size_t> from;
    for (const auto& p : t.players) from.push_back(p.client->frames().size());
    REQUIRE(play_moves(t, bot, 12) > 0);
    for (std::size_t i = 0; i < t.players.size(); ++i) {
      const auto [text, binary] = text_and_binary_since(*t.players[i].client, from[i]);
      INFO("player " << i);
      if (i == 1 && encoding == server::Encoding::kJson) {
        REQUIRE(text > 0);
        REQUIRE(binary == 0);
      } else {
        REQUIRE(binary > 0);
        REQUIRE(text == 0);
      }
    }
    // Every player still sees the same match.
    for (const auto& p : t.players) REQUIRE(p.view.version() == t.players[0].view.version());
  }
}
