// Drain (issue #26, item 4; docs/operations.md) through the real server: on
// POST /admin/drain, SIGUSR1 or SIGTERM with a grace period the node takes no
// new rooms or matches (DRAINING), /healthz says "draining" with 503, live
// matches play on to their end and then the server exits 0; at the deadline
// it stops with matches live, and a restart resumes them.
#include <signal.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <thread>

#include "tests/support/raw_http.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren;
using namespace brethren::client;
using namespace brethren::testing;
using namespace std::chrono_literals;

namespace {

const std::string kToken = "drain-test-token-0123456789abcdef";

std::string write_token_file(const TempDir& dir, const std::string& token) {
  const std::string path = dir.path() + "/admin-token";
  std::ofstream(path) << token << "\n";
  return path;
}

RawReply admin_post(std::uint16_t port, const std::string& target, const std::string& token) {
  std::string request = "POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n";
  if (!token.empty()) request += "Authorization: Bearer " + token + "\r\n";
  return raw_request(port, request + "Connection: close\r\n\r\n");
}

// Waits for the process to exit on its own: its status as from waitpid.
int wait_exit(ServerProcess& server, std::chrono::milliseconds timeout) {
  return server.stop(0, static_cast<int>(timeout.count()));
}

// Polls `ready` until it holds or the time runs out (a signal's effect
// shows on the server's event loop, not at once).
bool eventually_true(const std::function<bool()>& ready, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!ready()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(20ms);
  }
  return true;
}

bool exited_cleanly(int status) { return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0; }

// A room with every seat taken and no match yet (its host is players[0]).
Table seated_room(std::uint16_t port, const std::string& game_id, int seats) {
  Table t;
  for (int i = 0; i < seats; ++i) {
    t.players.emplace_back();
    t.players[i].client = std::make_unique<WsClient>(port);
    if (i == 0) {
      auto created = t.players[0].client->request(create_room_msg(game_id, seats));
      REQUIRE(created.has_room_created());
      t.code = created.room_created().room().room_code();
    } else {
      REQUIRE(t.players[i].client->request(join_msg(t.code, "P" + std::to_string(i))).has_room());
    }
    REQUIRE(t.players[i].client->request(take_seat_msg(t.code, i)).has_seat_taken());
  }
  return t;
}

void require_draining(std::uint16_t port) {
  const auto health = raw_request(port, get_request("/healthz", "Connection: close\r\n"));
  INFO(health.body);
  REQUIRE(health.status == 503);
  REQUIRE_THAT(health.body, Catch::Contains("\"status\":\"draining\"") && Catch::Contains("\"draining\":true"));
  const auto metrics = http_get(port, "/metrics");
  REQUIRE_THAT(metrics.second, Catch::Contains("brethren_draining 1"));
}

void require_no_new_rooms_or_matches(std::uint16_t port, Table& seated) {
  WsClient newcomer(port);
  auto created = newcomer.request(create_room_msg("letter-of-marque", 3));
  INFO(created.ShortDebugString());
  REQUIRE(created.error().code() == v1::DRAINING);
  REQUIRE_THAT(created.error().message(), Catch::Contains("draining"));
  auto started = seated.players[0].client->request(start_msg(seated.code));
  INFO(started.ShortDebugString());
  REQUIRE(started.error().code() == v1::DRAINING);
}

}  // namespace

TEST_CASE(
    "Drain: POST /admin/drain refuses new rooms and matches, /healthz says draining, the live match plays on to "
    "its end, then the server exits 0") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db",
                       {"--admin-token-file", write_token_file(dir, kToken), "--drain-grace", "120"});
  const auto health = http_get(server.port(), "/healthz");
  REQUIRE(health.first == 200);
  REQUIRE_THAT(health.second, Catch::Contains("\"status\":\"ok\"") && Catch::Contains("\"draining\":false"));
  Table playing = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  Table seated = seated_room(server.port(), "letter-of-marque", 3);
  rules::RandomBot bot(7);
  REQUIRE(play_moves(playing, bot, 3) == 3);

  // Only the bearer of the token drains, and only with POST.
  REQUIRE(admin_post(server.port(), "/admin/drain", "").status == 401);
  const auto wrong = admin_post(server.port(), "/admin/drain", kToken + "x");
  REQUIRE(wrong.status == 401);
  REQUIRE(wrong.header("www-authenticate") == "Bearer");
  REQUIRE(raw_request(server.port(), get_request("/admin/drain", "Authorization: Bearer " + kToken + "\r\n")).status ==
          405);
  REQUIRE(admin_post(server.port(), "/admin/drain?grace=-1", kToken).status == 400);
  REQUIRE(admin_post(server.port(), "/admin/nothing", kToken).status == 404);
  REQUIRE(http_get(server.port(), "/healthz").first == 200);  // none of these drained

  const auto drained = admin_post(server.port(), "/admin/drain", kToken);
  INFO(drained.body);
  REQUIRE(drained.status == 202);
  REQUIRE_THAT(drained.body, Catch::Contains("\"status\":\"draining\"") && Catch::Contains("\"liveMatches\":1"));
  require_draining(server.port());
  require_no_new_rooms_or_matches(server.port(), seated);

  // The live match's players keep playing, and one who reconnects resumes.
  REQUIRE(play_moves(playing, bot, 3) == 3);
  playing.players[1].client = std::make_unique<WsClient>(server.port());
  auto resumed = playing.players[1].client->request(resume_msg(playing.code, playing.players[1].token, 0));
  INFO(resumed.ShortDebugString());
  REQUIRE_FALSE(resumed.has_error());
  auto caught_up = playing.players[1].client->wait_for_version(playing.version);
  REQUIRE(caught_up.has_value());
  playing.players[1].view = caught_up->view();
  play_moves(playing, bot, 100000);
  REQUIRE(playing.finished());

  // No live match left: the server stops by itself.
  const int status = wait_exit(server, 30s);
  REQUIRE(exited_cleanly(status));
  REQUIRE_THAT(server.log(), Catch::Contains("draining (POST /admin/drain)") &&
                                 Catch::Contains("drained: no live match left") &&
                                 Catch::Contains("shutdown complete"));
}

TEST_CASE("Drain: SIGTERM with a grace period lets a match in play finish, then the server exits 0") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db", {"--drain-grace", "120"});
  Table playing = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  Table seated = seated_room(server.port(), "letter-of-marque", 3);
  rules::RandomBot bot(8);
  REQUIRE(play_moves(playing, bot, 4) == 4);
  REQUIRE(::kill(server.pid(), SIGTERM) == 0);
  // The signal is handled on the server's event loop: wait for its effect.
  REQUIRE(eventually_true([&] { return http_get(server.port(), "/healthz").first == 503; }, 10s));
  require_draining(server.port());
  require_no_new_rooms_or_matches(server.port(), seated);
  // A second SIGTERM (Kubernetes after its preStop hook) keeps the drain.
  REQUIRE(::kill(server.pid(), SIGTERM) == 0);
  play_moves(playing, bot, 100000);
  REQUIRE(playing.finished());
  REQUIRE(exited_cleanly(wait_exit(server, 30s)));
  REQUIRE_THAT(server.log(), Catch::Contains("draining (SIGTERM)") && Catch::Contains("drained: no live match left"));
}

TEST_CASE("Drain: at the deadline the server stops with the match live, and a restart resumes it") {
  TempDir dir;
  const std::string db = dir.path() + "/b.db";
  auto server = std::make_unique<ServerProcess>(db, std::vector<std::string>{"--drain-grace", "1"});
  Table playing = open_table(server->port(), "letter-of-marque", 3, server::Encoding::kBinary);
  rules::RandomBot bot(9);
  REQUIRE(play_moves(playing, bot, 5) == 5);
  const std::uint64_t acknowledged = playing.version;
  // Nobody moves: the deadline passes with the match live.
  REQUIRE(::kill(server->pid(), SIGTERM) == 0);
  REQUIRE(exited_cleanly(wait_exit(*server, 30s)));
  REQUIRE_THAT(server->log(),
               Catch::Contains("drain deadline reached with 1 live matches") && Catch::Contains("shutdown complete"));
  for (auto& p : playing.players) {
    REQUIRE(p.client->wait_closed());
    REQUIRE(p.client->close_code() == 1001);
  }

  // Every acknowledged move is there, and the match plays on to its end.
  server = std::make_unique<ServerProcess>(db);
  for (auto& p : playing.players) {
    p.client = std::make_unique<WsClient>(server->port());
    auto resumed = p.client->request(resume_msg(playing.code, p.token, 0));
    INFO(resumed.ShortDebugString());
    REQUIRE_FALSE(resumed.has_error());
  }
  sync_all(playing, acknowledged);
  REQUIRE(playing.version == acknowledged);
  play_moves(playing, bot, 100000);
  REQUIRE(playing.finished());
}

TEST_CASE("Drain: SIGUSR1 drains with --drain-grace, and SIGINT stops at once even while draining") {
  TempDir dir;
  ServerProcess server(dir.path() + "/b.db", {"--drain-grace", "600"});
  Table playing = open_table(server.port(), "letter-of-marque", 3, server::Encoding::kBinary);
  rules::RandomBot bot(10);
  REQUIRE(play_moves(playing, bot, 2) == 2);
  REQUIRE(::kill(server.pid(), SIGUSR1) == 0);
  REQUIRE(eventually_true([&] { return http_get(server.port(), "/healthz").first == 503; }, 10s));
  require_draining(server.port());
  REQUIRE(play_moves(playing, bot, 2) == 2);
  REQUIRE(exited_cleanly(server.stop(SIGINT)));
  REQUIRE_THAT(server.log(), Catch::Contains("draining (SIGUSR1)") && Catch::Contains("signal 2 received"));
}

TEST_CASE(
    "Admin endpoints: without --admin-token-file they do not exist, and a short token stops the server with code 2") {
  TempDir dir;
  {
    ServerProcess server(dir.path() + "/b.db");
    REQUIRE(admin_post(server.port(), "/admin/drain", kToken).status == 404);
    REQUIRE(admin_post(server.port(), "/admin/drain", "").status == 404);
    REQUIRE(http_get(server.port(), "/healthz").first == 200);
  }
  for (const std::string& token : {std::string("short"), std::string()}) {
    const std::string command = server_binary() + " --port 0 --db " + dir.path() + "/c.db --admin-token-file " +
                                write_token_file(dir, token) + " >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 2);
  }
  const std::string missing = server_binary() + " --port 0 --db " + dir.path() + "/c.db --admin-token-file " +
                              dir.path() + "/none >/dev/null 2>&1";
  const int status = std::system(missing.c_str());
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 2);
}
