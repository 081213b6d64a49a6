// Quick play across the nodes of a cluster (issue #27 item 8;
// server/cluster/quick_play_redis.h, docs/quickplay.md "Across nodes"):
// the tickets' encoding is strict, the matching over every node's tickets
// follows the single node's rules, and in the loopback cluster (three
// nodes, HAProxy, Redis, one PostgreSQL for the shared accounts) players
// queueing on different nodes share one room on one node, the others
// coming to it through the proxy with their tokens. Skipped (exit 77) only
// where haproxy, redis-server or PostgreSQL is missing.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <utility>
#include <set>
#include <string>
#include <vector>

#include "server/base/room_code.h"
#include "server/cluster/quick_play_redis.h"
#include "tests/cluster/cluster_support.h"
#include "tests/server/account_support.h"
#include "tests/server/quickplay_support.h"
#include "tests/support/postgres_server.h"
#include "tools/client/ws_client.h"

using namespace brethren;
using namespace brethren::testing;
using namespace brethren::client;
using namespace brethren::account_test;
using brethren::quickplay_test::queue_up;
using brethren::quickplay_test::quick_play;
using namespace std::chrono_literals;
using brethren::server::RedisQuickPlay;
using brethren::server::quickplay::Ticket;

namespace {

constexpr const char* kPfister = "port-royal-pfister";

Ticket ticket(int node, std::uint64_t n, std::int64_t account, double mu, std::int64_t since,
              const std::string& game = kPfister, int seats = 3) {
  return Ticket{(static_cast<std::uint64_t>(node) << 56) | n,
                game,
                seats,
                account,
                "Sailor " + std::to_string(account),
                account % 2 == 0,
                mu,
                since};
}

v1::QuickPlayStatus wait_matched(WsClient& client) { return quickplay_test::wait_matched(client, 60s); }

void skip_without_tools() {
  std::string missing = cluster_tools_missing();
  if (!PostgresServer::missing().empty()) missing += PostgresServer::missing() + " ";
  if (missing.empty()) return;
  std::printf("SKIPPED: the cluster quick-play test needs %s(tools/setup.sh installs them)\n", missing.c_str());
  std::exit(77);
}

}  // namespace

TEST_CASE("Cluster quick play: tickets and tables are encoded binary-safe, and anything else is refused") {
  Ticket t = ticket(5, 77, 123, 25.125, 1700000000123);
  t.display_name = std::string("Ana:\0 12:x", 10);
  const auto back = RedisQuickPlay::decode_ticket(RedisQuickPlay::encode(t));
  REQUIRE(back);
  REQUIRE(back->id == t.id);
  REQUIRE(back->game_id == t.game_id);
  REQUIRE(back->seats == 3);
  REQUIRE(back->account_id == 123);
  REQUIRE(back->display_name == t.display_name);
  REQUIRE(back->mu == t.mu);
  REQUIRE(back->since_unix_ms == t.since_unix_ms);
  server::quickplay::FormedTable table{kPfister, 3, {t, ticket(1, 2, 8, 20, 1)}};
  const auto again = RedisQuickPlay::decode_table(RedisQuickPlay::encode(table));
  REQUIRE(again);
  REQUIRE(again->people.size() == 2);
  REQUIRE(again->people[1].account_id == 8);

  const std::string good = RedisQuickPlay::encode(t);
  const std::vector<std::string> bad = {"",
                                        "t2" + good.substr(2),
                                        good + "x",
                                        good.substr(0, good.size() - 1),
                                        RedisQuickPlay::encode(ticket(0, 1, 0, 25, 1)),  // no account
                                        RedisQuickPlay::encode(ticket(0, 1, 9, 25, 1, "", 3)),
                                        RedisQuickPlay::encode(ticket(0, 1, 9, 25, 1, kPfister, 0)),
                                        "t199999999:x"};
  for (const auto& b : bad) REQUIRE_FALSE(RedisQuickPlay::decode_ticket(b));
  // A table whose people are more than its seats, or of another game.
  server::quickplay::FormedTable crowded{kPfister, 1, {t, t}};
  REQUIRE_FALSE(RedisQuickPlay::decode_table(RedisQuickPlay::encode(crowded)));
  server::quickplay::FormedTable mixed{"letter-of-marque", 3, {t}};
  REQUIRE_FALSE(RedisQuickPlay::decode_table(RedisQuickPlay::encode(mixed)));
}

TEST_CASE("Cluster quick play: every node's tickets are matched by one node's rules, one ticket per account") {
  const server::quickplay::MatchWindow window{3, 1};
  const auto bot_fill = std::chrono::duration_cast<server::quickplay::Clock::duration>(30s);
  const std::int64_t now = 1'800'000'000'000;
  SECTION("three close players on two nodes: one table, made by the node of most of them") {
    const auto formed = RedisQuickPlay::form_tables(
        {ticket(0, 1, 10, 25, now - 2000), ticket(1, 1, 11, 25.5, now - 1000), ticket(1, 2, 12, 24.5, now - 500)},
        window, bot_fill, now);
    REQUIRE(formed.size() == 1);
    REQUIRE(formed[0].host == 1);
    REQUIRE(formed[0].table.people.size() == 3);
  }
  SECTION("a tie goes to the node of the one who waited longest") {
    const auto formed = RedisQuickPlay::form_tables({ticket(2, 1, 10, 25, now - 500), ticket(1, 1, 11, 25, now - 9000)},
                                                    window, bot_fill, now);
    REQUIRE(formed.empty());  // two of three: nobody has waited for bots yet
    const auto two = RedisQuickPlay::form_tables(
        {ticket(2, 1, 10, 25, now - 500, kPfister, 2), ticket(1, 1, 11, 25, now - 9000, kPfister, 2)}, window, bot_fill,
        now);
    REQUIRE(two.size() == 1);
    REQUIRE(two[0].host == 1);
  }
  SECTION("one account queueing on two nodes waits once, with its oldest ticket") {
    const auto formed = RedisQuickPlay::form_tables(
        {ticket(0, 1, 10, 25, now - 2000, kPfister, 2), ticket(1, 1, 10, 25, now - 1000, kPfister, 2)}, window,
        bot_fill, now);
    REQUIRE(formed.empty());
  }
  SECTION("ratings too far apart wait; after the bot wait the longest waiter gets bots") {
    const std::vector<Ticket> apart = {ticket(0, 1, 10, 10, now - 1000, kPfister, 2),
                                       ticket(1, 1, 11, 40, now - 1000, kPfister, 2)};
    REQUIRE(RedisQuickPlay::form_tables(apart, window, bot_fill, now).empty());
    const std::vector<Ticket> long_ago = {ticket(0, 1, 10, 10, now - 31000, kPfister, 2),
                                          ticket(1, 1, 11, 40, now - 1000, kPfister, 2)};
    const auto formed = RedisQuickPlay::form_tables(long_ago, window, bot_fill, now);
    REQUIRE(formed.size() == 1);
    REQUIRE(formed[0].table.people.size() == 1);
    REQUIRE(formed[0].table.people[0].account_id == 10);
    REQUIRE(formed[0].host == 0);
  }
}

TEST_CASE(
    "Cluster quick play: players queueing on different nodes share one room, and the one from another node "
    "comes to it through the proxy with his token") {
  skip_without_tools();
  PostgresServer postgres;
  // No bots may come: only a table of the two people can start.
  Cluster cluster({}, {"--accounts-postgres", postgres.create_database("quickplay"), "--accounts-postgres-pool", "2",
                       "--quickplay-bot-fill-ms", "600000"});

  WsClient anne(cluster.node_port(0)), bart(cluster.node_port(1)), cora(cluster.node_port(2));
  sign_in_guest(anne, "Anne");
  sign_in_guest(bart, "Bart");
  sign_in_guest(cora, "Cora");

  // Cora waits for a 3-seat table and cancels: she is out, nobody else sees her.
  queue_up(cora, kPfister, 3);
  v1::ClientMessage cancel;
  cancel.mutable_cancel_quick_play();
  const auto cancelled = cora.request(cancel);
  INFO(cancelled.ShortDebugString());
  REQUIRE(cancelled.has_quick_play_status());
  REQUIRE(cancelled.quick_play_status().state() == v1::QUICK_PLAY_CANCELLED);

  // Anne on node 0 waits first; Bart on node 1 completes the table.
  queue_up(anne, kPfister, 2);
  queue_up(bart, kPfister, 2);
  const auto a = wait_matched(anne);
  const auto b = wait_matched(bart);
  REQUIRE(a.room_code() == b.room_code());
  REQUIRE(a.seat() != b.seat());
  REQUIRE(a.seat_token() != b.seat_token());
  REQUIRE(b.seat_token().size() == 64);
  // A tie of one player per node: the node of the longest waiter, Anne's.
  REQUIRE(server::room_code_node(a.room_code()) == 0);

  // Anne sits in it already; Bart comes through the proxy with his token.
  const auto anne_room = anne.wait_for(
      [&](const v1::ServerMessage& m) { return m.has_room() && m.room().status() == v1::ROOM_STATUS_PLAYING; }, 60s);
  REQUIRE(anne_room);
  REQUIRE(anne_room->room().room_code() == a.room_code());
  WsClient bart_at_table(cluster.proxy_port(), server::Encoding::kBinary, "127.0.0.1", "/ws?room=" + b.room_code());
  v1::ClientMessage resume;
  resume.mutable_resume()->set_room_code(b.room_code());
  resume.mutable_resume()->set_seat_token(b.seat_token());
  const auto resumed = bart_at_table.request(resume);
  INFO(resumed.ShortDebugString());
  REQUIRE(resumed.has_room());
  REQUIRE(resumed.room().your_seat() == b.seat());
  REQUIRE(resumed.room().status() == v1::ROOM_STATUS_PLAYING);
  std::set<std::string> names;
  for (const auto& seat : resumed.room().seats()) names.insert(seat.display_name());
  REQUIRE(names.count("Anne") == 1);
  REQUIRE(names.count("Bart") == 1);
  // Neither token reached the other player, and Cora got nothing more.
  for (const auto& frame : anne.frames()) REQUIRE(frame.bytes.find(b.seat_token()) == std::string::npos);
  REQUIRE_FALSE(cora.wait_for([](const v1::ServerMessage& m) { return m.has_quick_play_status(); }, 1s));

  // Redis goes down while Cora waits: she is told to try again, and once
  // it is back her node takes her request again.
  queue_up(cora, kPfister, 3);
  cluster.kill_redis();
  const auto told = cora.wait_for([](const v1::ServerMessage& m) { return m.has_quick_play_status(); }, 60s);
  REQUIRE(told);
  INFO(told->ShortDebugString());
  REQUIRE(told->request_id() == 0);
  REQUIRE(told->quick_play_status().state() == v1::QUICK_PLAY_CANCELLED);
  REQUIRE_FALSE(told->quick_play_status().reason().empty());
  cluster.start_redis();
  WsClient dave(cluster.node_port(1));
  sign_in_guest(dave, "Dave");
  // A node notices the restart at its next round trip (it may still hold
  // its connection to the Redis that died): a request that came before is
  // told to try again, and is asked again, as any client would.
  queue_up(cora, kPfister, 2);
  queue_up(dave, kPfister, 2);
  std::optional<v1::QuickPlayStatus> c, d;
  int asked_again = 0;
  REQUIRE(eventually(
      [&] {
        for (auto [client, outcome] : {std::pair{&cora, &c}, std::pair{&dave, &d}}) {
          if (*outcome) continue;
          auto pushed = client->wait_for(
              [](const v1::ServerMessage& m) {
                return m.has_quick_play_status() && m.quick_play_status().state() != v1::QUICK_PLAY_QUEUED;
              },
              std::chrono::milliseconds(50));
          if (!pushed) continue;
          INFO(pushed->ShortDebugString());
          if (pushed->quick_play_status().state() == v1::QUICK_PLAY_CANCELLED && asked_again < 20) {
            ++asked_again;
            queue_up(*client, kPfister, 2);
            continue;
          }
          *outcome = pushed->quick_play_status();
        }
        return c && d;
      },
      120s));
  INFO("asked again " << asked_again << " times");
  REQUIRE(c->state() == v1::QUICK_PLAY_MATCHED);
  REQUIRE(d->state() == v1::QUICK_PLAY_MATCHED);
  REQUIRE(c->room_code() == d->room_code());
}
