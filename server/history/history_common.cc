#include "server/history/history_common.h"

#include <google/protobuf/util/json_util.h>

namespace brethren::server {

v1::MatchHistory history_header(const persistence::MatchRecord& match,
                                const std::vector<persistence::SeatRecord>& seats) {
  v1::MatchHistory history;
  history.set_match_id(match.id);
  history.set_game_id(match.game_id);
  history.mutable_options()->ParseFromString(match.options);
  history.set_seat_count(match.seat_count);
  history.set_rules_version(match.rules_version);
  for (const auto& s : seats) {
    if (s.seat >= match.seat_count) continue;
    auto* player = history.add_players();
    player->set_seat(s.seat);
    player->set_display_name(s.display_name);
    player->set_bot(s.bot_kind);
  }
  history.set_started_at_unix_ms(match.started_at);
  return history;
}

HistoryResponse as_json(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions print;
  print.always_print_primitive_fields = true;
  HistoryResponse response;
  (void)google::protobuf::util::MessageToJsonString(message, &response.json, print);
  return response;
}

}  // namespace brethren::server
