// The server's HTTP request path up to routing (issue #13): Boost.Beast's
// request parser with the limits the server reads requests with (Beast's
// defaults, as server/net/http_session.cc's http::async_read uses them: 8 KiB of
// header, 1 MiB of body), fed the input in two pieces split where its first
// byte says (a request arriving in two TCP segments), then what routing reads
// from a parsed request: method, target, the upgrade test and the headers the
// history API reads, with the server's own pure routing functions: the
// history target's id (server/history/history_target.h) and the static files' path
// resolution (server/net/static_files.h), checked for what they promise.
//
// The server library itself is not linked (building it with clang,
// instrumentation and sanitizers would take most of CI's fuzzing budget):
// those two files are compiled into this target (tests/fuzz/CMakeLists.txt).
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "server/history/history_target.h"
#include "server/net/static_files.h"
#include "server/net/ws_target.h"

namespace http = boost::beast::http;

namespace {

constexpr std::uint32_t kHeaderLimit = 8 * 1024;
constexpr std::uint64_t kBodyLimit = 1024 * 1024;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "fuzz_http_request: %s\n", what);
    std::abort();
  }
}

// A history target's id is positive and is exactly the decimal digits of
// its path after /api/matches/ (leading zeros allowed: /api/matches/007 is 7).
void check_history_target(std::string_view target) {
  const auto id = brethren::server::parse_match_history_target(target);
  if (!id) return;
  check(brethren::server::is_match_history_target(target), "a parsed history id comes from a history target");
  check(*id > 0, "a history id is positive");
  std::string_view digits = target.substr(0, target.find('?')).substr(std::string_view("/api/matches/").size());
  for (const char ch : digits) check(ch >= '0' && ch <= '9', "a history id is only digits");
  while (!digits.empty() && digits.front() == '0') digits.remove_prefix(1);
  check(digits == std::to_string(*id), "a history id is all of the path after /api/matches/");
}

// A resolved static path never leaves the web root: no absolute path, no
// empty, "." or ".." segment, no dot file, no backslash, no control byte.
void check_static_target(std::string_view target) {
  const auto resolved = brethren::server::resolve_static_target(target);
  if (!resolved) return;
  const std::string& relative = resolved->relative;
  check(relative.empty() || (relative.front() != '/' && relative.back() != '/'), "a relative path is relative");
  check(relative.find("//") == std::string::npos, "a relative path has no empty segment");
  check(relative.empty() || relative.front() != '.', "no segment starts with a dot");
  check(relative.find("/.") == std::string::npos, "no segment starts with a dot");
  for (const char ch : relative) {
    check(ch != '\\' && static_cast<unsigned char>(ch) >= 0x20 && ch != 0x7f, "no backslash or control byte");
  }
  check(!resolved->decoded.empty() && resolved->decoded.front() == '/', "the decoded path is absolute");
}

// What HttpSession::on_read and serve_match_history look at.
void route(const http::request<http::string_body>& request) {
  const auto target = request.target();
  volatile bool upgrade = boost::beast::websocket::is_upgrade(request) && brethren::server::is_ws_target(target);
  volatile bool history = request.method() == http::verb::get && brethren::server::is_match_history_target(target);
  (void)upgrade;
  (void)history;
  check_history_target(target);
  check_static_target(target);
  for (const char* name : {"Authorization", "X-Room-Code", "X-Room-Password"}) {
    auto it = request.find(name);
    if (it != request.end()) check(it->value().size() <= kHeaderLimit, "header value within the header limit");
  }
  check(request.body().size() <= kBodyLimit, "body within the body limit");
  (void)request.keep_alive();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const char* bytes = reinterpret_cast<const char*>(data + 1);
  const std::size_t length = size - 1;
  const std::size_t split = length == 0 ? 0 : data[0] % (length + 1);
  http::request_parser<http::string_body> parser;
  parser.header_limit(kHeaderLimit);
  parser.body_limit(kBodyLimit);
  parser.eager(true);
  boost::beast::error_code ec;
  // Feed like a stream read: the parser may take less than offered and wants
  // the rest again, with more appended.
  std::string pending(bytes, split);
  std::size_t next = split;
  for (int round = 0; round < 4 && !parser.is_done(); ++round) {
    const std::size_t used = parser.put(boost::asio::buffer(pending), ec);
    if (ec == http::error::need_more) {
      ec = {};
      pending.erase(0, used);
      if (next == length) break;
      pending.append(bytes + next, length - next);
      next = length;
      continue;
    }
    if (ec) return 0;
    pending.erase(0, used);
    if (pending.empty() && next < length) {
      pending.append(bytes + next, length - next);
      next = length;
    }
  }
  if (!parser.is_done()) {
    parser.put_eof(ec);
    if (ec || !parser.is_done()) return 0;
  }
  route(parser.get());
  return 0;
}
