// Tortuga 1667: building and emitting the game's events. No event names the
// vote cards a seat played or drew (T67-H-3).
#include "rules/tortuga_1667/tortuga_1667.h"

namespace brethren::rules::tortuga_1667 {
namespace pb = v1::tortuga_1667;
namespace {

v1::GameEvent wrap(pb::Event event) {
  v1::GameEvent out;
  *out.mutable_tortuga_1667() = std::move(event);
  return out;
}

}  // namespace

void TortugaState::emit_event(pb::Event event) { emit(Audience::everyone(), wrap(std::move(event))); }
void TortugaState::emit_private(Seat seat, pb::Event event) { emit(Audience::only(seat), wrap(std::move(event))); }

// T67-5, T67-3: the crews and, when chosen openly, the star cards.
void TortugaState::emit_game_started() {
  pb::Event e;
  auto* g = e.mutable_game_started();
  for (int s : ship_[kFD]) g->add_flying_dutchman(s);
  for (int s : ship_[kJR]) g->add_jolly_roger(s);
  for (int c : chosen_stars_) g->add_star_cards(static_cast<pb::EventCard>(c));
  g->set_star_card_count(star_count_);
  g->set_advanced_setup(advanced_);
  emit_event(std::move(e));
}

void TortugaState::emit_pawn_moved(Seat seat, int from, int to, Cause cause) {
  pb::Event e;
  auto* m = e.mutable_pawn_moved();
  m->set_seat(seat);
  m->set_from(static_cast<pb::Area>(from));
  m->set_to(static_cast<pb::Area>(to));
  m->set_cause(static_cast<pb::MaroonCause>(cause));
  emit_event(std::move(e));
}

void TortugaState::emit_map_used(pb::EventCard card, Seat owner) {
  pb::Event e;
  e.mutable_map_used()->set_card(card);
  e.mutable_map_used()->set_owner(owner);
  emit_event(std::move(e));
}

// T67-44: the treasures, the winning team and every loyalty card revealed.
void TortugaState::emit_game_ended() {
  pb::Event e;
  auto* g = e.mutable_game_ended();
  g->set_british(team_total(kBritish));
  g->set_french(team_total(kFrench));
  g->set_winner(static_cast<pb::Team>(winner_));
  for (int l : loyalty_) g->add_loyalties(static_cast<pb::Team>(l));
  emit_event(std::move(e));
}

}  // namespace brethren::rules::tortuga_1667
