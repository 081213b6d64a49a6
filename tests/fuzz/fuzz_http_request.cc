// The server's HTTP request path up to routing (issue #13): Boost.Beast's
// request parser with the limits the server reads requests with (Beast's
// defaults, as server/http_session.cc's http::async_read uses them: 8 KiB of
// header, 1 MiB of body), fed the input in two pieces split where its first
// byte says (a request arriving in two TCP segments), then what routing reads
// from a parsed request: method, target, the upgrade test and the headers the
// history API reads.
//
// The server library itself is not linked: building it with clang,
// instrumentation and sanitizers would take most of CI's fuzzing budget.
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

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

// What HttpSession::on_read and serve_match_history look at.
void route(const http::request<http::string_body>& request) {
  const auto target = request.target();
  volatile bool upgrade = boost::beast::websocket::is_upgrade(request) && target == "/ws";
  const std::string_view path = target.substr(0, target.find('?'));
  volatile bool history = request.method() == http::verb::get && path.starts_with("/api/matches/");
  (void)upgrade;
  (void)history;
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
