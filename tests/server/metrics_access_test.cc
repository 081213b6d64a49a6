// Who reads GET /metrics (server/net/metrics_access.h), through the real
// server: the bots' search times and early stops there follow their hidden
// cards, so /metrics is the operator's. A client elsewhere than the loopback
// interface is posed by a trusted proxy's PROXY line (test traffic stays on
// 127.0.0.1).
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>

#include "tests/support/raw_http.h"
#include "tests/support/server_process.h"

using namespace brethren::testing;

namespace {

const std::string kToken = "metrics-test-token-0123456789abcdef";
const std::string kFromAfar = "PROXY TCP4 203.0.113.7 127.0.0.1 50000 8080\r\n";
const std::string kFromLoopback = "PROXY TCP4 127.0.0.9 127.0.0.1 50001 8080\r\n";

std::string bearer(const std::string& token) { return "Authorization: Bearer " + token + "\r\n"; }

}  // namespace

TEST_CASE("Metrics: without --metrics-token-file only loopback clients read /metrics, others get a plain 404") {
  TempDir dir;
  {
    ServerProcess server(dir.path() + "/direct.db");
    const auto reply = raw_request(server.port(), get_request("/metrics"));
    REQUIRE(reply.status == 200);
    REQUIRE_THAT(reply.body, Catch::Contains("brethren_bot_searches_total"));
  }
  ServerProcess server(dir.path() + "/proxied.db", {"--proxy-protocol-from", "127.0.0.0/8"});
  const auto port = server.port();
  REQUIRE(raw_request(port, kFromLoopback + get_request("/metrics")).status == 200);
  // From afar: the very reply of a path that does not exist, token or not.
  const auto refused = raw_request(port, kFromAfar + get_request("/metrics"));
  const auto missing = raw_request(port, kFromAfar + get_request("/api/no-such-thing"));
  REQUIRE(refused.status == 404);
  REQUIRE(refused.body == missing.body);
  REQUIRE(refused.headers == missing.headers);
  REQUIRE(refused.body.find("brethren_") == std::string::npos);
  REQUIRE(raw_request(port, kFromAfar + get_request("/metrics", bearer(kToken))).status == 404);
  REQUIRE(raw_request(port, kFromAfar + get_request("/metrics", "", "HEAD"), true).status == 404);
  // What stays public: the health check.
  REQUIRE(raw_request(port, kFromAfar + get_request("/healthz")).status == 200);
}

TEST_CASE(
    "Metrics: with --metrics-token-file /metrics needs the token, from anywhere, and a bad token file stops start-up") {
  TempDir dir;
  const std::string token_file = dir.path() + "/metrics-token";
  std::ofstream(token_file) << "  " << kToken << "  \n";
  ServerProcess server(dir.path() + "/t.db",
                       {"--proxy-protocol-from", "127.0.0.0/8", "--metrics-token-file", token_file});
  const auto port = server.port();
  for (const std::string& from : {kFromAfar, kFromLoopback}) {
    const auto without = raw_request(port, from + get_request("/metrics"));
    REQUIRE(without.status == 401);
    REQUIRE(without.header("www-authenticate") == "Bearer");
    REQUIRE(without.body.find("brethren_") == std::string::npos);
    REQUIRE(raw_request(port, from + get_request("/metrics", bearer(kToken + "x"))).status == 401);
    REQUIRE(raw_request(port, from + get_request("/metrics", bearer(kToken.substr(1)))).status == 401);
    REQUIRE(raw_request(port, from + get_request("/metrics", "Authorization: Basic " + kToken + "\r\n")).status == 401);
    const auto with = raw_request(port, from + get_request("/metrics", bearer(kToken)));
    REQUIRE(with.status == 200);
    REQUIRE_THAT(with.body, Catch::Contains("brethren_bot_searches_total"));
    REQUIRE(with.header("cache-control") == "no-store");
  }

  const std::string short_file = dir.path() + "/short-token";
  std::ofstream(short_file) << "too-short\n";
  const int status = std::system((server_binary() + " --port 0 --db " + dir.path() + "/s.db --metrics-token-file " +
                                  short_file + " >/dev/null 2>&1")
                                     .c_str());
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 2);
  const int missing = std::system((server_binary() + " --port 0 --db " + dir.path() + "/m.db --metrics-token-file " +
                                   dir.path() + "/no-such-file >/dev/null 2>&1")
                                      .c_str());
  REQUIRE(WIFEXITED(missing));
  REQUIRE(WEXITSTATUS(missing) == 2);
}
