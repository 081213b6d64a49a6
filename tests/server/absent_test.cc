// Absent players and stored clocks: a seat whose player is away longer than
// the room's grace period is played by a bot ("autopilot", visible to all)
// and handed back when he resumes; a decision's deadline is stored and so
// holds across a server restart.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <thread>

#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

namespace {

std::int64_t unix_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

bool autopilot_on(const v1::ServerMessage& m, int seat) {
  return m.has_room() && m.room().seats_size() > seat && m.room().seats(seat).autopilot();
}

// Moves of every present player (from their own views) until `stop` says
// so; the absent seat's moves are waited for. Keeps the present players'
// views current.
template <class Stop>
void play_present(Table& t, const std::vector<int>& present, rules::Bot& bot, int& absent_moves_seen, Stop stop) {
  while (!t.players[present[0]].view.finished() && !stop()) {
    const v1::MatchView& view = t.players[present[0]].view;
    const int seat = view.to_act(0);
    std::uint64_t target = 0;
    if (std::find(present.begin(), present.end(), seat) == present.end()) {
      // The absent seat: the server's bot must move for it.
      auto update = t.players[present[0]].client->wait_for(
          [&](const v1::ServerMessage& m) {
            return m.has_match_update() && m.match_update().view().version() > view.version();
          },
          5s);
      REQUIRE(update.has_value());
      target = update->match_update().view().version();
      t.players[present[0]].view = update->match_update().view();
      ++absent_moves_seen;
    } else {
      auto action = bot.choose(t.players[seat].view);
      REQUIRE(action.has_value());
      auto reply = t.players[seat].client->request(submit_msg(t.code, *action));
      REQUIRE(reply.has_action_accepted());
      target = reply.action_accepted().version();
    }
    for (int s : present) {
      if (t.players[s].view.version() >= target) continue;  // already seen (the wait above)
      auto update = t.players[s].client->wait_for_version(target);
      REQUIRE(update.has_value());
      t.players[s].view = update->view();
    }
  }
}

}  // namespace

TEST_CASE("Autopilot: a seat away past the grace period is played by a bot, shown to all, handed back on resume") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  v1::RoomSettings settings;
  settings.set_absent_grace_ms(300);
  // A bot that decides at once (the default, hard, thinks a second per
  // move: search_bots_test.cc tests the room's choice).
  settings.set_autopilot_bot("heuristic");
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kJson, {}, "127.0.0.1", 0, settings);
  REQUIRE_FALSE(t.finished());

  // Seat 2 drops. Within the grace period nothing happens for it; then
  // everyone is told the seat is on autopilot.
  t.players[2].client.reset();
  auto announced = t.players[0].client->wait_for([](const v1::ServerMessage& m) { return autopilot_on(m, 2); }, 5s);
  REQUIRE(announced.has_value());
  REQUIRE_FALSE(announced->room().seats(2).connected());
  REQUIRE(announced->room().seats(2).bot().empty());  // a person's seat, only played for him
  REQUIRE(t.players[1].client->wait_for([](const v1::ServerMessage& m) { return autopilot_on(m, 2); }, 5s));

  // The others play; the bot moves for seat 2 whenever it must.
  rules::RandomBot bot(21);
  int bot_moves = 0;
  play_present(t, {0, 1}, bot, bot_moves, [&] { return bot_moves >= 2; });
  REQUIRE((bot_moves >= 2 || t.players[0].view.finished()));
  if (t.players[0].view.finished()) return;  // a very short game; nothing more to hand back

  // Seat 2 comes back with its token: the autopilot is off for everyone.
  const std::uint64_t now = t.players[0].view.version();
  t.players[2].client = std::make_unique<WsClient>(server.port(), server::Encoding::kBinary);
  auto resumed = t.players[2].client->request(resume_msg(t.code, t.players[2].token, 0));
  REQUIRE(resumed.has_room());
  REQUIRE_FALSE(resumed.room().seats(2).autopilot());
  REQUIRE(resumed.room().seats(2).connected());
  REQUIRE(t.players[0].client->wait_for(
      [](const v1::ServerMessage& m) { return m.has_room() && !m.room().seats(2).autopilot(); }, 5s));
  auto update = t.players[2].client->wait_for_version(now);
  REQUIRE(update.has_value());
  t.players[2].view = update->view();

  // When seat 2 must act again, nobody acts for it any more.
  int unused = 0;
  play_present(t, {0, 1, 2}, bot, unused, [&] { return t.players[0].view.to_act(0) == 2; });
  if (!t.players[0].view.finished()) {
    auto stray = t.players[0].client->wait_for([](const v1::ServerMessage& m) { return m.has_match_update(); }, 800ms);
    REQUIRE_FALSE(stray.has_value());
    play_moves(t, bot, 100000);
  }
  REQUIRE(t.finished());
  server.stop(SIGTERM);
  REQUIRE_THAT(server.log(), Catch::Contains("autopilot off"));
}

TEST_CASE("Autopilot: off by default (grace 0): an absent seat simply waits") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  // Play until seat 1 is to act, then seat 1 leaves.
  rules::RandomBot bot(4);
  while (!t.finished() && t.players[0].view.to_act(0) != 1) play_moves(t, bot, 1);
  REQUIRE_FALSE(t.finished());
  t.players[1].client.reset();
  auto room = t.players[0].client->wait_for([](const v1::ServerMessage& m) { return m.has_room(); }, 5s);
  REQUIRE(room.has_value());
  REQUIRE_FALSE(room->room().seats(1).connected());
  REQUIRE_FALSE(room->room().seats(1).autopilot());
  REQUIRE_FALSE(t.players[0].client->wait_for([](const v1::ServerMessage& m) { return m.has_match_update(); }, 1s));
}

TEST_CASE("Clock: a decision's deadline is stored and holds across a restart") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  std::string code;
  std::vector<std::string> tokens;
  std::int64_t deadline = 0;
  std::uint64_t version = 0;
  {
    ServerProcess server(db);
    Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary, {}, "127.0.0.1", 4000);
    rules::RandomBot bot(9);
    play_moves(t, bot, 2);
    auto sync = t.players[0].client->request(sync_msg(t.code, t.version));
    deadline = sync.match_update().deadline_unix_ms();
    version = sync.match_update().view().version();
    REQUIRE(deadline > unix_now_ms());
    code = t.code;
    for (auto& p : t.players) tokens.push_back(p.token);
    std::this_thread::sleep_for(2500ms);
    server.stop(SIGKILL);
  }
  ServerProcess again(db);
  WsClient player(again.port());
  REQUIRE(player.request(resume_msg(code, tokens[0], version)).has_room());
  auto resumed = player.wait_for([](const v1::ServerMessage& m) { return m.has_match_update(); }, 5s);
  REQUIRE(resumed.has_value());
  // The same deadline as before the crash, not a fresh 4 s from the restart.
  REQUIRE(resumed->match_update().deadline_unix_ms() == deadline);
  REQUIRE(resumed->match_update().view().version() == version);
  auto timed_out = player.wait_for(
      [&](const v1::ServerMessage& m) { return m.has_match_update() && m.match_update().view().version() > version; },
      10s);
  REQUIRE(timed_out.has_value());
  // It ran out at the stored deadline (within scheduling slack), before a
  // fresh 4 s from the restart (about deadline + 1.5 s or later) would end.
  REQUIRE(unix_now_ms() < deadline + 1400);
  again.stop(SIGTERM);
  REQUIRE_THAT(again.log(), Catch::Contains("clock ran out"));
}
