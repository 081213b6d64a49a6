#include "server/history/match_history.h"

#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <vector>

#include "brethren/v1/history.pb.h"
#include "server/match/stored_match.h"
#include "server/protocol/fairness.h"
#include "server/base/secrets.h"
#include "server/protocol/spectator_policy.h"
#include "server/base/room_code.h"

namespace brethren::server {
namespace {

HistoryResponse error(int http_status, std::string_view code, const std::string& message) {
  // Hand-written JSON: both strings are ours, but escape quotes and
  // backslashes anyway.
  std::string escaped;
  for (char ch : message) {
    if (ch == '"' || ch == '\\') escaped += '\\';
    escaped += ch;
  }
  return {http_status, "{\"code\":\"" + std::string(code) + "\",\"error\":\"" + escaped + "\"}"};
}

// Without a seat token, the public log goes to whoever could have watched
// the match: the room code for an unlisted room, the password when
// spectators need it, nobody when the room allows no spectators.
bool may_watch(const persistence::RoomRecord& room, const HistoryRequest& request) {
  v1::RoomSettings settings;
  settings.ParseFromString(room.settings);
  const v1::SpectatorPolicy policy = effective_spectator_policy(settings, !room.password_hash.empty());
  if (policy == v1::SPECTATORS_NONE) return false;
  if (!room.is_public && normalize_room_code(request.room_code) != room.code) return false;
  if (policy == v1::SPECTATORS_PASSWORD && sha256_hex(room.code + ":" + request.room_password) != room.password_hash) {
    return false;
  }
  return true;
}

// The one answer for a match that does not exist and for one the request
// may not see: a stranger cannot tell them apart (nor a live match from a
// finished one), whatever credentials were tried.
HistoryResponse not_found(std::int64_t match_id) {
  return error(404, "UNKNOWN_MATCH",
               "no match " + std::to_string(match_id) +
                   " that these credentials may see: send a seat token of the match (Authorization: Bearer), "
                   "or the room code (X-Room-Code) and the spectator password (X-Room-Password) of its room");
}

}  // namespace

HistoryResponse fetch_match_history(const persistence::Store& store, const rules::GameRegistry& games,
                                    const HistoryRequest& request) {
  // Credentials first: whether the match exists, where it was played and
  // whether it has ended are only for those who may see it.
  const auto match = store.load_match(request.match_id);
  if (!match) return not_found(request.match_id);
  const auto room = store.load_room(match->room_code);
  if (!room) return not_found(request.match_id);
  const auto seats = store.load_seats(room->code);

  // Whose view: a former player's seat, or the public (spectator) one.
  int seat = -1;
  if (request.seat_token) {
    const std::string hash = sha256_hex(*request.seat_token);
    for (const auto& s : seats) {
      if (!s.token_hash.empty() && s.token_hash == hash && s.seat < match->seat_count) seat = s.seat;
    }
    if (seat < 0) return not_found(request.match_id);
  } else if (!may_watch(*room, request)) {
    return not_found(request.match_id);
  }

  const auto result = store.load_result(request.match_id);
  if (match->status != persistence::MatchStatus::kFinished || !result) {
    return error(409, "NOT_FINISHED", "match " + std::to_string(match->id) + " has not ended yet");
  }
  const rules::Game* game = games.find(match->game_id);
  if (!game) return error(500, "INTERNAL", "the match's game is not known to this server");

  const rules::MatchSetup setup = stored_setup(*match);
  const v1::GameOptions& options = setup.options;
  std::unique_ptr<rules::State> state;
  const bool log_kept = result->final_state.empty();
  std::vector<rules::LoggedAction> log;
  if (log_kept) {
    auto parsed = parse_action_log(store.load_actions(match->id));
    if (!parsed) return error(500, "INTERNAL", "a stored action does not parse");
    log = std::move(parsed).value();
    auto replayed = replay_stored(*game, *match, log);
    if (!replayed) return error(500, "INTERNAL", "the match does not replay: " + replayed.error().message);
    state = std::move(replayed).value();
  } else {
    // The log was discarded at the end (GameInfo.action_log_secret): the
    // final state keeps the event stream with its audiences.
    auto loaded = game->deserialize(result->final_state);
    if (!loaded) return error(500, "INTERNAL", "the final state does not load: " + loaded.error().message);
    state = std::move(loaded).value();
  }

  v1::MatchHistory history;
  history.set_match_id(match->id);
  history.set_game_id(match->game_id);
  *history.mutable_options() = options;
  history.set_seat_count(match->seat_count);
  for (const auto& s : seats) {
    if (s.seat >= match->seat_count) continue;
    auto* player = history.add_players();
    player->set_seat(s.seat);
    player->set_display_name(s.display_name);
    player->set_bot(s.bot_kind);
  }
  history.set_started_at_unix_ms(match->started_at);
  history.set_finished_at_unix_ms(result->finished_at);
  history.mutable_outcome()->ParseFromString(result->outcome);
  *history.mutable_fairness() = fairness::public_match_info(match->id, match->seed, match->seed_salt, true);
  history.set_seat(seat);
  const rules::Viewer viewer = seat >= 0 ? rules::Viewer::player(seat) : rules::Viewer::spectator();
  for (auto& record : state->events_for(viewer)) *history.add_events() = std::move(record);
  history.set_event_count(state->version());
  if (log_kept && game->info().action_log_public()) {
    history.set_actions_published(true);
    for (auto& step : log) {
      auto* action = history.add_actions();
      action->set_seat(step.seat);
      *action->mutable_action() = std::move(step.action);
    }
  }

  google::protobuf::util::JsonPrintOptions print;
  print.always_print_primitive_fields = true;
  HistoryResponse response;
  (void)google::protobuf::util::MessageToJsonString(history, &response.json, print);
  return response;
}

}  // namespace brethren::server
