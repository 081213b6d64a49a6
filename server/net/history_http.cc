#include "server/net/history_http.h"

#include <cctype>

namespace brethren::server {
namespace {

namespace http = boost::beast::http;

std::string header(const http::request<http::string_body>& request, std::string_view name) {
  auto it = request.find(name);
  return it == request.end() ? std::string() : std::string(it->value());
}

}  // namespace

void serve_match_history(Services& services, const http::request<http::string_body>& request,
                         std::function<void(HistoryResponse)> done) {
  const auto views_of = parse_match_views_target(request.target());
  const auto match_id = views_of ? views_of : parse_match_history_target(request.target());
  if (!match_id) return done({400, "{\"code\":\"INVALID_ARGUMENT\",\"error\":\"the match id is a positive number\"}"});
  HistoryRequest parsed;
  parsed.match_id = *match_id;
  if (request.find(http::field::authorization) != request.end()) {
    const std::string auth = header(request, "Authorization");
    constexpr std::string_view kBearer = "bearer ";
    std::string scheme = auth.substr(0, kBearer.size());
    for (char& ch : scheme) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (scheme != kBearer || auth.size() == kBearer.size()) {
      return done(
          {401, "{\"code\":\"INVALID_TOKEN\",\"error\":\"send a seat token as 'Authorization: Bearer <token>'\"}"});
    }
    parsed.seat_token = auth.substr(kBearer.size());
  }
  parsed.room_code = header(request, "X-Room-Code");
  parsed.room_password = header(request, "X-Room-Password");
  services.history_pool.post(
      [&services, parsed = std::move(parsed), views = views_of.has_value(), done = std::move(done)] {
        done(views ? fetch_match_views(services.store, services.games, parsed)
                   : fetch_match_history(services.store, services.games, parsed));
      });
}

}  // namespace brethren::server
