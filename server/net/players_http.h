// Profiles and leaderboards over HTTP and the WebSocket (issue #27, items 5
// and 7; docs/ratings.md): GET /api/players/{name}, GET
// /api/leaderboards/{game}?limit=&offset=, GetProfile and GetLeaderboard.
// The reads run on Services::history_pool, never on the network threads.
#pragma once

#include <boost/beast/http.hpp>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "brethren/v1/protocol.pb.h"
#include "server/history/match_history.h"
#include "server/room/services.h"

namespace brethren::server {

// Whether the target's path is under /api/players/ or /api/leaderboards/.
bool is_players_target(std::string_view target);

// Answers through `done`, called on a worker thread.
void serve_players(Services& services, const boost::beast::http::request<boost::beast::http::string_body>& request,
                   std::function<void(HistoryResponse)> done);

// The reply to GetProfile or GetLeaderboard (request_id unset); synchronous:
// call it off the network threads.
v1::ServerMessage players_reply(const Services& services, const v1::ClientMessage& message);

// Percent-decodes one path segment; nullopt for a malformed escape, a '/',
// or a control character. Pure (exposed for tests).
std::optional<std::string> decode_segment(std::string_view segment);

}  // namespace brethren::server
