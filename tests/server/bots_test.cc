// Server-side bots: the host fills seats with bots, which decide from their
// seat's view only; a human and bots play every game to its end.
#include <signal.h>

#include <catch2/catch.hpp>

#include "rules/registry/all_bots.h"
#include "rules/registry/all_games.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

namespace {

v1::ClientMessage add_bot_msg(const std::string& code, int seat, const std::string& kind) {
  v1::ClientMessage m;
  m.mutable_add_bot()->set_room_code(code);
  m.mutable_add_bot()->set_seat(seat);
  m.mutable_add_bot()->set_kind(kind);
  return m;
}

}  // namespace

TEST_CASE("Bots: one human and server-side bots play every game to its end") {
  const auto games = rules::make_all_games_registry();
  for (const auto& game : games.games()) {
    DYNAMIC_SECTION(game->id()) {
      TempDir dir;
      ServerProcess server(dir.path() + "/b.db");
      const int seats = game->info().min_seats();
      WsClient human(server.port());
      auto created = human.request(create_room_msg(game->id(), seats, "Human"));
      const std::string code = created.room_created().room().room_code();
      REQUIRE(human.request(take_seat_msg(code, 0)).has_seat_taken());
      const auto kinds = rules::bot_kinds(game->id());
      for (int s = 1; s < seats; ++s) {
        auto reply = human.request(add_bot_msg(code, -1, std::string(kinds[s % kinds.size()])));
        REQUIRE(reply.has_room());
        REQUIRE(reply.room().seats(s).taken());
        REQUIRE_FALSE(reply.room().seats(s).bot().empty());
        REQUIRE(reply.room().seats(s).connected());
      }
      REQUIRE(human.request(start_msg(code)).has_room());
      rules::RandomBot me(3);
      v1::MatchView view;
      int moves = 0;
      while (true) {
        auto update = human.wait_for([](const v1::ServerMessage& m) { return m.has_match_update(); }, 30s);
        REQUIRE(update.has_value());
        view = update->match_update().view();
        if (view.finished()) break;
        if (view.legal_actions_size() == 0) continue;
        // Only act on the newest view: later updates may be queued already.
        auto newer = human.wait_for([](const v1::ServerMessage& m) { return m.has_match_update(); }, 0ms);
        if (newer) {
          view = newer->match_update().view();
          if (view.finished()) break;
          if (view.legal_actions_size() == 0) continue;
        }
        auto reply = human.request(submit_msg(code, *me.choose(view)));
        if (reply.has_action_accepted()) {
          ++moves;
        } else {
          // A bot moved between that view and the move (a window the human
          // may use but need not, e.g. Tortuga's Atlantis): a stale view.
          // The bots may even have ended the match meanwhile.
          INFO(reply.ShortDebugString());
          REQUIRE((reply.error().code() == v1::NOT_YOUR_TURN || reply.error().code() == v1::ILLEGAL_ACTION ||
                   reply.error().code() == v1::GAME_OVER));
        }
      }
      REQUIRE(view.finished());
      REQUIRE(view.outcome().seats_size() == seats);
      REQUIRE(moves > 0);
    }
  }
}

TEST_CASE("Bots: only the host adds bots, on free seats, before the start, of kinds the game has") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  WsClient host(server.port()), guest(server.port());
  const std::string code = host.request(create_room_msg("letter-of-marque", 3)).room_created().room().room_code();
  REQUIRE(guest.request(join_msg(code, "Guest")).has_room());
  REQUIRE(guest.request(add_bot_msg(code, 1, "random")).error().code() == v1::NOT_HOST);
  REQUIRE(host.request(add_bot_msg(code, 1, "grandmaster")).error().code() == v1::INVALID_ARGUMENT);
  REQUIRE(host.request(add_bot_msg(code, 1, "random")).has_room());
  REQUIRE(host.request(add_bot_msg(code, 1, "random")).error().code() == v1::SEAT_TAKEN);
  REQUIRE(host.request(add_bot_msg(code, -1, "")).room().seats(0).bot() != "");
  REQUIRE(guest.request(take_seat_msg(code, -1)).seat_taken().seat() == 2);
  REQUIRE(host.request(add_bot_msg(code, -1, "random")).error().code() == v1::ROOM_FULL);
  REQUIRE(host.request(start_msg(code)).has_room());
  REQUIRE(host.request(add_bot_msg(code, 0, "random")).error().code() == v1::ALREADY_STARTED);
}

TEST_CASE("Bots: a match with bots goes on after a crash and restart") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  std::string code;
  {
    ServerProcess server(db);
    WsClient host(server.port());
    code = host.request(create_room_msg("letter-of-marque", 3)).room_created().room().room_code();
    for (int s = 0; s < 3; ++s) REQUIRE(host.request(add_bot_msg(code, s, "random")).has_room());
    REQUIRE(host.request(start_msg(code)).has_room());
    REQUIRE(host.wait_for(
        [](const v1::ServerMessage& m) { return m.has_match_update() && m.match_update().view().version() > 5; }));
    server.stop(SIGKILL);
  }
  ServerProcess again(db);
  WsClient watcher(again.port());
  REQUIRE(watcher.request(join_msg(code, "Watcher")).has_room());
  auto end = watcher.wait_for(
      [](const v1::ServerMessage& m) { return m.has_match_update() && m.match_update().view().finished(); }, 30s);
  REQUIRE(end.has_value());
}
