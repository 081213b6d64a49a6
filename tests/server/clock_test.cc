// Decision clocks: when a seat's time runs out the server plays for it —
// the game's own default if it has one, else a bot deciding from the seat's
// view — and the move is stored and broadcast like any other.
#include <catch2/catch.hpp>

#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

TEST_CASE("Clock: with a short clock and nobody moving, a Letter of Marque match plays to its end") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary, {}, "127.0.0.1", 20);
  REQUIRE(t.players[0].view.version() >= 1);
  // Every player just listens.
  auto last = t.players[0].client->wait_for(
      [](const v1::ServerMessage& m) { return m.has_match_update() && m.match_update().view().finished(); }, 60s);
  REQUIRE(last.has_value());
  REQUIRE(last->match_update().deadline_unix_ms() == 0);  // no clock after the end
  // The room's "finished" comes after the final update and after the room
  // counted the match (the update leaves first, and a scrape in between
  // would still read 0).
  auto finished = t.players[0].client->wait_for(
      [](const v1::ServerMessage& m) { return m.has_room() && m.room().status() == v1::ROOM_STATUS_FINISHED; }, 10s);
  REQUIRE(finished.has_value());
  auto [status, metrics] = http_get(server.port(), "/metrics");
  REQUIRE_THAT(metrics, Catch::Contains("brethren_matches_finished_total 1"));
  REQUIRE_THAT(server.log(), Catch::Contains("clock ran out"));
}

TEST_CASE("Clock: updates carry the deadline, and a move in time restarts the clock") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kJson, {}, "127.0.0.1", 60000);
  auto sync = t.players[0].client->request(sync_msg(t.code, t.version));
  const auto first_deadline = sync.match_update().deadline_unix_ms();
  REQUIRE(first_deadline > 0);
  rules::RandomBot bot(5);
  play_moves(t, bot, 2);
  auto later = t.players[0].client->request(sync_msg(t.code, t.version));
  REQUIRE(later.match_update().deadline_unix_ms() >= first_deadline);
}

TEST_CASE("Clock, T67-16: Tortuga's 30-second rule plays 'look at 2' for a player out of time") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  v1::GameOptions options;
  options.mutable_tortuga_1667()->set_turn_timer(true);
  // The room shortens the rule's 30 seconds so that the test is quick.
  Table t = open_table(server.port(), "tortuga-1667", 5, server::Encoding::kBinary, options, "127.0.0.1", 50);
  REQUIRE(t.players[0].view.game().tortuga_1667().turn_timer());
  auto looked = t.players[0].client->wait_for(
      [](const v1::ServerMessage& m) {
        if (!m.has_match_update()) return false;
        for (const auto& e : m.match_update().events()) {
          if (e.event().tortuga_1667().has_looked()) return true;
        }
        return false;
      },
      20s);
  REQUIRE(looked.has_value());
  REQUIRE_THAT(server.log(), Catch::Contains("clock ran out"));
}
