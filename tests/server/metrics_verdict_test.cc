// Who may read GET /metrics, on addresses a test cannot connect from
// (server/net/metrics_access.h); through the real server in
// metrics_access_test.cc.
#include <catch2/catch.hpp>

#include "server/net/metrics_access.h"

using namespace brethren::server;
using boost::asio::ip::make_address;

TEST_CASE("Metrics verdict: loopback in IPv4, IPv6 and IPv4-mapped form, and nothing else without a token") {
  const BearerToken none("");
  for (const char* local : {"127.0.0.1", "127.255.0.9", "::1", "::ffff:127.0.0.1"}) {
    INFO(local);
    REQUIRE(is_loopback(make_address(local)));
    REQUIRE(metrics_verdict(none, make_address(local), "") == MetricsVerdict::kServe);
  }
  for (const char* far :
       {"10.0.0.1", "192.168.1.2", "203.0.113.7", "::ffff:10.0.0.1", "2001:db8::1", "0.0.0.0", "::"}) {
    INFO(far);
    REQUIRE_FALSE(is_loopback(make_address(far)));
    REQUIRE(metrics_verdict(none, make_address(far), "") == MetricsVerdict::kNotFound);
    // No token configured: no guess opens it.
    REQUIRE(metrics_verdict(none, make_address(far), "Bearer ") == MetricsVerdict::kNotFound);
  }
}

TEST_CASE("Metrics verdict: with a token, only the token opens it, wherever the client is") {
  const std::string token = "0123456789abcdef-metrics";
  const BearerToken configured(token);
  for (const char* client : {"127.0.0.1", "203.0.113.7", "2001:db8::1"}) {
    INFO(client);
    const auto address = make_address(client);
    REQUIRE(metrics_verdict(configured, address, "Bearer " + token) == MetricsVerdict::kServe);
    REQUIRE(metrics_verdict(configured, address, "Bearer  " + token + " ") == MetricsVerdict::kServe);
    REQUIRE(metrics_verdict(configured, address, "") == MetricsVerdict::kAskForToken);
    REQUIRE(metrics_verdict(configured, address, "Bearer") == MetricsVerdict::kAskForToken);
    REQUIRE(metrics_verdict(configured, address, "Bearer " + token.substr(0, 15)) == MetricsVerdict::kAskForToken);
    REQUIRE(metrics_verdict(configured, address, "Basic " + token) == MetricsVerdict::kAskForToken);
    REQUIRE(metrics_verdict(configured, address, token) == MetricsVerdict::kAskForToken);
  }
}
