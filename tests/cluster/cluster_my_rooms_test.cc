// myRooms across the loopback cluster (issue #27, item 4; docs/accounts.md,
// "myRooms across nodes"): three real nodes behind HAProxy with the lobby's
// Redis and one throwaway PostgreSQL (--accounts-postgres). A player's
// rooms on one node are listed by every node he signs in on, his turn
// first; only to him; and they go when he leaves the seat, while Redis is
// down, and when the node that holds them dies and its entry lapses. Skipped (exit 77) only
// where haproxy, redis-server or PostgreSQL is missing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "tests/cluster/cluster_support.h"
#include "tests/server/account_support.h"
#include "tests/support/postgres_server.h"
#include "tools/client/table.h"
#include "tools/client/ws_client.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;
using namespace brethren::account_test;
using namespace std::chrono_literals;

namespace {

constexpr const char* kGame = "port-royal-pfister";  // 2 to 5 seats

void skip_without_tools() {
  std::string missing = cluster_tools_missing();
  if (!PostgresServer::missing().empty()) missing += PostgresServer::missing() + " ";
  if (missing.empty()) return;
  std::printf("SKIPPED: the cluster myRooms test needs %s(tools/setup.sh installs them)\n", missing.c_str());
  std::exit(77);
}

std::string create_room(WsClient& client) {
  const auto reply = client.request(create_room_msg(kGame, 2, "Anne"));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_room_created());
  return reply.room_created().room().room_code();
}

void take_seat(WsClient& client, const std::string& code, int seat) {
  const auto reply = client.request(take_seat_msg(code, seat));
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_seat_taken());
}

v1::MyRoomList rooms_of(WsClient& client) {
  const auto reply = client.request(my_rooms());
  INFO(reply.ShortDebugString());
  REQUIRE(reply.has_my_rooms());
  return reply.my_rooms();
}

std::vector<std::string> codes_of(const v1::MyRoomList& list) {
  std::vector<std::string> codes;
  for (const auto& room : list.rooms()) codes.push_back(room.room_code());
  return codes;
}

bool acts(const v1::MatchView& view, int seat) {
  return std::find(view.to_act().begin(), view.to_act().end(), seat) != view.to_act().end();
}

}  // namespace

TEST_CASE(
    "My rooms: a player's rooms on one node are listed on every node he signs in on, his turn first, until they "
    "end or their node's entry lapses") {
  skip_without_tools();
  PostgresServer postgres;
  Cluster cluster({}, {"--accounts-postgres", postgres.create_database("accounts"), "--accounts-postgres-pool", "2"});

  // On node 0: a seat in an open room (not his turn), and a match against
  // a bot that waits for him (the bot moves at once).
  WsClient on0(cluster.node_port(0));
  const std::string session = sign_in_guest(on0, "Anne");
  const std::string open = create_room(on0);
  take_seat(on0, open, 1);
  const std::string playing = create_room(on0);
  take_seat(on0, playing, 0);
  v1::ClientMessage add_bot;
  add_bot.mutable_add_bot()->set_room_code(playing);
  add_bot.mutable_add_bot()->set_seat(-1);
  add_bot.mutable_add_bot()->set_kind("random");
  REQUIRE(on0.request(add_bot).has_room());
  REQUIRE(on0.request(start_msg(playing)).has_room());
  REQUIRE(on0.wait_for(
      [](const v1::ServerMessage& m) { return m.has_match_update() && acts(m.match_update().view(), 0); }, 30s));

  // On node 1, signed in with the same session (another device), a room of
  // his there too, the most recent.
  WsClient on1(cluster.node_port(1));
  REQUIRE(on1.request(authenticate(session)).has_account());
  const std::string here = create_room(on1);
  take_seat(on1, here, 0);

  // Every node, and the proxy, lists all three once node 0's next
  // heartbeat has published them: his turn first, then the most recently
  // active.
  std::vector<std::uint16_t> ports{cluster.proxy_port()};
  for (int node = 0; node < Cluster::kNodes; ++node) ports.push_back(cluster.node_port(node));
  for (const auto port : ports) {
    INFO("port " << port);
    WsClient device(port);
    REQUIRE(device.request(authenticate(session)).has_account());
    v1::MyRoomList listed;
    REQUIRE(eventually(
        [&] {
          listed = rooms_of(device);
          return listed.rooms_size() == 3 && listed.rooms(0).your_turn();
        },
        60s));
    INFO(listed.ShortDebugString());
    REQUIRE(codes_of(listed) == std::vector<std::string>{playing, here, open});
    REQUIRE_FALSE(listed.truncated());
    const auto& first = listed.rooms(0);
    REQUIRE(first.status() == v1::ROOM_STATUS_PLAYING);
    REQUIRE(first.game_id() == kGame);
    REQUIRE(first.your_seat() == 0);
    REQUIRE(first.player_names_size() == 2);
    REQUIRE(first.player_names(0) == "Anne");
    REQUIRE_FALSE(listed.rooms(1).your_turn());
    REQUIRE(listed.rooms(2).status() == v1::ROOM_STATUS_OPEN);
    REQUIRE(listed.rooms(2).your_seat() == 1);
    REQUIRE_FALSE(listed.rooms(2).your_turn());
  }

  // Another account, on the node that holds his rooms and on another: none.
  for (int node : {0, 1}) {
    WsClient stranger(cluster.node_port(node));
    sign_in_guest(stranger, "Bob");
    REQUIRE(rooms_of(stranger).rooms_size() == 0);
  }

  // He leaves his seat in the open room on node 0: node 1 stops listing it.
  v1::ClientMessage leave;
  leave.mutable_leave_seat()->set_room_code(open);
  const auto left = on0.request(leave);
  INFO(left.ShortDebugString());
  REQUIRE(left.has_room());
  REQUIRE(eventually([&] { return codes_of(rooms_of(on1)) == std::vector<std::string>{playing, here}; }, 60s));

  // Without Redis, node 1 lists its own rooms only (node 0's could end
  // meanwhile unseen); once Redis is back, node 0's next heartbeat fills it.
  cluster.kill_redis();
  REQUIRE(eventually([&] { return codes_of(rooms_of(on1)) == std::vector<std::string>{here}; }, 60s));
  cluster.start_redis();
  REQUIRE(eventually([&] { return codes_of(rooms_of(on1)) == std::vector<std::string>{playing, here}; }, 60s));

  // Node 0 dies: its entry lapses after three heartbeats, and node 1 lists
  // its own room only (a dead node's rooms cannot be resumed anyway).
  cluster.kill_node(0);
  REQUIRE(eventually([&] { return codes_of(rooms_of(on1)) == std::vector<std::string>{here}; }, 60s));
}
