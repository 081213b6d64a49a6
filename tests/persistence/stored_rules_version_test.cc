// A stored match remembers the rules version it was started under, through
// the real server: the history says it, and a log stored under another
// version is not replayed, with the reason named (issue #26, item 1). What
// the room then shows is issue #26, item 2.
#include <google/protobuf/util/json_util.h>

#include <catch2/catch.hpp>
#include <csignal>

#include "brethren/v1/history.pb.h"
#include "persistence/sqlite.h"
#include "persistence/store.h"
#include "tests/support/history_support.h"
#include "tests/support/server_process.h"

using namespace brethren;
using namespace brethren::testing;

namespace {

HttpReply history_of(std::uint16_t port, const PlayedMatch& played) {
  return http_get_with(port, "/api/matches/" + std::to_string(played.match_id), {{"X-Room-Code", played.room_code}});
}

void set_stored_rules_version(const std::string& db_path, std::int64_t match_id, int version) {
  persistence::Connection db(db_path);
  db.exec(("UPDATE matches SET rules_version = " + std::to_string(version) + " WHERE id = " + std::to_string(match_id))
              .c_str());
}

}  // namespace

TEST_CASE("Rules version: a match stores the version it started under, and its history says it") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  ServerProcess server(db);
  const PlayedMatch played = play_against_bots(server.port(), "port-royal-pfister", 2);
  const HttpReply reply = history_of(server.port(), played);
  REQUIRE(reply.status == 200);
  REQUIRE_THAT(reply.body, Catch::Contains("\"rulesVersion\":1"));
  v1::MatchHistory history;
  REQUIRE(google::protobuf::util::JsonStringToMessage(reply.body, &history).ok());
  REQUIRE(history.rules_version() == 1);
  REQUIRE(server.stop(SIGTERM) != -1);
  auto store = persistence::Store::open(db);
  REQUIRE(store->load_match(played.match_id)->rules_version == 1);
}

TEST_CASE("Rules version: a log stored under another version is not replayed, and recovery and the history name why") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  auto server = std::make_unique<ServerProcess>(db);
  const PlayedMatch played = play_against_bots(server->port(), "port-royal-pfister", 2);
  REQUIRE(server->stop(SIGTERM) != -1);
  // As if the match had been played by a build whose Port Royal was at version 2.
  set_stored_rules_version(db, played.match_id, 2);

  server = std::make_unique<ServerProcess>(db);
  REQUIRE_THAT(server->log(), Catch::Contains("match " + std::to_string(played.match_id) + " does not replay") &&
                                  Catch::Contains("started under rules version 2") &&
                                  Catch::Contains("this build plays rules version 1") && Catch::Contains("(1 failed)"));
  const HttpReply reply = history_of(server->port(), played);
  REQUIRE(reply.status == 500);
  REQUIRE_THAT(reply.body, Catch::Contains("RULES_VERSION_MISMATCH") && Catch::Contains("rules version 2"));
}
