// Bounds on plain HTTP and on connections, through the real server (issue
// #13, items 6 and 8): header and body limits, deadlines, memory that stays
// bounded, connection caps with a 503, and an accept loop that backs off
// when the process is out of file descriptors.
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>
#include <vector>

#include "tests/support/raw_http.h"
#include "tests/support/server_process.h"
#include "tools/client/table.h"

using namespace brethren::testing;
using namespace std::chrono_literals;

namespace {

// The server's resident memory in bytes (VmRSS).
std::size_t resident_bytes(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  }
  return 0;
}

std::size_t count_lines(const std::string& text) {
  std::size_t lines = 0;
  for (char ch : text) lines += ch == '\n';
  return lines;
}

const std::string kUpgrade =
    "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";

// Waits until a plain GET /healthz is answered 200 again (slots are given
// back when the server has seen the connections close).
bool healthz_ok_within(std::uint16_t port, std::chrono::milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    try {
      if (raw_request(port, get_request("/healthz")).status == 200) return true;
    } catch (const std::exception&) {
    }
    std::this_thread::sleep_for(50ms);
  }
  return false;
}

}  // namespace

TEST_CASE("HTTP limits: an oversize header gets 431, a body on GET 413 or 400, a too large body 413") {
  TempDir dir;
  ServerProcess server(dir.path() + "/l.db");
  const auto port = server.port();
  const auto big = raw_request(port, get_request("/healthz", "X-Filler: " + std::string(9000, 'a') + "\r\n"));
  REQUIRE(big.status == 431);
  REQUIRE(big.header("connection") == "close");
  // Many small fields count as much as one large one.
  std::string many;
  for (int i = 0; i < 400; ++i) many += "X-F" + std::to_string(i) + ": " + std::string(20, 'b') + "\r\n";
  REQUIRE(raw_request(port, get_request("/healthz", many)).status == 431);
  // Just under the limit is fine.
  REQUIRE(raw_request(port, get_request("/healthz", "X-Filler: " + std::string(7000, 'a') + "\r\n")).status == 200);

  const auto with_body = raw_request(port, get_request("/healthz", "Content-Length: 5\r\n") + "hello");
  REQUIRE((with_body.status == 413 || with_body.status == 400));
  const auto chunked =
      raw_request(port, get_request("/healthz", "Transfer-Encoding: chunked\r\n") + "5\r\nhello\r\n0\r\n\r\n");
  REQUIRE(chunked.status == 400);
  const auto head_body = raw_request(port, get_request("/healthz", "Content-Length: 5\r\n", "HEAD") + "hello", true);
  REQUIRE((head_body.status == 413 || head_body.status == 400));

  // A large body is refused from its header, before it is sent.
  RawConnection upload(port);
  upload.send(get_request("/api/matches/1", "Content-Length: 100000000\r\n", "POST"));
  const auto refused = upload.read_response(5s);
  REQUIRE(refused.status == 413);
  REQUIRE(upload.wait_closed(5s));
  REQUIRE(raw_request(port, get_request("/healthz")).status == 200);
}

TEST_CASE("HTTP limits: the body limit is a flag, and a body within it is read and dropped") {
  TempDir dir;
  ServerProcess server(dir.path() + "/l.db", {"--max-http-body-bytes", "2048"});
  const auto port = server.port();
  REQUIRE(
      raw_request(port, get_request("/healthz", "Content-Length: 1000\r\n", "POST") + std::string(1000, 'x')).status ==
      404);
  REQUIRE(
      raw_request(port, get_request("/healthz", "Content-Length: 4000\r\n", "POST") + std::string(4000, 'x')).status ==
      413);
  // Chunked, over the limit only in its second chunk.
  const std::string chunk(1500, 'y');
  const auto chunked = raw_request(port, get_request("/x", "Transfer-Encoding: chunked\r\n", "POST") + "5dc\r\n" +
                                             chunk + "\r\n5dc\r\n" + chunk + "\r\n0\r\n\r\n");
  REQUIRE(chunked.status == 413);
}

TEST_CASE("HTTP limits: a slow header and a slow body are cut off by their deadlines") {
  TempDir dir;
  ServerProcess server(dir.path() + "/l.db",
                       {"--http-header-timeout", "1", "--http-request-timeout", "2", "--max-http-body-bytes", "1000"});
  const auto port = server.port();
  // Slowloris: one header byte every 200 ms; a 1 s header deadline.
  {
    RawConnection slow(port);
    const std::string request = get_request("/healthz", "X-Slow: " + std::string(100, 'z') + "\r\n");
    const auto start = std::chrono::steady_clock::now();
    bool cut_off = false;
    for (std::size_t i = 0; i < request.size() && !cut_off; ++i) {
      if (!slow.send(request.substr(i, 1))) cut_off = true;
      if (!cut_off && slow.wait_closed(200ms)) cut_off = true;
    }
    const auto took = std::chrono::steady_clock::now() - start;
    REQUIRE(cut_off);
    REQUIRE(took >= 900ms);
    REQUIRE(took < 5s);
  }
  // A quick header, then a body a byte at a time: the 2 s request deadline.
  {
    RawConnection slow(port);
    REQUIRE(slow.send(get_request("/x", "Content-Length: 500\r\n", "POST")));
    const auto start = std::chrono::steady_clock::now();
    bool cut_off = false;
    for (int i = 0; i < 500 && !cut_off; ++i) {
      if (!slow.send("b")) cut_off = true;
      if (!cut_off && slow.wait_closed(200ms)) cut_off = true;
    }
    const auto took = std::chrono::steady_clock::now() - start;
    REQUIRE(cut_off);
    REQUIRE(took < 6s);
  }
  // An idle keep-alive connection is closed after the header deadline too.
  RawConnection idle(port);
  idle.send(get_request("/healthz"));
  REQUIRE(idle.read_response().status == 200);
  REQUIRE(idle.wait_closed(5s));
}

TEST_CASE("HTTP limits: memory stays bounded while 200 connections send large bodies, and after they close") {
  TempDir dir;
  ServerProcess server(dir.path() + "/l.db");  // 200 connections: under the default caps
  const auto port = server.port();
  REQUIRE(raw_request(port, get_request("/healthz")).status == 200);
  const std::size_t before = resident_bytes(server.pid());
  REQUIRE(before > 0);
  // Each: a GET /healthz that announces and sends almost 1 MB of body (the
  // old server read up to 1 MB of body for any request and kept its buffer).
  const std::string body(1000000, 'x');
  std::vector<std::unique_ptr<RawConnection>> connections;
  for (int i = 0; i < 200; ++i) {
    auto c = std::make_unique<RawConnection>(port);
    c->send(get_request("/healthz", "Content-Length: 1000000\r\n") + body);
    connections.push_back(std::move(c));
  }
  std::size_t answered = 0;
  for (auto& c : connections) answered += c->read_response(5s).status != 0;
  const std::size_t during = resident_bytes(server.pid());
  connections.clear();
  REQUIRE(healthz_ok_within(port, 5s));
  std::this_thread::sleep_for(500ms);
  const std::size_t after = resident_bytes(server.pid());
  INFO("RSS before " << before << " B, with 200 connections " << during << " B, after they closed " << after << " B; "
                     << answered << " answered");
  REQUIRE(answered == 200);
  REQUIRE(during < before + 32 * 1024 * 1024);
  REQUIRE(after < before + 32 * 1024 * 1024);
}

TEST_CASE("Connection caps: over the per-address or overall cap a request and a WebSocket upgrade get 503") {
  TempDir dir;
  for (const bool per_address : {true, false}) {
    DYNAMIC_SECTION((per_address ? "per address" : "overall")) {
      const std::vector<std::string> flags =
          per_address ? std::vector<std::string>{"--max-connections-per-address", "3", "--max-connections", "100"}
                      : std::vector<std::string>{"--max-connections-per-address", "0", "--max-connections", "3"};
      ServerProcess server(dir.path() + (per_address ? "/a.db" : "/b.db"), flags);
      const auto port = server.port();
      {
        // Three open: two WebSocket sessions and one idle HTTP connection.
        brethren::client::WsClient first(port), second(port);
        RawConnection idle(port);
        std::this_thread::sleep_for(200ms);
        const auto refused = raw_request(port, get_request("/healthz"));
        REQUIRE(refused.status == 503);
        REQUIRE(refused.header("retry-after") == "10");
        REQUIRE(refused.header("connection") == "close");
        const auto upgrade = raw_request(port, kUpgrade);
        REQUIRE(upgrade.status == 503);  // not 101: refused before the upgrade
        REQUIRE(upgrade.header("retry-after") == "10");
      }
      // The WebSocket sessions' and the idle connection's slots come back.
      REQUIRE(healthz_ok_within(port, 5s));
      brethren::client::WsClient again(port);
      brethren::v1::ClientMessage list;
      list.mutable_list_games();
      REQUIRE(again.request(list).has_games());
      server.stop(SIGTERM);
      REQUIRE(server.log().find("over the connection caps") != std::string::npos);
    }
  }
}

TEST_CASE("Connection caps: 0 lifts the per-address cap, e.g. for many loopback clients in tests") {
  TempDir dir;
  ServerProcess server(dir.path() + "/c.db", {"--max-connections-per-address", "0", "--max-connections", "1000"});
  std::vector<std::unique_ptr<RawConnection>> connections;
  for (int i = 0; i < 300; ++i) connections.push_back(std::make_unique<RawConnection>(server.port()));
  REQUIRE(raw_request(server.port(), get_request("/healthz")).status == 200);
}

TEST_CASE("Accept loop: out of file descriptors it backs off quietly and serves again afterwards") {
  TempDir dir;
  // 200 connections stay under the default caps (20,000 and 256 per
  // address), so the descriptors run out first.
  ServerProcess server(dir.path() + "/f.db", {}, {"prlimit", "--nofile=64:64", "--"});
  const auto port = server.port();
  REQUIRE(raw_request(port, get_request("/healthz")).status == 200);
  const std::size_t lines_before = count_lines(server.log());
  {
    // 200 connections, far more than 64 descriptors: the kernel completes
    // them all (the listen backlog), the server can accept only some.
    std::vector<std::unique_ptr<RawConnection>> connections;
    for (int i = 0; i < 200; ++i) connections.push_back(std::make_unique<RawConnection>(port));
    std::this_thread::sleep_for(4s);
    const std::string log = server.log();
    INFO(log.substr(0, 2000));
    REQUIRE(log.find("accept failed") != std::string::npos);
    REQUIRE(count_lines(log) - lines_before < 200);
  }
  // The clients are gone: their connections end and the server accepts again.
  REQUIRE(healthz_ok_within(port, 10s));
  server.stop(SIGTERM);
  REQUIRE(server.log().find("accepting again after") != std::string::npos);
}

TEST_CASE(
    "PROXY protocol: believed only from --proxy-protocol-from, and the per-address cap counts the client it names") {
  TempDir dir;
  const std::string from_a = "PROXY TCP4 10.1.2.3 127.0.0.1 50000 8080\r\n";
  const std::string from_b = "PROXY TCP4 10.9.8.7 127.0.0.1 50001 8080\r\n";
  {
    // By default nobody is trusted: a PROXY line is just a malformed request.
    ServerProcess server(dir.path() + "/u.db");
    REQUIRE(raw_request(server.port(), from_a + get_request("/healthz")).status == 400);
  }
  ServerProcess server(dir.path() + "/t.db",
                       {"--proxy-protocol-from", "127.0.0.0/8", "--max-connections-per-address", "1"});
  const auto port = server.port();
  RawConnection holder(port);
  REQUIRE(holder.send(from_a));  // 10.1.2.3's one connection
  std::this_thread::sleep_for(200ms);
  const auto refused = raw_request(port, from_a + get_request("/healthz"));
  REQUIRE(refused.status == 503);
  REQUIRE(refused.header("retry-after") == "10");
  REQUIRE(raw_request(port, from_b + get_request("/healthz")).status == 200);
  REQUIRE(raw_request(port, "PROXY TCP6 2001:db8::1 ::1 50002 8080\r\n" + get_request("/healthz")).status == 200);
  // The proxy's own health checks name no client: the proxy counts.
  REQUIRE(raw_request(port, "PROXY UNKNOWN\r\n" + get_request("/healthz")).status == 200);
  // From a trusted peer the line is required, and must parse.
  REQUIRE(raw_request(port, get_request("/healthz")).status == 0);
  REQUIRE(raw_request(port, "PROXY TCP4 not-an-address 127.0.0.1 1 2\r\n" + get_request("/healthz")).status == 0);
}
