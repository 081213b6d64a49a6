// Accounts in the loopback cluster (issue #27, "Done when"; docs/accounts.md,
// "Accounts in a cluster"): three real nodes behind HAProxy with the lobby's
// Redis and one throwaway PostgreSQL (--accounts-postgres). An account
// claimed on one node signs in on another; its rated match on a third
// reaches every node's profile through that node's ratings outbox; a
// sign-out everywhere is pushed to its connection on another node. Skipped
// (exit 77) only where haproxy, redis-server or PostgreSQL is missing.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <google/protobuf/util/json_util.h>
#include <string>

#include "tests/cluster/cluster_support.h"
#include "tests/server/account_support.h"
#include "tests/support/history_support.h"
#include "tests/support/postgres_server.h"
#include "tools/client/ws_client.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;
using namespace brethren::account_test;
using namespace std::chrono_literals;

namespace {

constexpr const char* kPassword = "correct horse battery";

void skip_without_tools() {
  std::string missing = cluster_tools_missing();
  if (!PostgresServer::missing().empty()) missing += PostgresServer::missing() + " ";
  if (missing.empty()) return;
  std::printf("SKIPPED: the cluster accounts test needs %s(tools/setup.sh installs them)\n", missing.c_str());
  std::exit(77);
}

// The profile a node serves, once it shows `games` rated games of the game.
bool profile_shows(std::uint16_t port, const std::string& name, const std::string& game_id, int games) {
  const auto reply = http_get_with(port, "/api/players/" + name);
  if (reply.status != 200) return false;
  v1::PlayerProfile profile;
  if (!google::protobuf::util::JsonStringToMessage(reply.body, &profile).ok()) return false;
  for (const auto& rating : profile.ratings()) {
    if (rating.game_id() == game_id && static_cast<int>(rating.games()) == games)
      return profile.recent_matches_size() == games;
  }
  return false;
}

}  // namespace

TEST_CASE(
    "Cluster accounts: claimed on one node, signed in on another, rated on a third, seen and signed out on "
    "all") {
  skip_without_tools();
  PostgresServer postgres;
  Cluster cluster({}, {"--accounts-postgres", postgres.create_database("accounts"), "--accounts-postgres-pool", "2"});

  // A guest on node 0 claims a name; the password signs in on node 1.
  WsClient on0(cluster.node_port(0));
  sign_in_guest(on0, "");
  REQUIRE(on0.request(claim("Anne", kPassword)).has_account());
  WsClient on1(cluster.node_port(1));
  const auto signed_in = on1.request(sign_in("anne", kPassword));
  INFO(signed_in.ShortDebugString());
  REQUIRE(signed_in.has_account_session());
  REQUIRE(signed_in.account_session().account().username() == "Anne");

  // A rated match against a bot on node 2, signed in there too.
  v1::RoomSettings rated;
  rated.set_rated(true);
  const auto played = play_against_bots(cluster.node_port(2), "port-royal-pfister", 2, rated, "", [](WsClient& human) {
    const auto reply = human.request(sign_in("Anne", kPassword));
    INFO(reply.ShortDebugString());
    REQUIRE(reply.has_account_session());
  });
  REQUIRE(played.at_start.settings().rated());
  // Node 2's outbox sends it to the shared store: every node's profile,
  // and the proxy's, shows the one rated game.
  for (int node = 0; node < Cluster::kNodes; ++node) {
    INFO("node " << node);
    REQUIRE(eventually([&] { return profile_shows(cluster.node_port(node), "Anne", "port-royal-pfister", 1); }, 60s));
  }
  REQUIRE(profile_shows(cluster.proxy_port(), "ANNE", "port-royal-pfister", 1));
  // Its replay link names node 2 (match ids are per node) and not the
  // room's code; through the proxy it reaches node 2's history of the match.
  const auto page = http_get_with(cluster.proxy_port(), "/api/players/Anne");
  v1::PlayerProfile profile;
  REQUIRE(google::protobuf::util::JsonStringToMessage(page.body, &profile).ok());
  REQUIRE(profile.recent_matches_size() == 1);
  const auto& recent = profile.recent_matches(0);
  REQUIRE(recent.match_id() == played.match_id);
  REQUIRE(recent.replay_url() == "/replay/" + std::to_string(played.match_id) + "?room=2");
  REQUIRE(page.body.find(played.room_code) == std::string::npos);
  const auto history =
      http_get_with(cluster.proxy_port(), "/api/matches/" + std::to_string(played.match_id) + "?room=2",
                    {{"Authorization", "Bearer " + played.seat0_token}});
  INFO(history.body);
  // Only node 2 has played a match: another node would answer 404.
  REQUIRE(history.status == 200);
  REQUIRE(history.body.find("\"displayName\":\"Anne\"") != std::string::npos);

  // Signing out everywhere on node 0 is pushed to the connection on node 1.
  const auto out = on0.request(sign_out(true));
  INFO(out.ShortDebugString());
  REQUIRE(out.has_ok());
  const auto pushed = on1.wait_for(
      [](const v1::ServerMessage& m) {
        return m.request_id() == 0 && m.has_error() && m.error().code() == v1::NOT_SIGNED_IN;
      },
      30s);
  REQUIRE(pushed);
  REQUIRE(on1.request(get_account()).error().code() == v1::NOT_SIGNED_IN);
}
