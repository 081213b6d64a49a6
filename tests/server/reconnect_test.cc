// Reconnection with seat tokens, the versioned event stream, crash recovery
// and graceful shutdown, against the real server binary.
#include <signal.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>

#include "persistence/store.h"
#include "rules/registry/all_games.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

TEST_CASE("Reconnect: a new connection resumes a seat with its token and gets exactly the missed events") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  rules::RandomBot bot(11);
  // Play until seat 1 has just made a regular move: the others move next.
  while (true) {
    const bool seat1_regular =
        t.players[0].view.game().letter_of_marque().phase() == v1::letter_of_marque::PHASE_REGULAR &&
        t.players[0].view.to_act(0) == 1;
    play_moves(t, bot, 1);
    if (seat1_regular && t.players[0].view.to_act(0) != 1) break;
  }
  const std::uint64_t seen = t.version;

  // Seat 1 drops; the others play on.
  t.players[1].client.reset();
  std::vector<SeatedPlayer*> others{&t.players[0], &t.players[2]};
  int moves = 0;
  while (moves < 6 && !t.players[0].view.finished()) {
    const int seat = t.players[0].view.to_act(0);
    if (seat == 1) break;
    auto action = bot.choose(t.players[seat].view);
    auto reply = t.players[seat].client->request(submit_msg(t.code, *action));
    REQUIRE(reply.has_action_accepted());
    for (auto* p : others) p->view = p->client->wait_for_version(reply.action_accepted().version())->view();
    ++moves;
  }
  REQUIRE(moves > 0);
  const std::uint64_t now = t.players[0].view.version();

  t.players[1].client = std::make_unique<WsClient>(server.port());
  auto resumed = t.players[1].client->request(resume_msg(t.code, t.players[1].token, seen));
  REQUIRE(resumed.has_room());
  REQUIRE(resumed.room().your_seat() == 1);
  auto update = t.players[1].client->wait_for_version(now);
  REQUIRE(update.has_value());
  REQUIRE_FALSE(update->resync());
  REQUIRE(update->view().viewer_seat() == 1);
  // The missed events are the seat's own filtered stream after `seen`.
  REQUIRE(update->events_size() > 0);
  std::uint64_t previous = seen;
  for (const auto& e : update->events()) {
    REQUIRE(e.version() > previous);
    previous = e.version();
  }
  REQUIRE(previous <= now);
  t.players[1].view = update->view();
  // And the game goes on to its end with the resumed seat.
  play_moves(t, bot, 10000);
  REQUIRE(t.finished());
}

TEST_CASE("Reconnect: the seat's old connection is closed, a big gap gets a full view, bad tokens are refused") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db", {"--max-event-gap", "2"});
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kJson);
  rules::RandomBot bot(12);
  play_moves(t, bot, 8);
  WsClient fresh(server.port(), server::Encoding::kJson);
  auto bad = fresh.request(resume_msg(t.code, std::string(64, 'a'), 0));
  REQUIRE(bad.error().code() == v1::INVALID_TOKEN);
  REQUIRE(fresh.request(resume_msg(t.code, t.players[2].token, 0)).has_room());
  auto update = fresh.wait_for_version(t.version);
  REQUIRE(update.has_value());
  REQUIRE(update->resync());
  REQUIRE(update->events_size() == 0);
  REQUIRE(update->view().viewer_seat() == 2);
  // The superseded connection is told why.
  REQUIRE(t.players[2].client->wait_closed());
  REQUIRE(t.players[2].client->close_code() == 4001);
  // Sync on demand: a small gap is filled with events.
  auto sync = fresh.request(sync_msg(t.code, t.version - 1));
  REQUIRE(sync.has_match_update());
  REQUIRE_FALSE(sync.match_update().resync());
}

namespace {

// Replays the stored log of the only match in `db` with the rules and
// returns the spectator view of the result.
v1::MatchView replay_from_database(const std::string& db) {
  auto store = persistence::Store::open(db);
  const auto matches = store->load_matches();
  REQUIRE(matches.size() == 1);
  const auto& match = matches[0];
  std::vector<rules::LoggedAction> log;
  for (const auto& a : store->load_actions(match.id)) {
    rules::LoggedAction step{a.seat, {}};
    REQUIRE(step.action.ParseFromString(a.action));
    log.push_back(step);
  }
  const auto games = rules::make_all_games_registry();
  v1::GameOptions options;
  options.ParseFromString(match.options);
  auto state = rules::replay(*games.find(match.game_id), {options, match.seat_count, match.seed}, log);
  REQUIRE(state.ok());
  return (*state)->view(rules::Viewer::spectator());
}

}  // namespace

TEST_CASE("Crash recovery: SIGKILL mid-game, restart on the same database, resume, finish, equal the log's replay") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  auto server = std::make_unique<ServerProcess>(db);
  Table t = open_table(server->port(), "letter-of-marque", 4, server::Encoding::kBinary);
  rules::RandomBot bot(21);
  play_moves(t, bot, 12);
  const std::uint64_t acknowledged = t.version;
  REQUIRE(server->stop(SIGKILL) != -1);

  server = std::make_unique<ServerProcess>(db);
  REQUIRE_THAT(server->log(), Catch::Contains("1 live"));
  for (auto& p : t.players) {
    p.client = std::make_unique<WsClient>(server->port());
    auto resumed = p.client->request(resume_msg(t.code, p.token, acknowledged));
    REQUIRE(resumed.has_room());
    REQUIRE(resumed.room().status() == v1::ROOM_STATUS_PLAYING);
    auto update = p.client->wait_for_version(acknowledged);
    REQUIRE(update.has_value());
    // Every acknowledged move survived the crash.
    REQUIRE(update->view().version() == acknowledged);
    p.view = update->view();
  }
  play_moves(t, bot, 10000);
  REQUIRE(t.finished());
  // A spectator's view of the end, as the server holds it.
  WsClient watcher(server->port());
  REQUIRE(watcher.request(join_msg(t.code, "Auditor")).has_room());
  const auto watched = watcher.wait_for_version(t.version);
  REQUIRE(watched.has_value());
  REQUIRE(server->stop(SIGTERM) != -1);
  // The stored log replays to exactly that state.
  const auto replayed = replay_from_database(db);
  REQUIRE(replayed.finished());
  REQUIRE(replayed.SerializeAsString() == watched->view().SerializeAsString());
  REQUIRE(replayed.outcome().SerializeAsString() == t.players[0].view.outcome().SerializeAsString());
}

TEST_CASE("Shutdown: SIGTERM closes every connection with 1001, commits everything and exits 0") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  ServerProcess server(db);
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  rules::RandomBot bot(31);
  const int moves = play_moves(t, bot, 7);
  const int status = server.stop(SIGTERM);
  REQUIRE(status != -1);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  for (auto& p : t.players) {
    REQUIRE(p.client->wait_closed());
    REQUIRE(p.client->close_code() == 1001);
  }
  auto store = persistence::Store::open(db);
  REQUIRE(store->load_actions(store->load_matches().at(0).id).size() == static_cast<std::size_t>(moves));
  REQUIRE_THAT(server.log(), Catch::Contains("shutdown complete"));
}

TEST_CASE("Membership: a player who leaves after the start keeps his seat, the host token gives host rights anew") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db");
  Table t = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kJson);
  const auto left = t.players[1].client->request(v1::ClientMessage{});
  REQUIRE(left.has_error());  // an empty message names no request
  v1::ClientMessage leave;
  leave.mutable_leave_room()->set_room_code(t.code);
  REQUIRE(t.players[1].client->request(leave).has_ok());
  auto seen = t.players[0].client->wait_for(
      [](const v1::ServerMessage& m) {
        return m.has_room() && m.room().status() == v1::ROOM_STATUS_PLAYING && !m.room().seats(1).connected();
      },
      5s);
  REQUIRE(seen.has_value());
  REQUIRE(seen->room().seats(1).taken());  // still his
  auto back = t.players[1].client->request(resume_msg(t.code, t.players[1].token, t.version));
  REQUIRE(back.has_room());
  REQUIRE(back.room().your_seat() == 1);

  // The host's rights on a new connection, with the host token; a wrong one is refused.
  WsClient host_again(server.port());
  v1::ClientMessage claim;
  claim.mutable_claim_host()->set_room_code(t.code);
  claim.mutable_claim_host()->set_host_token("not-the-token");
  auto refused = host_again.request(claim);
  REQUIRE(refused.has_error());
  REQUIRE(refused.error().code() == v1::INVALID_TOKEN);
  claim.mutable_claim_host()->set_host_token(t.host_token);
  auto claimed = host_again.request(claim);
  REQUIRE(claimed.has_room());
  REQUIRE(claimed.room().you_are_host());
  REQUIRE(claimed.room().your_seat() == -1);
  // A host without a seat watches the match as a spectator.
  auto update = host_again.wait_for([](const v1::ServerMessage& m) { return m.has_match_update(); }, 5s);
  REQUIRE(update.has_value());
  REQUIRE(update->match_update().view().viewer_seat() == -1);
}
