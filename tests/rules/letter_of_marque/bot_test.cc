// Letter of Marque heuristic bot: legal, finishing, and better than random.
#include <catch2/catch.hpp>

#include "rules/letter_of_marque/letter_of_marque.h"
#include "rules/letter_of_marque/letter_of_marque_bot.h"
#include "tests/rules/common/bot_test_support.h"

using namespace brethren::rules;
using namespace brethren::rules::testing;

TEST_CASE("LOM heuristic bot: only legal actions, games finish", "[letter_of_marque][bot]") {
  const auto game = letter_of_marque::make_game();
  for (int players = 3; players <= 6; ++players) {
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
      CheckingBot heuristic(letter_of_marque::make_heuristic_bot(seed * 7));
      auto match = play_against_random(*game, players, seed, static_cast<int>(seed % players), heuristic);
      REQUIRE(match.ok());
      REQUIRE(match->state->is_terminal());
      REQUIRE(heuristic.calls > 0);
      REQUIRE(heuristic.illegal == 0);
    }
  }
}

TEST_CASE("LOM heuristic bot wins more often than a random seat", "[letter_of_marque][bot]") {
  const auto game = letter_of_marque::make_game();
  for (int players : {3, 5}) {
    const auto rates = rotated_win_rates(*game, players, 200, 1000, &letter_of_marque::make_heuristic_bot);
    INFO(players << " players: heuristic " << rates.bot << ", random seat " << rates.random_seat);
    CHECK(rates.bot > 1.5 * rates.random_seat);
    CHECK(rates.bot > 1.0 / players);
  }
}
