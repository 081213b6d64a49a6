// GET /api/matches/{id}: parses the HTTP request into a HistoryRequest and
// runs the store reads and the replay on Services::history_pool, never on
// the network threads.
#pragma once

#include <boost/beast/http.hpp>
#include <functional>
#include <string_view>

#include "server/history/history_target.h"
#include "server/history/match_history.h"
#include "server/room/services.h"

namespace brethren::server {

// Answers through `done`, called on a worker thread; the caller posts back
// to its own executor.
void serve_match_history(Services& services,
                         const boost::beast::http::request<boost::beast::http::string_body>& request,
                         std::function<void(HistoryResponse)> done);

}  // namespace brethren::server
