// The request target of the history API, GET /api/matches/{id}: pure parsing
// with nothing beyond the standard library, so that the HTTP fuzz target
// (tests/fuzz/fuzz_http_request.cc) runs the server's own checks.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace brethren::server {

// Whether the target's path (before any '?') is under /api/matches/.
bool is_match_history_target(std::string_view target);

// The match id of a history target: a positive decimal number and nothing
// else after /api/matches/ (a query is ignored); nullopt otherwise (400).
std::optional<std::int64_t> parse_match_history_target(std::string_view target);

// The match id of a views target, /api/matches/{id}/views (the table at each
// step, for the replay); nullopt for anything else.
std::optional<std::int64_t> parse_match_views_target(std::string_view target);

}  // namespace brethren::server
