#include "server/history_http.h"

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>
#include <cctype>
#include <charconv>

namespace brethren::server {
namespace {

namespace http = boost::beast::http;

constexpr std::string_view kPrefix = "/api/matches/";

std::string_view path_of(std::string_view target) { return target.substr(0, target.find('?')); }

// One thread is plenty: history look-ups are rare, and it keeps SQLite reads
// and replays off the threads that serve the games.
boost::asio::thread_pool& history_pool() {
  static boost::asio::thread_pool pool(1);
  return pool;
}

std::string header(const http::request<http::string_body>& request, std::string_view name) {
  auto it = request.find(name);
  return it == request.end() ? std::string() : std::string(it->value());
}

}  // namespace

bool is_match_history_target(std::string_view target) { return path_of(target).starts_with(kPrefix); }

void serve_match_history(Services& services, const http::request<http::string_body>& request,
                         std::function<void(HistoryResponse)> done) {
  const std::string_view id_text = path_of(request.target()).substr(kPrefix.size());
  HistoryRequest parsed;
  const auto [end, ec] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), parsed.match_id);
  if (ec != std::errc() || end != id_text.data() + id_text.size() || parsed.match_id <= 0) {
    return done({400, "{\"code\":\"INVALID_ARGUMENT\",\"error\":\"the match id is a positive number\"}"});
  }
  if (request.find(http::field::authorization) != request.end()) {
    const std::string auth = header(request, "Authorization");
    constexpr std::string_view kBearer = "bearer ";
    std::string scheme = auth.substr(0, kBearer.size());
    for (char& ch : scheme) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (scheme != kBearer || auth.size() == kBearer.size()) {
      return done({401, "{\"code\":\"INVALID_TOKEN\",\"error\":\"send a seat token as 'Authorization: Bearer <token>'\"}"});
    }
    parsed.seat_token = auth.substr(kBearer.size());
  }
  parsed.room_code = header(request, "X-Room-Code");
  parsed.room_password = header(request, "X-Room-Password");
  boost::asio::post(history_pool(), [&services, parsed = std::move(parsed), done = std::move(done)] {
    done(fetch_match_history(services.store, services.games, parsed));
  });
}

}  // namespace brethren::server
