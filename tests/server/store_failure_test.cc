// When the database refuses a write, the move is not played (a move counts
// only once it is stored), the player is told INTERNAL, and the connection,
// the room and the match go on. Moves sent while the server is stopping are
// refused with SHUTTING_DOWN. Faults are injected from outside the server,
// through the database file itself (a trigger; a held write lock), so the
// server runs unmodified.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <thread>

#include "persistence/sqlite.h"
#include "persistence/store.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

TEST_CASE("Store failure: an unstorable move is refused with INTERNAL, not played, and the match goes on") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  ServerProcess server(db);
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kJson);
  rules::RandomBot bot(17);
  play_moves(t, bot, 3);
  REQUIRE_FALSE(t.finished());
  const std::uint64_t before = t.version;

  persistence::Connection saboteur(db);
  saboteur.exec("CREATE TRIGGER refuse_moves BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'disk says no'); END");
  const int seat = t.players[0].view.to_act(0);
  const auto action = bot.choose(t.players[seat].view);
  REQUIRE(action.has_value());
  auto refused = t.players[seat].client->request(submit_msg(t.code, *action));
  REQUIRE(refused.has_error());
  REQUIRE(refused.error().code() == v1::INTERNAL);
  REQUIRE_THAT(refused.error().message(), Catch::Contains("not played"));

  // Nothing changed: same version, same seat to act, nobody was told of a move.
  auto sync = t.players[seat].client->request(sync_msg(t.code, before));
  REQUIRE(sync.has_match_update());
  REQUIRE(sync.match_update().view().version() == before);
  REQUIRE(sync.match_update().view().to_act(0) == seat);
  const int other = (seat + 1) % 3;
  REQUIRE_FALSE(
      t.players[other].client->wait_for([](const v1::ServerMessage& m) { return m.has_match_update(); }, 300ms));

  // The database works again: the same move is accepted, the match ends.
  saboteur.exec("DROP TRIGGER refuse_moves");
  auto accepted = t.players[seat].client->request(submit_msg(t.code, *action));
  REQUIRE(accepted.has_action_accepted());
  sync_all(t, accepted.action_accepted().version());
  play_moves(t, bot, 100000);
  REQUIRE(t.finished());
  REQUIRE(server.stop(SIGTERM) != -1);
  REQUIRE_THAT(server.log(), Catch::Contains("rolled back"));
}

TEST_CASE("Shutdown: a move sent while the server stops is refused with SHUTTING_DOWN, one in flight is kept") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  ServerProcess server(db);
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  rules::RandomBot bot(8);
  const int played = play_moves(t, bot, 2);
  REQUIRE_FALSE(t.finished());

  // Hold the database's write lock: the next move's commit waits for it.
  persistence::Connection blocker(db);
  blocker.exec("BEGIN IMMEDIATE");
  const int seat = t.players[0].view.to_act(0);
  const auto in_flight = bot.choose(t.players[seat].view);
  REQUIRE(in_flight.has_value());
  t.players[seat].client->send(submit_msg(t.code, *in_flight));
  std::this_thread::sleep_for(200ms);
  // Stopping now: the server waits for that commit before it closes.
  REQUIRE(::kill(server.pid(), SIGTERM) == 0);
  std::this_thread::sleep_for(300ms);
  const int other = (seat + 1) % 3;
  auto refused = t.players[other].client->request(submit_msg(t.code, *in_flight));
  REQUIRE(refused.has_error());
  REQUIRE(refused.error().code() == v1::SHUTTING_DOWN);

  blocker.exec("COMMIT");
  // The move in flight is stored and acknowledged before the close.
  auto ack = t.players[seat].client->wait_for([](const v1::ServerMessage& m) { return m.has_action_accepted(); }, 5s);
  REQUIRE(ack.has_value());
  REQUIRE(t.players[seat].client->wait_closed());
  REQUIRE(t.players[seat].client->close_code() == 1001);
  const int status = server.stop(SIGTERM);
  REQUIRE(status != -1);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  auto store = persistence::Store::open(db);
  REQUIRE(store->load_actions(store->load_matches().at(0).id).size() == static_cast<std::size_t>(played + 1));
}

TEST_CASE("Acknowledgement: a player who leaves the room while his move is being stored still gets actionAccepted") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  ServerProcess server(db);
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  rules::RandomBot bot(8);
  play_moves(t, bot, 2);
  REQUIRE_FALSE(t.finished());
  const std::uint64_t before = t.version;

  // Hold the database's write lock: the move's commit waits for it.
  persistence::Connection blocker(db);
  blocker.exec("BEGIN IMMEDIATE");
  const int seat = t.players[0].view.to_act(0);
  const auto action = bot.choose(t.players[seat].view);
  REQUIRE(action.has_value());
  t.players[seat].client->send(submit_msg(t.code, *action));
  std::this_thread::sleep_for(200ms);
  // No longer a member when the commit lands: the views go to the others,
  // the acknowledgement still to him.
  v1::ClientMessage leave;
  leave.mutable_leave_room()->set_room_code(t.code);
  REQUIRE(t.players[seat].client->request(leave).has_ok());
  blocker.exec("COMMIT");

  auto ack = t.players[seat].client->wait_for([](const v1::ServerMessage& m) { return m.has_action_accepted(); }, 5s);
  REQUIRE(ack.has_value());
  const std::uint64_t version = ack->action_accepted().version();
  REQUIRE(version > before);
  const int other = (seat + 1) % 3;
  auto update = t.players[other].client->wait_for(
      [&](const v1::ServerMessage& m) { return m.has_match_update() && m.match_update().view().version() == version; },
      5s);
  REQUIRE(update.has_value());
}
