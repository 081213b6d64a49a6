// High Card: the events of a match and their audiences.
#include "tests/games/high_card/high_card.h"
#include "tests/games/test_game_wire.h"

namespace brethren::rules::high_card {
namespace {

v1::GameEvent wrap(const v1::high_card::Event& event) {
  v1::GameEvent out;
  tests::pack(out, event);
  return out;
}

}  // namespace

void HighCardState::emit_dealt(Seat seat) {
  v1::high_card::Event event;
  event.mutable_dealt()->set_card(players_[seat].card);
  emit(Audience::only(seat), wrap(event));  // HC-H-1
}

void HighCardState::emit_chose(Seat seat) {
  v1::high_card::Event event;
  event.mutable_chose()->set_seat(seat);  // HC-H-2: not the stake
  emit(Audience::everyone(), wrap(event));
}

void HighCardState::emit_revealed(Seat winner) {
  v1::high_card::Event event;
  auto* revealed = event.mutable_revealed();
  for (const Player& p : players_) {
    revealed->add_cards(p.card);
    revealed->add_stakes(p.stake);
  }
  revealed->set_winner(winner);
  emit(Audience::everyone(), wrap(event));
}

void HighCardState::emit_ended() {
  v1::high_card::Event event;
  for (const Player& p : players_) event.mutable_ended()->add_scores(p.score);
  emit(Audience::everyone(), wrap(event));
}

}  // namespace brethren::rules::high_card
