// High Card, the test-only game of docs/adding-a-game.md: rule scenarios
// (tests/games/high_card/README.md, rule IDs HC-*). The conformance suite
// checks the properties every game shares; these check this game's rules.
#include <catch2/catch.hpp>

#include "tests/games/high_card/high_card.h"
#include "tests/games/high_card/high_card_action.h"
#include "tests/games/test_game_wire.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::high_card;

namespace {

std::unique_ptr<HighCardState> new_match(std::uint64_t seed) {
  auto game = make_game();
  auto created = game->new_match({{}, kSeats, seed});
  REQUIRE(created.ok());
  return std::unique_ptr<HighCardState>(static_cast<HighCardState*>(created->release()));
}

v1::high_card::View view_of(const State& state, Viewer viewer) {
  v1::high_card::View view;
  REQUIRE(tests::unpack(state.view(viewer).game(), view));
  return view;
}

Status stake(State& state, Seat seat, int chips) { return state.apply(seat, to_proto(Action{chips})); }

}  // namespace

TEST_CASE("High Card: each player holds a card only he can see (HC-3, HC-H-1)") {
  auto state = new_match(7);
  for (Seat s = 0; s < kSeats; ++s) {
    REQUIRE(state->player(s).card >= 1);
    REQUIRE(view_of(*state, Viewer::player(s)).own_card() == state->player(s).card);
  }
  REQUIRE(state->player(0).card != state->player(1).card);
  REQUIRE(view_of(*state, Viewer::spectator()).own_card() == 0);
  // The deal reached each seat as a private event, and nobody else.
  for (Seat s = 0; s < kSeats; ++s) {
    const auto events = state->events_for(Viewer::player(s));
    REQUIRE(events.size() == 1);
    v1::high_card::Event dealt;
    REQUIRE(tests::unpack(events[0].event(), dealt));
    REQUIRE(dealt.dealt().card() == state->player(s).card);
  }
  REQUIRE(state->events_for(Viewer::spectator()).empty());
}

TEST_CASE("High Card: stakes are chosen at once and stay secret until both are in (HC-4, HC-H-2)") {
  auto state = new_match(7);
  REQUIRE(state->acting_seats() == std::vector<Seat>{0, 1});
  const auto seen_before = state->version();
  REQUIRE(stake(*state, 1, 2).ok());
  REQUIRE(state->acting_seats() == std::vector<Seat>{0});
  REQUIRE(stake(*state, 1, 1).error().code == ErrorCode::kNotYourTurn);
  const auto other = view_of(*state, Viewer::player(0));
  REQUIRE(other.has_chosen(1));
  REQUIRE(other.own_stake() == 0);
  REQUIRE(view_of(*state, Viewer::player(1)).own_stake() == 2);
  // Seat 0 is told that seat 1 chose, and nothing more.
  const auto told = state->events_for(Viewer::player(0), seen_before);
  REQUIRE(told.size() == 1);
  v1::high_card::Event chose;
  REQUIRE(tests::unpack(told[0].event(), chose));
  REQUIRE(chose.has_chose());
  REQUIRE(chose.chose().seat() == 1);
}

TEST_CASE("High Card: the higher card takes both stakes, which are spent (HC-5, HC-6)") {
  auto state = new_match(11);
  const int card0 = state->player(0).card, card1 = state->player(1).card;
  const Seat winner = card0 > card1 ? 0 : 1;
  REQUIRE(stake(*state, 0, 3).ok());
  REQUIRE(stake(*state, 1, 1).ok());
  REQUIRE(state->round() == 2);
  REQUIRE(state->player(winner).score == 4);
  REQUIRE(state->player(1 - winner).score == 0);
  REQUIRE(state->player(0).chips == kChips - 3);
  REQUIRE(state->player(1).chips == kChips - 1);
  // New cards, neither of them one already played.
  for (Seat s = 0; s < kSeats; ++s) {
    REQUIRE(state->player(s).card != card0);
    REQUIRE(state->player(s).card != card1);
  }
}

TEST_CASE("High Card: a stake must leave a chip for each round to come (HC-4)") {
  auto state = new_match(3);
  REQUIRE(stake(*state, 0, 3).ok());
  REQUIRE(stake(*state, 1, 3).ok());
  // Round 2 with 3 chips: at most 2, one is kept for round 3.
  REQUIRE(state->max_stake(0) == 2);
  REQUIRE(state->legal_actions(0) == std::vector<ActionId>{encode(Action{1}), encode(Action{2})});
  const auto refused = stake(*state, 0, 3);
  REQUIRE(refused.error().code == ErrorCode::kIllegalAction);
  REQUIRE_THAT(refused.error().message, Catch::Contains("HC-4"));
  REQUIRE(stake(*state, 0, 4).error().code == ErrorCode::kMalformedAction);
}

TEST_CASE("High Card: after three rounds the higher score wins, equal scores share the win (HC-2, HC-7)") {
  // Stakes 2, 1, 1 from both: pots of 4, 2 and 2, so a player who loses
  // the first round and wins the other two draws.
  int draws = 0, wins = 0;
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    auto state = new_match(seed);
    for (int chips : {2, 1, 1}) {
      REQUIRE_FALSE(state->is_terminal());
      REQUIRE(stake(*state, 0, chips).ok());
      REQUIRE(stake(*state, 1, chips).ok());
    }
    REQUIRE(state->is_terminal());
    REQUIRE(state->acting_seats().empty());
    const auto outcome = state->outcome();
    const int a = state->player(0).score, b = state->player(1).score;
    REQUIRE(a + b == 8);
    REQUIRE(outcome.seats(0).winner() == (a >= b));
    REQUIRE(outcome.seats(1).winner() == (b >= a));
    (a == b ? draws : wins) += 1;
  }
  // Both endings occurred among these seeds.
  REQUIRE(draws > 0);
  REQUIRE(wins > 0);
}
