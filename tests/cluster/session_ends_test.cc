// The ended-sessions relay (server/cluster/session_ends_redis.h, issue #27
// item 2): an end reported on one node reaches the signed-in connections of
// the others through a real redis-server, survives garbage on the channel
// and a restart of Redis. Skipped (exit 77) only where redis-server or
// haproxy is missing, like every cluster test.
#include <hiredis/hiredis.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "server/cluster/session_ends_redis.h"
#include "tests/cluster/cluster_support.h"

using namespace brethren;
using namespace brethren::server;
using namespace brethren::testing;
using namespace std::chrono_literals;

namespace {

const std::string kHashA(64, 'a');
const std::string kHashB(64, 'b');

void skip_without_tools() {
  if (!cluster_tools_missing().empty()) {
    std::printf("SKIPPED: the cluster test needs %s(tools/setup.sh installs them)\n", cluster_tools_missing().c_str());
    std::exit(77);
  }
}

std::unique_ptr<ChildProcess> start_redis(const TempDir& dir, std::uint16_t port) {
  auto redis = std::make_unique<ChildProcess>(
      std::vector<std::string>{find_in_path("redis-server"), "--bind", "127.0.0.1", "--port", std::to_string(port),
                               "--save", "", "--appendonly", "no", "--dir", dir.path()},
      std::map<std::string, std::string>{}, dir.path() + "/redis.log");
  REQUIRE(wait_for_port(port, 10s));
  return redis;
}

void publish_raw(std::uint16_t port, const std::string& payload) {
  redisContext* redis = redisConnect("127.0.0.1", port);
  REQUIRE(redis);
  REQUIRE(redis->err == 0);
  auto* reply = static_cast<redisReply*>(
      redisCommand(redis, "PUBLISH %s %b", RedisSessionEnds::kChannel, payload.data(), payload.size()));
  REQUIRE(reply);
  freeReplyObject(reply);
  redisFree(redis);
}

// A signed-in connection as the relay sees it: counts what it is told.
struct Listener {
  std::atomic<int> told{0};
  std::atomic<bool> last_ended{false};
  void attach(SignedInConnections& connections, std::int64_t account, std::uint64_t connection,
              const std::string& session) {
    connections.add(account, connection, [this, session](const EndedSessions& ended) {
      last_ended = ended.ends(session);
      ++told;
    });
  }
};

}  // namespace

TEST_CASE("Session ends: the message is strict, anything else on the channel is ignored") {
  const RedisSessionEnds::Message m{12345, 42, EndedSessions{"", kHashA}};
  const auto back = RedisSessionEnds::decode(RedisSessionEnds::encode(m));
  REQUIRE(back);
  REQUIRE(back->origin == 12345);
  REQUIRE(back->account_id == 42);
  REQUIRE(back->ended.only.empty());
  REQUIRE(back->ended.keep == kHashA);
  const auto all = RedisSessionEnds::decode("1 7 42 - -");
  REQUIRE(all);
  REQUIRE(all->ended.ends(kHashB));
  const std::vector<std::string> malformed = {"",
                                              "2 7 42 - -",
                                              "1 7 42 - - extra",
                                              "1 7 0 - -",
                                              "1 7 -3 - -",
                                              "1 x 42 - -",
                                              "1 7 42 abc -",
                                              "1 7 42 " + std::string(64, 'A') + " -",
                                              "1 7 42 " + kHashA + " " + kHashB,
                                              "1 7 99999999999999999999 - -",
                                              "1 7 9999999999999999999 - -",
                                              "1 99999999999999999999 42 - -",
                                              "1 +7 42 - -",
                                              std::string(300, '1')};
  for (const auto& bad : malformed) {
    INFO(bad);
    REQUIRE_FALSE(RedisSessionEnds::decode(bad));
  }
}

TEST_CASE(
    "Session ends: a sign-out on one node unbinds the connections of another through Redis, also after "
    "garbage and after Redis restarts") {
  skip_without_tools();
  TempDir dir;
  const auto port = free_loopback_port();
  auto redis = start_redis(dir, port);
  const std::string address = "127.0.0.1:" + std::to_string(port);

  SignedInConnections node_a, node_b;
  RedisSessionEnds relay_a(address, node_a), relay_b(address, node_b);
  REQUIRE(eventually([&] { return relay_a.subscribed() && relay_b.subscribed(); }, 20s));

  Listener local, remote, remote_other_session, other_account;
  local.attach(node_a, 42, 1, kHashA);
  remote.attach(node_b, 42, 2, kHashA);
  remote_other_session.attach(node_b, 42, 3, kHashB);
  other_account.attach(node_b, 43, 4, kHashA);

  // Garbage first: ignored, and the subscription lives on.
  publish_raw(port, "not a session end");
  publish_raw(port, "1 7 42 " + std::string(64, 'Z') + " -");

  const auto sent = std::chrono::steady_clock::now();
  node_a.sessions_ended(42, EndedSessions{kHashA, ""});  // a sign-out of session A
  REQUIRE(local.told == 1);                              // this node's connection: at once, on the caller's thread
  REQUIRE(local.last_ended);
  REQUIRE(eventually([&] { return remote.told == 1 && remote_other_session.told == 1; }, 20s));
  std::printf(
      "session ends: another node heard the sign-out after %lld ms\n",
      static_cast<long long>(
          std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - sent).count()));
  REQUIRE(remote.last_ended);                      // its session ended
  REQUIRE_FALSE(remote_other_session.last_ended);  // another session of the account did not
  REQUIRE(other_account.told == 0);
  REQUIRE(local.told == 1);  // its own message, back from Redis, is not told twice

  // Redis restarts: both relays subscribe again, and the next end arrives.
  redis->stop(SIGKILL);
  redis.reset();
  REQUIRE(eventually([&] { return !relay_a.subscribed() && !relay_b.subscribed(); }, 20s));
  redis = start_redis(dir, port);
  REQUIRE(eventually([&] { return relay_a.subscribed() && relay_b.subscribed(); }, 20s));
  node_a.sessions_ended(42, EndedSessions{});  // sign-out everywhere
  REQUIRE(eventually([&] { return remote.told == 2 && remote_other_session.told == 2; }, 20s));
  REQUIRE(remote_other_session.last_ended);
  REQUIRE(other_account.told == 0);
}
