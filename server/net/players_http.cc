#include "server/net/players_http.h"

#include <spdlog/spdlog.h>

#include <charconv>

#include "persistence/store_unavailable.h"
#include "server/account/account_records.h"
#include "server/account/credentials.h"
#include "server/history/history_common.h"
#include "server/rating/players.h"

namespace brethren::server {
namespace {

namespace http = boost::beast::http;

constexpr std::string_view kPlayers = "/api/players/";
constexpr std::string_view kBoards = "/api/leaderboards/";

std::string_view path_of(std::string_view target) { return target.substr(0, target.find_first_of("?#")); }

int hex_value(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

// A query parameter's value as a number; nullopt: absent; -1: not a number.
std::optional<long long> query_number(std::string_view target, std::string_view name) {
  const auto q = target.find('?');
  if (q == std::string_view::npos) return std::nullopt;
  std::string_view query = target.substr(q + 1);
  query = query.substr(0, query.find('#'));
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    const auto eq = pair.find('=');
    if (pair.substr(0, eq) != name || eq == std::string_view::npos) continue;
    const std::string_view value = pair.substr(eq + 1);
    long long number = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (ec != std::errc() || end != value.data() + value.size() || number < 0) return -1;
    return number;
  }
  return std::nullopt;
}

HistoryResponse error_json(int status, v1::ErrorCode code, const std::string& message) {
  // The messages are the server's own words (never the client's text).
  return {status, "{\"code\":\"" + v1::ErrorCode_Name(code) + "\",\"error\":\"" + message + "\"}"};
}

HistoryResponse as_http(const std::variant<v1::PlayerProfile, rating::Refused>& answer) {
  if (const auto* refused = std::get_if<rating::Refused>(&answer)) {
    return error_json(refused->http_status, refused->code, refused->message);
  }
  return as_json(std::get<v1::PlayerProfile>(answer));
}

HistoryResponse as_http(const std::variant<v1::Leaderboard, rating::Refused>& answer) {
  if (const auto* refused = std::get_if<rating::Refused>(&answer)) {
    return error_json(refused->http_status, refused->code, refused->message);
  }
  return as_json(std::get<v1::Leaderboard>(answer));
}

// Runs a read of the ratings store; a failure is an answer (503 SERVER_BUSY
// while a shared store is out of reach, else 500 INTERNAL), never an
// exception: one escaping would end the history worker's thread, and the server.
template <class Answer, class Read>
std::variant<Answer, rating::Refused> guarded(Read&& read) {
  try {
    return read();
  } catch (const persistence::StoreUnavailable& e) {
    spdlog::warn("players: not read: {}", e.what());
    return rating::Refused{v1::SERVER_BUSY, kAccountsUnavailable, 503};
  } catch (const std::exception& e) {
    spdlog::error("players: not read: {}", e.what());
    return rating::Refused{v1::INTERNAL, "the server could not read the ratings", 500};
  }
}

std::variant<v1::PlayerProfile, rating::Refused> profile(const Services& services, std::string_view name) {
  if (name.size() > rating::kMaxLookupBytes) return rating::Refused{v1::NOT_FOUND, rating::kNoSuchPlayer, 404};
  return guarded<v1::PlayerProfile>([&] { return rating::player_profile(*services.ratings, username_key(name)); });
}

std::variant<v1::Leaderboard, rating::Refused> board(const Services& services, const std::string& game_id,
                                                     std::uint32_t page_size, std::uint32_t offset) {
  return guarded<v1::Leaderboard>([&] {
    return rating::leaderboard_page(*services.ratings, services.games.find(game_id) != nullptr, game_id, page_size,
                                    offset);
  });
}

}  // namespace

std::optional<std::string> decode_segment(std::string_view segment) {
  std::string out;
  for (std::size_t i = 0; i < segment.size(); ++i) {
    char ch = segment[i];
    if (ch == '%') {
      if (i + 2 >= segment.size()) return std::nullopt;
      const int hi = hex_value(segment[i + 1]);
      const int lo = hex_value(segment[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      ch = static_cast<char>(hi * 16 + lo);
      i += 2;
    }
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f || ch == '/') return std::nullopt;
    out += ch;
  }
  return out;
}

bool is_players_target(std::string_view target) {
  const std::string_view path = path_of(target);
  return path.starts_with(kPlayers) || path.starts_with(kBoards);
}

void serve_players(Services& services, const http::request<http::string_body>& request,
                   std::function<void(HistoryResponse)> done) {
  if (!services.ratings) return done(error_json(404, v1::NOT_FOUND, "this server keeps no ratings"));
  const std::string_view target = request.target();
  const std::string_view path = path_of(target);
  const bool players = path.starts_with(kPlayers);
  const auto segment = decode_segment(path.substr(players ? kPlayers.size() : kBoards.size()));
  if (players) {
    // Any name that is no public profile gets the same 404, malformed ones too.
    if (!segment) return done(error_json(404, v1::NOT_FOUND, rating::kNoSuchPlayer));
    return services.history_pool.post(
        [&services, name = *segment, done = std::move(done)] { done(as_http(profile(services, name))); });
  }
  if (!segment || segment->empty()) return done(error_json(404, v1::UNKNOWN_GAME, "no game with that id"));
  const auto limit = query_number(target, "limit");
  const auto offset = query_number(target, "offset");
  if ((limit && (*limit < 0 || *limit > rating::kMaxPageSize)) ||
      (offset && (*offset < 0 || *offset > rating::kMaxOffset))) {
    return done(error_json(400, v1::INVALID_ARGUMENT,
                           "limit is 1 to " + std::to_string(rating::kMaxPageSize) + " and offset 0 to " +
                               std::to_string(rating::kMaxOffset)));
  }
  services.history_pool.post([&services, game = *segment, size = static_cast<std::uint32_t>(limit.value_or(0)),
                              from = static_cast<std::uint32_t>(offset.value_or(0)),
                              done = std::move(done)] { done(as_http(board(services, game, size, from))); });
}

v1::ServerMessage players_reply(const Services& services, const v1::ClientMessage& message) {
  v1::ServerMessage reply;
  auto refuse = [&reply](const rating::Refused& refused) {
    reply.mutable_error()->set_code(refused.code);
    reply.mutable_error()->set_message(refused.message);
  };
  if (message.has_get_profile()) {
    auto answer = profile(services, message.get_profile().username());
    if (auto* refused = std::get_if<rating::Refused>(&answer)) {
      refuse(*refused);
    } else {
      *reply.mutable_profile() = std::move(std::get<v1::PlayerProfile>(answer));
    }
    return reply;
  }
  const auto& m = message.get_leaderboard();
  auto answer = board(services, m.game_id(), m.page_size(), m.offset());
  if (auto* refused = std::get_if<rating::Refused>(&answer)) {
    refuse(*refused);
  } else {
    *reply.mutable_leaderboard() = std::move(std::get<v1::Leaderboard>(answer));
  }
  return reply;
}

}  // namespace brethren::server
