// Failed commits (issue #13): a move the database refused is retried by the
// server for the seats it plays (bots, the clock) once the database works
// again, without a restart; and a match's final move, its result and the
// room's status are stored together or not at all, so the final move can be
// played again after a failure. Faults are injected from outside, through
// triggers in the live database, so the server runs unmodified.
#include <signal.h>

#include <catch2/catch.hpp>
#include <thread>

#include "persistence/sqlite.h"
#include "persistence/store.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

namespace {

v1::ClientMessage add_bot_msg(const std::string& code, int seat) {
  v1::ClientMessage m;
  m.mutable_add_bot()->set_room_code(code);
  m.mutable_add_bot()->set_seat(seat);
  m.mutable_add_bot()->set_kind("random");
  return m;
}

bool is_update(const v1::ServerMessage& m) { return m.has_match_update(); }

}  // namespace

TEST_CASE("Commit failure: bot and clock moves are retried after failed commits and the match ends without a restart") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  ServerProcess server(db);
  // A human who never moves (the clock plays for him) and two bots.
  WsClient human(server.port());
  auto create = create_room_msg("letter-of-marque", 3, "Idle");
  create.mutable_create_room()->set_turn_time_limit_ms(150);
  const std::string code = human.request(create).room_created().room().room_code();
  REQUIRE(human.request(take_seat_msg(code, 0)).has_seat_taken());
  REQUIRE(human.request(add_bot_msg(code, 1)).has_room());
  REQUIRE(human.request(add_bot_msg(code, 2)).has_room());
  REQUIRE(human.request(start_msg(code)).has_room());
  REQUIRE(human.wait_for(
      [](const v1::ServerMessage& m) { return is_update(m) && m.match_update().view().version() >= 3; }, 10s));

  persistence::Connection saboteur(db);
  saboteur.exec("CREATE TRIGGER refuse_moves BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'disk full'); END");
  // Long enough for the clock to run out and every seat to fail several times.
  std::this_thread::sleep_for(1500ms);
  // Updates sent before the trigger took effect may still be on their way.
  std::uint64_t stalled_at = 0;
  while (auto update = human.wait_for(is_update, 300ms)) stalled_at = update->match_update().view().version();
  REQUIRE_FALSE(human.wait_for(is_update, 700ms).has_value());  // nothing is stored, nothing is played

  saboteur.exec("DROP TRIGGER refuse_moves");
  auto end = human.wait_for(
      [](const v1::ServerMessage& m) { return is_update(m) && m.match_update().view().finished(); }, 60s);
  REQUIRE(end.has_value());
  REQUIRE(end->match_update().view().version() > stalled_at);
  REQUIRE(server.stop(SIGTERM) != -1);
  REQUIRE_THAT(server.log(), Catch::Contains("rolled back"));
  auto store = persistence::Store::open(db);
  REQUIRE(store->load_results().size() == 1);
  REQUIRE(store->load_room(code)->status == persistence::RoomStatus::kFinished);
}

TEST_CASE(
    "Commit failure: a final move whose result cannot be stored is not played, and is played once the database works") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  ServerProcess server(db);
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  persistence::Connection saboteur(db);
  saboteur.exec("CREATE TRIGGER refuse_results BEFORE INSERT ON results BEGIN SELECT RAISE(ABORT, 'disk full'); END");

  // Every move but the last is stored; the last one is refused.
  rules::RandomBot bot(5);
  std::optional<v1::GameAction> last;
  int last_seat = -1;
  std::size_t stored_moves = 0;
  for (int moves = 0; moves < 100000 && !last; ++moves) {
    const int seat = t.players[0].view.to_act(0);
    auto action = bot.choose(t.players[seat].view);
    REQUIRE(action.has_value());
    auto reply = t.players[seat].client->request(submit_msg(t.code, *action));
    if (reply.has_error()) {
      REQUIRE(reply.error().code() == v1::INTERNAL);
      last = action;
      last_seat = seat;
      break;
    }
    REQUIRE(reply.has_action_accepted());
    ++stored_moves;
    sync_all(t, reply.action_accepted().version());
  }
  REQUIRE(last.has_value());
  REQUIRE_FALSE(t.finished());
  {
    // None of the final change is stored: not the move, nor the result, nor the status.
    auto store = persistence::Store::open(db);
    const auto match = store->load_matches().at(0);
    REQUIRE(match.status == persistence::MatchStatus::kLive);
    REQUIRE(store->load_actions(match.id).size() == stored_moves);
    REQUIRE(store->load_results().empty());
    REQUIRE(store->load_room(t.code)->status == persistence::RoomStatus::kPlaying);
  }

  saboteur.exec("DROP TRIGGER refuse_results");
  auto again = t.players[last_seat].client->request(submit_msg(t.code, *last));
  INFO(again.ShortDebugString());
  REQUIRE(again.has_action_accepted());
  sync_all(t, again.action_accepted().version());
  REQUIRE(t.finished());
  REQUIRE(server.stop(SIGTERM) != -1);
  auto store = persistence::Store::open(db);
  REQUIRE(store->load_results().size() == 1);
  REQUIRE(store->load_room(t.code)->status == persistence::RoomStatus::kFinished);
}
