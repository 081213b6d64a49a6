// The history of a match that ended without a result (issue #26): nobody
// played it on (its room expired), or the server could not restore it after
// a restart. Served as far as its stored log replays, saying where and why it
// stops; never the seed or the action log (the match never reached the end
// that reveals them), never an outcome.
#pragma once

#include <vector>

#include "persistence/store.h"
#include "rules/core/registry.h"
#include "server/history/match_history.h"

namespace brethren::server {

// `seat`: a former player's seat (that seat's events), or -1 (the public log);
// the caller has checked the credentials.
HistoryResponse abandoned_match_history(const persistence::Store& store, const rules::GameRegistry& games,
                                        const persistence::MatchRecord& match,
                                        const std::vector<persistence::SeatRecord>& seats, int seat);

// GET /api/matches/{id}/views of such a match: the table after the setup and
// after each step that replays.
HistoryResponse abandoned_match_views(const persistence::Store& store, const rules::GameRegistry& games,
                                      const persistence::MatchRecord& match, int seat);

}  // namespace brethren::server
