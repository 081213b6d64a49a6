// brethren-verify against matches played through the real server: it accepts
// an honest match and rejects a tampered seed, salt, commitment or action
// (issue #7, part 7; docs/fairness.md).
#include <sys/wait.h>

#include <google/protobuf/util/json_util.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>

#include "brethren/v1/history.pb.h"
#include "rules/registry/all_games.h"
#include "server/protocol/fairness.h"
#include "tests/support/history_support.h"
#include "tests/support/server_process.h"

using namespace brethren;
using namespace brethren::testing;

namespace {

struct Run {
  int exit_code = -1;
  std::string output;
};

Run run_verify(const std::string& arguments) {
  Run run;
  FILE* pipe = popen((std::string(BRETHREN_VERIFY_BINARY) + " " + arguments + " 2>&1").c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) run.output.append(buffer, n);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

Run verify(const TempDir& dir, const v1::MatchHistory& history) {
  std::string json;
  REQUIRE(google::protobuf::util::MessageToJsonString(history, &json).ok());
  const std::string path = dir.path() + "/match.json";
  std::ofstream(path) << json;
  return run_verify(path);
}

v1::MatchHistory fetch(std::uint16_t port, const PlayedMatch& played) {
  const auto reply =
      http_get_with(port, "/api/matches/" + std::to_string(played.match_id), {{"X-Room-Code", played.room_code}});
  REQUIRE(reply.status == 200);
  v1::MatchHistory history;
  REQUIRE(google::protobuf::util::JsonStringToMessage(reply.body, &history).ok());
  return history;
}

// Another seed whose set-up differs visibly from the honest one, committed
// to anew: what a server that dealt from a seed other than the committed one
// would have to publish.
v1::MatchHistory with_other_dealing_seed(const v1::MatchHistory& honest) {
  const auto games = rules::make_all_games_registry();
  const rules::Game& game = *games.find(honest.game_id());
  const std::uint64_t seed = std::stoull(honest.fairness().seed());
  const std::uint64_t secret = game.info().secret_randomness() ? 1 : 0;
  auto public_setup = [&](std::uint64_t s) {
    std::string out;
    auto state = game.new_match({honest.options(), honest.seat_count(), s, secret});
    for (const auto& e : (*state)->events_for(rules::Viewer::spectator())) out += e.SerializeAsString();
    return out;
  };
  std::uint64_t other = seed + 1;
  while (public_setup(other) == public_setup(seed)) ++other;
  v1::MatchHistory forged = honest;
  forged.mutable_fairness()->set_seed(std::to_string(other));
  forged.mutable_fairness()->set_seed_commitment(fairness::seed_commitment(other, honest.fairness().seed_salt()));
  return forged;
}

void check_tampering_is_caught(const TempDir& dir, const v1::MatchHistory& honest) {
  v1::MatchHistory seed = honest;
  seed.mutable_fairness()->set_seed(std::to_string(std::stoull(honest.fairness().seed()) + 1));
  auto run = verify(dir, seed);
  CHECK(run.exit_code == 1);
  CHECK(run.output.find("commitment mismatch") != std::string::npos);

  v1::MatchHistory salt = honest;
  salt.mutable_fairness()->set_seed_salt(std::string(64, '0'));
  CHECK(verify(dir, salt).exit_code == 1);

  v1::MatchHistory commitment = honest;
  commitment.mutable_fairness()->set_seed_commitment(std::string(64, 'f'));
  CHECK(verify(dir, commitment).exit_code == 1);

  run = verify(dir, with_other_dealing_seed(honest));
  CHECK(run.exit_code == 1);
  CHECK(run.output.find("set-up") != std::string::npos);
}

}  // namespace

TEST_CASE("brethren-verify: a Port Royal match, moves and all, honest and tampered") {
  TempDir dir;
  ServerProcess server(dir.path() + "/v.db");
  const auto played = play_against_bots(server.port(), "port-royal-pfister", 3);
  const auto honest = fetch(server.port(), played);
  REQUIRE(honest.actions_published());

  auto run = verify(dir, honest);
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  REQUIRE(run.output.find("VERIFIED") != std::string::npos);
  REQUIRE(run.output.find("moves:") != std::string::npos);
  // Straight from the server, as a player would.
  const std::string url =
      "http://127.0.0.1:" + std::to_string(server.port()) + "/api/matches/" + std::to_string(played.match_id);
  REQUIRE(run_verify(url + " --room-code " + played.room_code).exit_code == 0);
  REQUIRE(run_verify(url + " --token " + played.seat0_token).exit_code == 0);
  REQUIRE(run_verify(url).exit_code == 2);  // unlisted room, no code: the server refuses

  check_tampering_is_caught(dir, honest);

  // A tampered move: another seat, or another legal-looking action.
  v1::MatchHistory seat = honest;
  auto* first = seat.mutable_actions(0);
  first->set_seat((first->seat() + 1) % honest.seat_count());
  CHECK(verify(dir, seat).exit_code == 1);
  v1::MatchHistory dropped = honest;
  dropped.mutable_actions()->RemoveLast();
  run = verify(dir, dropped);
  CHECK(run.exit_code == 1);
  v1::MatchHistory swapped = honest;
  const int n = swapped.actions_size();
  REQUIRE(n > 3);
  swapped.mutable_actions()->SwapElements(n / 2, n / 2 + 1);
  if (swapped.actions(n / 2).SerializeAsString() != honest.actions(n / 2).SerializeAsString()) {
    CHECK(verify(dir, swapped).exit_code == 1);
  }
  // A forged event in the published log.
  v1::MatchHistory event = honest;
  event.mutable_events()->RemoveLast();
  CHECK(verify(dir, event).exit_code == 1);
}

TEST_CASE("brethren-verify: Letter of Marque (set-up only, LOM-H-3) and Tortuga (public-seed part only, T67-H-3)") {
  TempDir dir;
  ServerProcess server(dir.path() + "/v.db");
  for (const auto& [game, seats] : {std::pair<std::string, int>{"letter-of-marque", 3}, {"tortuga-1667", 9}}) {
    DYNAMIC_SECTION(game) {
      const auto played = play_against_bots(server.port(), game, seats);
      const auto honest = fetch(server.port(), played);
      REQUIRE_FALSE(honest.actions_published());
      const auto run = verify(dir, honest);
      INFO(run.output);
      REQUIRE(run.exit_code == 0);
      REQUIRE(run.output.find("VERIFIED") != std::string::npos);
      REQUIRE(run.output.find("not checkable: the moves") != std::string::npos);
      check_tampering_is_caught(dir, honest);
    }
  }
}
