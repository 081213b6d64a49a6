// The match history API: a finished match's public event log, or one former
// player's replay of it (GET /api/matches/{id}, docs/protocol.md). Reads the
// store and rebuilds the match through the rules interface only; what each
// recipient gets comes from State::events_for, like every live update.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "persistence/store.h"
#include "rules/core/registry.h"

namespace brethren::server {

struct HistoryRequest {
  std::int64_t match_id = 0;
  // A seat token (Authorization: Bearer): that seat's replay.
  std::optional<std::string> seat_token;
  // What a spectator of the match's room would need (X-Room-Code,
  // X-Room-Password); ignored with a seat token.
  std::string room_code;
  std::string room_password;
};

struct HistoryResponse {
  int http_status = 200;
  // A brethren.v1.MatchHistory in JSON, or {"code": ..., "error": ...}.
  std::string json;
};

// Synchronous: reads the store and replays the match; call it off the
// network threads.
HistoryResponse fetch_match_history(const persistence::Store& store, const rules::GameRegistry& games,
                                    const HistoryRequest& request);

// GET /api/matches/{id}/views: a brethren.v1.MatchViews, the table after
// each step as the request may see it (same credentials as the history); the
// public view also of a match still being played.
HistoryResponse fetch_match_views(const persistence::Store& store, const rules::GameRegistry& games,
                                  const HistoryRequest& request);

}  // namespace brethren::server
