// What the history of a finished match and of an abandoned one share
// (match_history.cc, abandoned_history.cc): the match's header and the JSON
// the endpoint answers with.
#pragma once
#include <google/protobuf/message.h>

#include <vector>

#include "brethren/v1/history.pb.h"
#include "persistence/records.h"
#include "server/history/match_history.h"

namespace brethren::server {

// Id, game, options, seat count, rules version, players and start time; the
// caller adds what only its kind of match has (outcome, seed, reason).
v1::MatchHistory history_header(const persistence::MatchRecord& match,
                                const std::vector<persistence::SeatRecord>& seats);

// A 200 answer with `message` as JSON (every field printed).
HistoryResponse as_json(const google::protobuf::Message& message);

}  // namespace brethren::server
