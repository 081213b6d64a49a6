// Databases made by every earlier schema version, with data, load into
// today's store, recover and play on (issue #26, item 7). The old schemas
// and their rows are frozen in schemas/v<N>.sql; the moves of their matches
// are real moves of the game, added here.
#include <catch2/catch.hpp>
#include <csignal>
#include <fstream>
#include <sstream>

#include "persistence/sqlite.h"
#include "persistence/store.h"
#include "rules/core/rng.h"
#include "rules/registry/all_games.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::persistence;
using brethren::testing::ServerProcess;
using brethren::testing::TempDir;

namespace {

constexpr const char* kGame = "port-royal-pfister";
constexpr std::uint64_t kLiveSeed = 4242;     // match 1, room BBB222BBB (the fixtures)
constexpr std::uint64_t kFinishedSeed = 777;  // match 2, room CCC333CCC
constexpr int kLiveMoves = 6;
const std::string kBonnyToken(64, '1');   // seat 0 of BBB222BBB
const std::string kCalicoToken(64, '2');  // seat 1

std::string fixture(int version) {
  std::ifstream in(std::string(BRETHREN_SOURCE_DIR) + "/tests/persistence/schemas/v" + std::to_string(version) +
                   ".sql");
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Random legal moves from the start of a seeded match: `moves` of them, or
// to the end (moves < 0).
std::vector<rules::LoggedAction> moves_of(std::uint64_t seed, int moves) {
  const auto games = rules::make_all_games_registry();
  auto state = std::move(games.new_match(kGame, {{}, 2, seed, 0, 0})).value();
  rules::Rng rng(seed);
  std::vector<rules::LoggedAction> log;
  while (!state->is_terminal() && (moves < 0 || static_cast<int>(log.size()) < moves)) {
    const rules::Seat seat = state->acting_seats().front();
    const auto legal = state->legal_actions(seat);
    const rules::ActionId action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    log.push_back({seat, state->encode_action(seat, action)});
    state->apply_legal(seat, action);
  }
  return log;
}

// The old server's database: the fixture's schema and rows, and the logs of
// both matches as that server wrote them (no deadline column before v5).
void make_old_database(const std::string& path, int version) {
  Connection db(path);
  db.exec(fixture(version).c_str());
  auto insert = db.prepare("INSERT INTO actions (match_id, seq, seat, action, at) VALUES (?1, ?2, ?3, ?4, ?5)");
  auto add = [&](std::int64_t match, const std::vector<rules::LoggedAction>& log) {
    for (std::size_t i = 0; i < log.size(); ++i) {
      insert.bind(1, match).bind(2, static_cast<std::int64_t>(i + 1)).bind(3, log[i].seat);
      insert.bind_blob(4, log[i].action.SerializeAsString()).bind(5, std::int64_t{1700000001600}).run();
    }
  };
  add(1, moves_of(kLiveSeed, kLiveMoves));
  add(2, moves_of(kFinishedSeed, -1));
}

std::vector<rules::LoggedAction> parse_log(const std::vector<ActionRecord>& actions) {
  std::vector<rules::LoggedAction> log;
  for (const auto& a : actions) {
    rules::LoggedAction step{a.seat, {}};
    REQUIRE(step.action.ParseFromString(a.action));
    log.push_back(std::move(step));
  }
  return log;
}

std::unique_ptr<rules::State> replay(const MatchRecord& match, const std::vector<ActionRecord>& actions) {
  const auto games = rules::make_all_games_registry();
  v1::GameOptions options;
  REQUIRE(options.ParseFromString(match.options));
  auto state = rules::replay(*games.find(match.game_id),
                             {options, match.seat_count, match.seed, match.secret_seed, match.rules_version},
                             parse_log(actions));
  INFO((state ? std::string() : state.error().message));
  REQUIRE(state.ok());
  return std::move(state).value();
}

}  // namespace

TEST_CASE("Migrations: a database of every earlier schema version loads with its rows, recovers and plays on") {
  const int version = GENERATE(range(1, Store::kSchemaVersion));
  INFO("schema version " << version);
  TempDir dir;
  const std::string path = dir.path() + "/old.db";
  make_old_database(path, version);

  auto store = Store::open(path);
  REQUIRE(store->schema_version() == Store::kSchemaVersion);

  // Rooms and seats, with the columns later versions added at their defaults.
  std::vector<RoomRecord> rooms;
  for (const char* code : {"AAA111AAA", "BBB222BBB", "CCC333CCC"}) {
    auto room = store->load_room(code);
    REQUIRE(room);
    rooms.push_back(std::move(*room));
  }
  REQUIRE(rooms[0].code == "AAA111AAA");
  REQUIRE(rooms[0].status == RoomStatus::kOpen);
  REQUIRE(rooms[0].is_public);
  REQUIRE(rooms[1].code == "BBB222BBB");
  REQUIRE(rooms[1].status == RoomStatus::kPlaying);
  REQUIRE(rooms[1].game_id == kGame);
  REQUIRE(rooms[1].seat_count == 2);
  REQUIRE(rooms[1].created_at == 1700000001000);
  REQUIRE(rooms[2].status == RoomStatus::kFinished);
  for (const auto& room : rooms) {
    REQUIRE(room.turn_time_limit_ms == 0);
    REQUIRE(room.settings.empty());
  }
  const auto seats = store->load_seats("BBB222BBB");
  REQUIRE(seats.size() == 2);
  REQUIRE(seats[0].display_name == "Bonny");
  REQUIRE(seats[1].display_name == "Calico");
  REQUIRE(seats[1].bot_kind.empty());
  const auto open_seats = store->load_seats("AAA111AAA");
  REQUIRE(open_seats.size() == (version >= 4 ? 2u : 1u));
  if (version >= 4) REQUIRE(open_seats[1].bot_kind == "random");

  // Matches: every one stored before rules versions were kept is version 1.
  const auto matches = store->load_matches();
  REQUIRE(matches.size() == 2);
  REQUIRE(matches[0].status == MatchStatus::kLive);
  REQUIRE(matches[0].seed == kLiveSeed);
  REQUIRE(matches[0].seed_salt == (version >= 5 ? "salt1" : ""));
  REQUIRE(matches[1].status == MatchStatus::kFinished);
  REQUIRE(matches[1].finished_at == 1700000009000);
  for (const auto& match : matches) REQUIRE(match.rules_version == 1);
  const auto result = store->load_result(2);
  REQUIRE(result.has_value());
  REQUIRE(result->summary == "Drake wins");
  REQUIRE(result->final_state.empty());
  REQUIRE(store->load_chat("BBB222BBB").size() == (version >= 5 ? 2u : 0u));
  {
    // Ratings (9) and failed sign-ins (10) are kept; the ratings outbox (11)
    // is empty (as stored, and as it starts).
    Connection db(path, true);
    auto ratings = db.prepare("SELECT COUNT(*) FROM ratings");
    REQUIRE(ratings.step());
    REQUIRE(ratings.column_int(0) == (version >= 9 ? 1 : 0));
    auto failures = db.prepare("SELECT COUNT(*) FROM sign_in_failures");
    REQUIRE(failures.step());
    REQUIRE(failures.column_int(0) == (version >= 10 ? 1 : 0));
    auto outbox =
        db.prepare("SELECT (SELECT COUNT(*) FROM rating_outbox) + (SELECT COUNT(*) FROM rating_outbox_seats)");
    REQUIRE(outbox.step());
    REQUIRE(outbox.column_int(0) == 0);
    // No position in the shared list of deletions followed yet (12).
    auto followed = db.prepare("SELECT COUNT(*) FROM followed_deletions");
    REQUIRE(followed.step());
    REQUIRE(followed.column_int(0) == 0);
  }

  // Recovery reads what start-up reads: the finished room dated from its
  // match's end (schema 6 dates rooms), both logs replay.
  const RecoverySet set = store->load_recovery(1700000009000, 10);
  REQUIRE(set.rooms.size() == 3);
  REQUIRE(store->load_recovery(1700000009001, 10).rooms.size() == 2);
  REQUIRE(set.actions.at(1).size() == kLiveMoves);
  REQUIRE(set.actions.at(1)[0].deadline_ms == 0);
  REQUIRE(replay(set.matches.at(1), set.actions.at(2))->is_terminal());
  auto live = replay(set.matches.at(0), set.actions.at(1));
  REQUIRE(!live->is_terminal());

  // And the live match plays on: the next move is stored after the old ones.
  const rules::Seat seat = live->acting_seats().front();
  const rules::ActionId next = live->legal_actions(seat).front();
  bool ok = false;
  store->commit_unit(
      Store::Unit().append_action(
          ActionRecord{1, kLiveMoves + 1, seat, live->encode_action(seat, next).SerializeAsString(), 1700000003000, 0}),
      [&ok](bool committed, const std::string&) { ok = committed; });
  store->flush();
  REQUIRE(ok);
  store.reset();
  store = Store::open(path);
  const auto after = store->load_actions(1);
  REQUIRE(after.size() == kLiveMoves + 1);
  REQUIRE(replay(store->load_match(1).value(), after)->version() > live->version());
}

TEST_CASE(
    "Migrations: the server starts on a database of every earlier schema version and its live match accepts a move") {
  const int version = GENERATE(range(1, Store::kSchemaVersion));
  INFO("schema version " << version);
  TempDir dir;
  const std::string path = dir.path() + "/old.db";
  make_old_database(path, version);

  // What the live match is after its stored moves, by the rules alone.
  const auto games = rules::make_all_games_registry();
  auto expected = std::move(games.new_match(kGame, {{}, 2, kLiveSeed, 0, 0})).value();
  for (const auto& step : moves_of(kLiveSeed, kLiveMoves)) REQUIRE(expected->apply(step.seat, step.action).ok());

  ServerProcess server(path);
  REQUIRE_THAT(server.log(), Catch::Contains("1 live"));
  const rules::Seat seat = expected->acting_seats().front();
  client::WsClient player(server.port());
  const auto resumed = player.request(client::resume_msg("BBB222BBB", seat == 0 ? kBonnyToken : kCalicoToken, 0));
  REQUIRE(resumed.has_room());
  REQUIRE(resumed.room().status() == v1::ROOM_STATUS_PLAYING);
  REQUIRE(resumed.room().your_seat() == seat);
  const auto update = player.wait_for_version(expected->version());
  REQUIRE(update.has_value());
  REQUIRE(update->view().SerializeAsString() == expected->view(rules::Viewer::player(seat)).SerializeAsString());

  const auto move = expected->encode_action(seat, expected->legal_actions(seat).front());
  const auto reply = player.request(client::submit_msg("BBB222BBB", move));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_action_accepted());
  REQUIRE(server.stop(SIGTERM) != -1);
  auto store = Store::open(path);
  REQUIRE(store->schema_version() == Store::kSchemaVersion);
  REQUIRE(store->load_actions(1).size() == kLiveMoves + 1);
}
