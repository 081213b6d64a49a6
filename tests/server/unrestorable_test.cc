// No room that looks alive and is not (issue #26, items 2 and 3), through
// the real server binary built with the test-only games
// (brethren-server-test-games): a live match is played, the server stopped,
// its stored match broken with SQLite in one of the three ways a log stops
// replaying (a rules version this build does not play, a move the rules
// refuse, a row that does not read), and the server started again. The
// broken match is never shown as playing: its members are told why on
// Resume and JoinRoom, moves get MATCH_ABANDONED, it leaves the lobby, it is
// stored as abandoned (and its room expires), /metrics counts it, /healthz
// names it, its history is served as far as it replays, and the other room
// plays on. And High Card across a rules version bump (issue #26, item 3),
// with three real builds of the server: a match started by the build before
// the bump is restored by the build after it and finishes under version 1;
// the build that has dropped version 1 ends it as abandoned, its players told.
#include <google/protobuf/util/json_util.h>
#include <signal.h>
#include <stdlib.h>

#include <catch2/catch.hpp>
#include <thread>

#include "brethren/v1/history.pb.h"
#include "brethren/v1/replay.pb.h"
#include "persistence/sqlite.h"
#include "persistence/store.h"
#include "tests/games/conformance_registry.h"
#include "tests/games/high_card/high_card.h"
#include "tests/support/history_support.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;

namespace {

// The server binary with High Card registered (tests/server/CMakeLists.txt).
std::unique_ptr<ServerProcess> start_server(const std::string& db, std::vector<std::string> args = {}) {
  ::setenv("BRETHREN_TEST_SERVER_BINARY", BRETHREN_TEST_GAMES_SERVER_BINARY, 1);
  return std::make_unique<ServerProcess>(db, std::move(args));
}

// open_table, but the room is public (listed in the lobby).
Table open_public_table(std::uint16_t port) {
  Table t;
  for (int i = 0; i < 2; ++i) {
    SeatedPlayer p;
    p.client = std::make_unique<WsClient>(port, server::Encoding::kBinary);
    t.players.push_back(std::move(p));
  }
  auto created = t.players[0].client->request(create_room_msg(rules::high_card::kGameId, 2, "Player 0", "", true));
  REQUIRE(created.has_room_created());
  t.code = created.room_created().room().room_code();
  t.host_token = created.room_created().host_token();
  for (int i = 0; i < 2; ++i) {
    auto& p = t.players[i];
    if (i > 0) REQUIRE(p.client->request(join_msg(t.code, "Player " + std::to_string(i))).has_room());
    auto seat = p.client->request(take_seat_msg(t.code, i));
    REQUIRE(seat.has_seat_taken());
    p.seat = seat.seat_taken().seat();
    p.token = seat.seat_taken().seat_token();
  }
  REQUIRE(t.players[0].client->request(start_msg(t.code)).has_room());
  sync_all(t, 0);
  return t;
}

std::int64_t match_of(const std::string& db, const std::string& code) {
  auto store = persistence::Store::open(db);
  for (const auto& m : store->load_matches()) {
    if (m.room_code == code) return m.id;
  }
  FAIL("no match for room " << code);
  return 0;
}

void sql(const std::string& db, const std::string& statement) {
  persistence::Connection connection(db);
  connection.exec(statement.c_str());
}

v1::ClientMessage list_msg() {
  v1::ClientMessage m;
  m.mutable_list_rooms();
  return m;
}

// The lobby's status of `code`, or UNSPECIFIED when it is not listed.
v1::RoomStatus listed_status(std::uint16_t port, const std::string& code) {
  WsClient lobby(port);
  auto reply = lobby.request(list_msg());
  REQUIRE(reply.has_rooms());
  for (const auto& room : reply.rooms().rooms()) {
    if (room.room_code() == code) return room.status();
  }
  return v1::ROOM_STATUS_UNSPECIFIED;
}

template <class Message>
Message parse_json(const std::string& body) {
  Message message;
  INFO(body);
  REQUIRE(google::protobuf::util::JsonStringToMessage(body, &message).ok());
  return message;
}

std::string status_in_store(const std::string& db, const std::string& code, std::int64_t match_id) {
  auto store = persistence::Store::open(db);
  return std::string(to_string(store->load_room(code)->status)) + "/" +
         std::string(to_string(store->load_match(match_id)->status));
}

// Polls until `done` holds (or `limit` passes).
template <class Pred>
bool eventually(Pred done, std::chrono::milliseconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < until) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return done();
}

// What a member of an ended room is told: the room as ABANDONED with the
// cause and the reason in words, the match's id; moves and Sync refused
// with MATCH_ABANDONED and the same words.
void expect_told(WsClient& client, const v1::ServerMessage& reply, v1::EndedCause cause, std::int64_t match_id,
                 const std::string& code) {
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_room());
  const auto& room = reply.room();
  REQUIRE(room.status() == v1::ROOM_STATUS_ABANDONED);
  REQUIRE(room.ended().cause() == cause);
  REQUIRE_THAT(room.ended().reason(),
               Catch::StartsWith("This match could not be restored after a server restart and was ended without a "
                                 "result"));
  REQUIRE(room.match().match_id() == match_id);
  REQUIRE(room.match().seed().empty());  // nothing revealed
  const auto move = client.request(submit_msg(code, v1::GameAction()));
  REQUIRE(move.error().code() == v1::MATCH_ABANDONED);
  REQUIRE(move.error().message() == room.ended().reason());
  const auto sync = client.request(sync_msg(code, 0));
  REQUIRE(sync.error().code() == v1::MATCH_ABANDONED);
}

enum class Break { kRulesVersion, kIllegalMove, kCorruptRow };

struct Case {
  Break how;
  v1::EndedCause cause;
  const char* metric;   // the label of brethren_matches_unrestorable_total
  const char* words;    // in the reason
  int events_replayed;  // actions of the log that still replay
};

// Two public High Card rooms, three moves played in each; the first one's
// match is broken as `c` says; the server restarts on the database.
void check_cause(const Case& c) {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  auto server = start_server(db);
  rules::RandomBot bot(5);
  Table broken = open_public_table(server->port());
  Table healthy = open_public_table(server->port());
  REQUIRE(play_moves(broken, bot, 3) == 3);
  REQUIRE(play_moves(healthy, bot, 3) == 3);
  REQUIRE(server->stop(SIGTERM) != -1);
  const std::int64_t id = match_of(db, broken.code);
  const std::string where = " WHERE match_id = " + std::to_string(id) + " AND seq = 2";
  switch (c.how) {
    case Break::kRulesVersion: sql(db, "UPDATE matches SET rules_version = 99 WHERE id = " + std::to_string(id)); break;
    case Break::kIllegalMove:
      // The second move said to come from the seat that made the first:
      // it has chosen its stake already (HC-4).
      sql(db, "UPDATE actions SET seat = (SELECT seat FROM actions WHERE match_id = " + std::to_string(id) +
                  " AND seq = 1)" + where);
      break;
    case Break::kCorruptRow: sql(db, "UPDATE actions SET action = x'ffffffff'" + where); break;
  }

  server = start_server(db);
  REQUIRE_THAT(server->log(), Catch::Contains("match " + std::to_string(id) + " does not replay") &&
                                  Catch::Contains(c.words) && Catch::Contains("ended as abandoned"));
  const std::uint16_t port = server->port();

  // Its players are told on Resume, a newcomer on JoinRoom.
  for (auto& p : broken.players) {
    p.client = std::make_unique<WsClient>(port);
    const auto resumed = p.client->request(resume_msg(broken.code, p.token, broken.version));
    REQUIRE(resumed.room().your_seat() == p.seat);
    expect_told(*p.client, resumed, c.cause, id, broken.code);
    REQUIRE_THAT(resumed.room().ended().reason(), Catch::Contains(c.words));
  }
  WsClient visitor(port);
  expect_told(visitor, visitor.request(join_msg(broken.code, "Visitor")), c.cause, id, broken.code);

  // Not in the lobby; the healthy room is, playing.
  REQUIRE(listed_status(port, broken.code) == v1::ROOM_STATUS_UNSPECIFIED);
  REQUIRE(listed_status(port, healthy.code) == v1::ROOM_STATUS_PLAYING);

  // Counted and named.
  const HttpReply metrics = http_get_with(port, "/metrics");
  REQUIRE(metrics.status == 200);
  for (const char* label : {"rules_version", "replay_failed", "corrupt_record"}) {
    const std::string line = std::string("brethren_matches_unrestorable_total{cause=\"") + label + "\"} ";
    REQUIRE_THAT(metrics.body, Catch::Contains(line + (label == std::string(c.metric) ? "1\n" : "0\n")));
  }
  REQUIRE_THAT(metrics.body, Catch::Contains("brethren_live_matches 1\n"));
  const HttpReply health = http_get_with(port, "/healthz");
  REQUIRE(health.status == 200);
  REQUIRE_THAT(health.body, Catch::Contains("\"unrestorableMatches\":1,\"unrestorable\":[{\"matchId\":" +
                                            std::to_string(id) + ",\"cause\":\"" + c.metric + "\"}]"));
  REQUIRE_THAT(health.body, Catch::Contains("\"liveMatches\":1"));

  // Its history, as far as it replays, saying it was ended and why.
  const std::string target = "/api/matches/" + std::to_string(id);
  const HttpReply public_log = http_get_with(port, target, {{"X-Room-Code", broken.code}});
  INFO(public_log.body);
  REQUIRE(public_log.status == 200);
  const auto history = parse_json<v1::MatchHistory>(public_log.body);
  REQUIRE(history.abandoned());
  REQUIRE_THAT(history.unrestorable_reason(), Catch::Contains(c.words));
  REQUIRE(history.seat() == -1);
  REQUIRE(history.fairness().seed().empty());
  REQUIRE(history.actions_size() == 0);
  REQUIRE_FALSE(history.has_outcome());
  // Each High Card move emits at least one event: none beyond the prefix.
  const auto games = rules::make_conformance_registry();
  const rules::Game& game = *games.find(rules::high_card::kGameId);
  {
    auto store = persistence::Store::open(db);
    const auto match = *store->load_match(id);
    std::vector<rules::LoggedAction> log;
    for (const auto& a : store->load_actions(id)) {
      if (static_cast<int>(log.size()) == c.events_replayed) break;
      rules::LoggedAction step{a.seat, {}};
      REQUIRE(step.action.ParseFromString(a.action));
      log.push_back(step);
    }
    if (c.how == Break::kRulesVersion) {
      REQUIRE(history.events_size() == 0);
    } else {
      v1::GameOptions options;
      auto prefix = rules::replay(game, {options, 2, match.seed, match.secret_seed, match.rules_version}, log);
      REQUIRE(prefix.ok());
      REQUIRE(history.event_count() == (*prefix)->version());
      REQUIRE(static_cast<int>(history.events_size()) ==
              static_cast<int>((*prefix)->events_for(rules::Viewer::spectator()).size()));
      REQUIRE(history.events_size() > 0);
    }
  }
  const HttpReply seat_log = http_get_with(port, target, {{"Authorization", "Bearer " + broken.players[1].token}});
  REQUIRE(seat_log.status == 200);
  REQUIRE(parse_json<v1::MatchHistory>(seat_log.body).seat() == 1);
  const HttpReply views = http_get_with(port, target + "/views", {{"X-Room-Code", broken.code}});
  REQUIRE(views.status == 200);
  const auto table = parse_json<v1::MatchViews>(views.body);
  REQUIRE(table.abandoned());
  REQUIRE_FALSE(table.finished());
  REQUIRE_THAT(table.unrestorable_reason(), Catch::Contains(c.words));
  REQUIRE(table.views_size() == (c.how == Break::kRulesVersion ? 0 : 1 + c.events_replayed));

  // The other room plays on to its end.
  for (auto& p : healthy.players) {
    p.client = std::make_unique<WsClient>(port);
    auto resumed = p.client->request(resume_msg(healthy.code, p.token, healthy.version));
    REQUIRE(resumed.room().status() == v1::ROOM_STATUS_PLAYING);
    REQUIRE_FALSE(resumed.room().has_ended());
  }
  sync_all(healthy, healthy.version);
  play_moves(healthy, bot, 100);
  REQUIRE(healthy.finished());

  // The host may start a new match there, under today's rules.
  auto& host = broken.players[0];
  v1::ClientMessage claim;
  claim.mutable_claim_host()->set_room_code(broken.code);
  claim.mutable_claim_host()->set_host_token(broken.host_token);
  REQUIRE(host.client->request(claim).room().you_are_host());
  v1::ClientMessage rematch;
  rematch.mutable_rematch()->set_room_code(broken.code);
  const auto again = host.client->request(rematch);
  INFO(again.ShortDebugString());
  REQUIRE(again.room().status() == v1::ROOM_STATUS_PLAYING);
  REQUIRE_FALSE(again.room().has_ended());
  REQUIRE(again.room().match().match_id() != id);
  sync_all(broken, 0);
  REQUIRE(listed_status(port, broken.code) == v1::ROOM_STATUS_PLAYING);
  play_moves(broken, bot, 100);
  REQUIRE(broken.finished());
  REQUIRE(server->stop(SIGTERM) != -1);
  // The ended match is stored as one nobody plays (abandoned), so that it
  // is not tried again as live; the room is finished after its rematch.
  REQUIRE(status_in_store(db, broken.code, id) == "finished/abandoned");
}

}  // namespace

TEST_CASE("Unrestorable match: a rules version the game does not play ends it as abandoned, told, counted, named") {
  check_cause({Break::kRulesVersion, v1::ENDED_RULES_VERSION, "rules_version", "rules version 99", 0});
}

TEST_CASE("Unrestorable match: a stored move the rules refuse ends it as abandoned, its history up to that move") {
  check_cause({Break::kIllegalMove, v1::ENDED_REPLAY_FAILED, "replay_failed", "stored action 2 is refused", 1});
}

TEST_CASE("Unrestorable match: a stored move that does not read ends it as abandoned, its history up to that move") {
  check_cause({Break::kCorruptRow, v1::ENDED_CORRUPT_RECORD, "corrupt_record", "stored action 2 does not parse", 1});
}

TEST_CASE("Unrestorable match: its room expires like a finished one and is not loaded again") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  auto server = start_server(db);
  rules::RandomBot bot(6);
  Table expiring = open_public_table(server->port());
  REQUIRE(play_moves(expiring, bot, 1) == 1);
  REQUIRE(server->stop(SIGTERM) != -1);
  const std::int64_t gone = match_of(db, expiring.code);
  sql(db, "UPDATE matches SET rules_version = 99");

  // Nobody comes back to it: it expires after the finished rooms' retention.
  server = start_server(db, {"--finished-room-retention", "1"});
  REQUIRE(eventually(
      [&] {
        WsClient visitor(server->port());
        auto reply = visitor.request(join_msg(expiring.code, "Visitor"));
        return reply.has_error() && reply.error().code() == v1::UNKNOWN_ROOM;
      },
      std::chrono::seconds(60)));
  REQUIRE(server->stop(SIGTERM) != -1);
  REQUIRE(status_in_store(db, expiring.code, gone) == "expired/abandoned");

  // Not loaded again: nothing left to count.
  server = start_server(db);
  // (The log file holds every start on this database: the last one's line.)
  const std::string log = server->log();
  REQUIRE_THAT(log.substr(log.rfind("recovered ")), Catch::StartsWith("recovered 0 rooms"));
  REQUIRE_THAT(http_get_with(server->port(), "/healthz").body, Catch::Contains("\"unrestorableMatches\":0"));
}

namespace {

// The High Card game of the conformance registry: version 2, version 1 still playable.
const rules::Game& high_card(const rules::GameRegistry& games) { return *games.find(rules::high_card::kGameId); }

// What seat 0 is told from the start of a match, under a rules version.
std::string seat0_events(const rules::Game& game, std::uint64_t seed, std::uint32_t version,
                         const std::vector<rules::LoggedAction>& log) {
  auto state = rules::replay(game, {{}, 2, seed, 0, version}, log);
  REQUIRE(state.ok());
  std::string out;
  for (const auto& e : (*state)->events_for(rules::Viewer::player(0))) out += e.SerializeAsString();
  return out;
}

// A seed whose version-1 deal differs from its version-2 deal for seat 0,
// so that what a player is told says which rules dealt.
std::uint64_t seed_telling_versions_apart(const rules::Game& game) {
  std::uint64_t seed = 1;
  while (seat0_events(game, seed, 1, {}) == seat0_events(game, seed, 2, {})) ++seed;
  return seed;
}

std::vector<rules::LoggedAction> stored_log(const std::string& db, std::int64_t match_id) {
  auto store = persistence::Store::open(db);
  std::vector<rules::LoggedAction> log;
  for (const auto& a : store->load_actions(match_id)) {
    rules::LoggedAction step{a.seat, {}};
    REQUIRE(step.action.ParseFromString(a.action));
    log.push_back(step);
  }
  return log;
}

std::uint32_t stored_rules_version(const std::string& db, std::int64_t match_id) {
  return persistence::Store::open(db)->load_match(match_id)->rules_version;
}

// The server as built before High Card's bump (version 1 only), as built
// after it (version 2, version 1 still playable: start_server), and as
// built once version 1 is dropped (tests/server/CMakeLists.txt).
std::unique_ptr<ServerProcess> start_build(const char* binary, const std::string& db, std::vector<std::string> args) {
  ::setenv("BRETHREN_TEST_SERVER_BINARY", binary, 1);
  return std::make_unique<ServerProcess>(db, std::move(args));
}

// A High Card match started by the build before the bump, two moves played
// (one round: both stakes), the server stopped.
struct OldMatch {
  TempDir dir;
  std::string db;
  std::uint64_t seed = 0;
  Table table;
  std::int64_t id = 0;
};

void start_old_match(OldMatch& m, const rules::Game& game) {
  m.db = m.dir.path() + "/b.db";
  m.seed = seed_telling_versions_apart(game);
  auto old_build =
      start_build(BRETHREN_TEST_GAMES_BEFORE_BUMP_BINARY, m.db, {"--insecure-fixed-seed", std::to_string(m.seed)});
  rules::RandomBot bot(7);
  m.table = open_public_table(old_build->port());
  REQUIRE(play_moves(m.table, bot, 2) == 2);
  REQUIRE(old_build->stop(SIGTERM) != -1);
  m.id = match_of(m.db, m.table.code);
  REQUIRE(stored_rules_version(m.db, m.id) == 1);
}

}  // namespace

TEST_CASE(
    "Rules versions: a match started by the build before High Card's bump is restored by the build after it and "
    "finishes under version 1 (HC-1)") {
  const auto games = rules::make_conformance_registry();
  const rules::Game& game = high_card(games);
  REQUIRE(game.rules_version() == 2);
  REQUIRE(game.oldest_playable_rules_version() == 1);
  OldMatch old;
  start_old_match(old, game);

  // The new build: the match is restored, dealt by version 1.
  auto server =
      start_build(BRETHREN_TEST_GAMES_SERVER_BINARY, old.db, {"--insecure-fixed-seed", std::to_string(old.seed)});
  REQUIRE_THAT(server->log(), Catch::Contains("1 live") && Catch::Contains("(0 failed)"));
  std::vector<rules::LoggedAction> log = stored_log(old.db, old.id);
  REQUIRE(log.size() == 2);
  std::string told;  // seat 0's events from the start, as the restored server sends them
  Table& t = old.table;
  for (auto& p : t.players) {
    p.client = std::make_unique<WsClient>(server->port());
    const auto resumed = p.client->request(resume_msg(t.code, p.token, 0));
    REQUIRE(resumed.room().status() == v1::ROOM_STATUS_PLAYING);
    REQUIRE_FALSE(resumed.room().has_ended());
    const auto update = p.client->wait_for_version(t.version);
    REQUIRE(update.has_value());
    REQUIRE_FALSE(update->resync());
    if (p.seat == 0) {
      for (const auto& e : update->events()) told += e.SerializeAsString();
    }
    p.view = update->view();
  }
  REQUIRE(told == seat0_events(game, old.seed, 1, log));
  REQUIRE(told != seat0_events(game, old.seed, 2, log));
  rules::RandomBot bot(8);
  play_moves(t, bot, 100);
  REQUIRE(t.finished());
  // Its history: version 1, replayed under version 1 to the same end.
  const HttpReply reply =
      http_get_with(server->port(), "/api/matches/" + std::to_string(old.id), {{"X-Room-Code", t.code}});
  REQUIRE(reply.status == 200);
  const auto history = parse_json<v1::MatchHistory>(reply.body);
  REQUIRE(history.rules_version() == 1);
  REQUIRE_FALSE(history.abandoned());
  REQUIRE(history.outcome().SerializeAsString() == t.players[0].view.outcome().SerializeAsString());

  // A new match on the new build is played under version 2.
  Table fresh = open_public_table(server->port());
  REQUIRE(play_moves(fresh, bot, 100) == 6);
  REQUIRE(fresh.finished());
  REQUIRE(server->stop(SIGTERM) != -1);
  REQUIRE(stored_rules_version(old.db, match_of(old.db, fresh.code)) == 2);
  REQUIRE(stored_rules_version(old.db, old.id) == 1);
  REQUIRE(status_in_store(old.db, t.code, old.id) == "finished/finished");
  // The whole stored log replays under version 1 to the end the players saw.
  auto replayed = rules::replay(game, {{}, 2, old.seed, 0, 1}, stored_log(old.db, old.id));
  REQUIRE(replayed.ok());
  REQUIRE((*replayed)->is_terminal());
  REQUIRE((*replayed)->outcome().SerializeAsString() == t.players[0].view.outcome().SerializeAsString());
}

TEST_CASE(
    "Rules versions: once High Card's version 1 is dropped, a match started under it ends as abandoned, its players "
    "told why") {
  const auto games = rules::make_conformance_registry();
  OldMatch old;
  start_old_match(old, high_card(games));

  // The build without version 1: the match is ended, the server starts.
  auto server = start_build(BRETHREN_TEST_GAMES_V1_DROPPED_BINARY, old.db, {});
  REQUIRE_THAT(server->log(), Catch::Contains("match " + std::to_string(old.id) + " does not replay") &&
                                  Catch::Contains("ended as abandoned") && Catch::Contains("(1 failed)"));
  const std::uint16_t port = server->port();
  Table& t = old.table;
  for (auto& p : t.players) {
    p.client = std::make_unique<WsClient>(port);
    const auto resumed = p.client->request(resume_msg(t.code, p.token, 0));
    REQUIRE(resumed.room().your_seat() == p.seat);
    expect_told(*p.client, resumed, v1::ENDED_RULES_VERSION, old.id, t.code);
    REQUIRE_THAT(resumed.room().ended().reason(), Catch::Contains("rules version 1") &&
                                                      Catch::Contains("plays rules version 2") &&
                                                      !Catch::Contains("still"));
  }
  REQUIRE(listed_status(port, t.code) == v1::ROOM_STATUS_UNSPECIFIED);
  REQUIRE_THAT(http_get_with(port, "/metrics").body,
               Catch::Contains("brethren_matches_unrestorable_total{cause=\"rules_version\"} 1\n"));
  REQUIRE_THAT(
      http_get_with(port, "/healthz").body,
      Catch::Contains("\"unrestorable\":[{\"matchId\":" + std::to_string(old.id) + ",\"cause\":\"rules_version\"}]"));
  // New matches play under version 2.
  rules::RandomBot bot(9);
  Table fresh = open_public_table(port);
  REQUIRE(play_moves(fresh, bot, 100) == 6);
  REQUIRE(fresh.finished());
  REQUIRE(server->stop(SIGTERM) != -1);
  REQUIRE(status_in_store(old.db, t.code, old.id) == "finished/abandoned");
  REQUIRE(stored_rules_version(old.db, match_of(old.db, fresh.code)) == 2);
}
