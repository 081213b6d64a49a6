#include "server/history/abandoned_history.h"

#include <google/protobuf/util/json_util.h>

#include "brethren/v1/history.pb.h"
#include "brethren/v1/replay.pb.h"
#include "server/history/history_common.h"
#include "server/match/stored_match.h"
#include "server/protocol/fairness.h"

namespace brethren::server {
namespace {

HistoryResponse unknown_game() {
  return {500, "{\"code\":\"INTERNAL\",\"error\":\"the match's game is not known to this server\"}"};
}

rules::Viewer viewer_of(int seat) { return seat >= 0 ? rules::Viewer::player(seat) : rules::Viewer::spectator(); }

}  // namespace

HistoryResponse abandoned_match_history(const persistence::Store& store, const rules::GameRegistry& games,
                                        const persistence::MatchRecord& match,
                                        const std::vector<persistence::SeatRecord>& seats, int seat) {
  const rules::Game* game = games.find(match.game_id);
  if (!game) return unknown_game();
  const StoredPrefix replayed = replay_stored_prefix(*game, match, store.load_actions(match.id));

  v1::MatchHistory history = history_header(match, seats);
  // The commitment only: the seed would show what was still hidden.
  *history.mutable_fairness() = fairness::public_match_info(match.id, match.seed, match.seed_salt, false);
  history.set_seat(seat);
  history.set_abandoned(true);
  history.set_unrestorable_reason(replayed.reason);
  if (replayed.state) {
    for (auto& record : replayed.state->events_for(viewer_of(seat))) *history.add_events() = std::move(record);
    history.set_event_count(replayed.state->version());
  }
  return as_json(history);
}

HistoryResponse abandoned_match_views(const persistence::Store& store, const rules::GameRegistry& games,
                                      const persistence::MatchRecord& match, int seat) {
  const rules::Game* game = games.find(match.game_id);
  if (!game) return unknown_game();
  v1::MatchViews out;
  out.set_match_id(match.id);
  out.set_game_id(match.game_id);
  out.set_seat(seat);
  out.set_abandoned(true);
  const rules::Viewer viewer = viewer_of(seat);
  // Replayed again step by step: the view after each (one per version).
  const StoredPrefix replayed = replay_stored_prefix(*game, match, store.load_actions(match.id));
  out.set_unrestorable_reason(replayed.reason);
  if (!replayed.state) return as_json(out);
  auto state = game->new_match(stored_setup(match));
  if (!state) return as_json(out);
  auto add_view = [&out, &viewer](const rules::State& at) {
    v1::MatchView view = at.view(viewer);
    view.clear_legal_actions();
    if (out.views_size() > 0 && out.views(out.views_size() - 1).version() == view.version()) {
      out.mutable_views()->RemoveLast();
    }
    *out.add_views() = std::move(view);
  };
  add_view(**state);
  for (const auto& step : replayed.log) {
    if (!(*state)->apply(step.seat, step.action)) break;
    add_view(**state);
  }
  return as_json(out);
}

}  // namespace brethren::server
