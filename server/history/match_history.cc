#include "server/history/match_history.h"

#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <vector>

#include "brethren/v1/history.pb.h"
#include "brethren/v1/replay.pb.h"
#include "server/base/room_code.h"
#include "server/history/abandoned_history.h"
#include "server/history/history_common.h"
#include "server/base/secrets.h"
#include "server/match/stored_match.h"
#include "server/protocol/fairness.h"
#include "server/protocol/spectator_policy.h"

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

// What a request may see of a match: nullopt when the match does not exist
// or these credentials may not see it (one answer for both).
struct Access {
  persistence::MatchRecord match;
  std::vector<persistence::SeatRecord> seats;
  // A former player's seat, or -1 for the public (spectator) view.
  int seat = -1;
};

std::optional<Access> access_for(const persistence::Store& store, const HistoryRequest& request) {
  // Credentials first: whether the match exists, where it was played and
  // whether it has ended are only for those who may see it.
  auto match = store.load_match(request.match_id);
  if (!match) return std::nullopt;
  const auto room = store.load_room(match->room_code);
  if (!room) return std::nullopt;
  Access out{std::move(*match), store.load_seats(room->code), -1};
  if (request.seat_token) {
    const std::string hash = sha256_hex(*request.seat_token);
    for (const auto& s : out.seats) {
      if (!s.token_hash.empty() && s.token_hash == hash && s.seat < out.match.seat_count) out.seat = s.seat;
    }
    if (out.seat < 0) return std::nullopt;
  } else if (!may_watch(*room, request)) {
    return std::nullopt;
  }
  return out;
}

}  // namespace

HistoryResponse fetch_match_history(const persistence::Store& store, const rules::GameRegistry& games,
                                    const HistoryRequest& request) {
  const auto access = access_for(store, request);
  if (!access) return not_found(request.match_id);
  const auto& match = access->match;
  const auto& seats = access->seats;
  const int seat = access->seat;

  // Ended without a result: served as far as it replays (abandoned_history.h).
  if (match.status == persistence::MatchStatus::kAbandoned)
    return abandoned_match_history(store, games, match, seats, seat);
  const auto result = store.load_result(request.match_id);
  if (match.status != persistence::MatchStatus::kFinished || !result) {
    return error(409, "NOT_FINISHED", "match " + std::to_string(match.id) + " has not ended yet");
  }
  const rules::Game* game = games.find(match.game_id);
  if (!game) return error(500, "INTERNAL", "the match's game is not known to this server");

  const rules::MatchSetup setup = stored_setup(match);
  std::unique_ptr<rules::State> state;
  const bool log_kept = result->final_state.empty();
  std::vector<rules::LoggedAction> log;
  if (log_kept) {
    auto parsed = parse_action_log(store.load_actions(match.id));
    if (!parsed) return error(500, "INTERNAL", "a stored action does not parse");
    log = std::move(parsed).value();
    auto replayed = replay_stored(*game, match, log);
    if (!replayed) {
      const bool other_rules = replayed.error().code == rules::ErrorCode::kRulesVersionMismatch;
      return error(500, other_rules ? "RULES_VERSION_MISMATCH" : "INTERNAL",
                   other_rules ? "the match was played under other rules: " + replayed.error().message
                               : "the match does not replay");
    }
    state = std::move(replayed).value();
  } else {
    // A match stored before the log was kept under seal: its log was
    // discarded at the end, the final state keeps the event stream.
    auto loaded = game->deserialize(result->final_state);
    if (!loaded) return error(500, "INTERNAL", "the final state does not load");
    state = std::move(loaded).value();
  }

  v1::MatchHistory history = history_header(match, seats);
  history.set_finished_at_unix_ms(result->finished_at);
  history.mutable_outcome()->ParseFromString(result->outcome);
  *history.mutable_fairness() = fairness::public_match_info(match.id, match.seed, match.seed_salt, true);
  history.set_seat(seat);
  const rules::Viewer viewer = seat >= 0 ? rules::Viewer::player(seat) : rules::Viewer::spectator();
  for (auto& record : state->events_for(viewer)) *history.add_events() = std::move(record);
  history.set_event_count(state->version());
  // A sealed log (GameInfo.action_log_secret) is never served: only views
  // and events built from it, as they were sent live.
  if (log_kept && game->info().action_log_public() && !game->info().action_log_secret()) {
    history.set_actions_published(true);
    for (auto& step : log) {
      auto* action = history.add_actions();
      action->set_seat(step.seat);
      *action->mutable_action() = std::move(step.action);
    }
  }

  return as_json(history);
}

HistoryResponse fetch_match_views(const persistence::Store& store, const rules::GameRegistry& games,
                                  const HistoryRequest& request) {
  const auto access = access_for(store, request);
  if (!access) return not_found(request.match_id);
  const auto& match = access->match;
  if (match.status == persistence::MatchStatus::kAbandoned)
    return abandoned_match_views(store, games, match, access->seat);
  const bool finished = match.status == persistence::MatchStatus::kFinished;
  // A live match only in public: a seat's own view of a match still being
  // played belongs to its connection, not to a URL that a token may open.
  if (!finished && access->seat >= 0) {
    return error(409, "NOT_FINISHED", "match " + std::to_string(match.id) + " has not ended yet");
  }
  const rules::Game* game = games.find(match.game_id);
  if (!game) return error(500, "INTERNAL", "the match's game is not known to this server");
  const rules::Viewer viewer = access->seat >= 0 ? rules::Viewer::player(access->seat) : rules::Viewer::spectator();

  v1::MatchViews out;
  out.set_match_id(match.id);
  out.set_game_id(match.game_id);
  out.set_seat(access->seat);
  out.set_finished(finished);
  auto add_view = [&out, &viewer](const rules::State& state) {
    v1::MatchView view = state.view(viewer);
    view.clear_legal_actions();
    // An action without events leaves the version: the newest view stands.
    if (out.views_size() > 0 && out.views(out.views_size() - 1).version() == view.version()) {
      out.mutable_views()->RemoveLast();
    }
    *out.add_views() = std::move(view);
  };

  const auto result = finished ? store.load_result(match.id) : std::nullopt;
  if (result && !result->final_state.empty()) {
    // A match stored before the log was kept under seal (its log was
    // discarded at the end): only the final table can be drawn.
    auto loaded = game->deserialize(result->final_state);
    if (!loaded) return error(500, "INTERNAL", "the final state does not load");
    add_view(**loaded);
    return as_json(out);
  }
  if (auto same_rules = rules::check_rules_version(*game, match.rules_version); !same_rules) {
    return error(500, "RULES_VERSION_MISMATCH",
                 "the match was played under other rules: " + same_rules.error().message);
  }
  auto log = parse_action_log(store.load_actions(match.id));
  if (!log) return error(500, "INTERNAL", "a stored action does not parse");
  auto state = game->new_match(stored_setup(match));
  if (!state) return error(500, "INTERNAL", "the match does not start again");
  add_view(**state);
  for (const auto& step : log.value()) {
    if (auto st = (*state)->apply(step.seat, step.action); !st)
      return error(500, "INTERNAL", "the match does not replay");
    add_view(**state);
  }
  return as_json(out);
}

}  // namespace brethren::server
