// Port Royal (Pfister): the heuristic bot plays only legal actions and beats
// random seats.
#include <catch2/catch.hpp>

#include "rules/port_royal_pfister/port_royal_pfister.h"
#include "rules/port_royal_pfister/port_royal_pfister_bot.h"
#include "tests/rules/common/bot_test_support.h"

using namespace brethren::rules;
using namespace brethren::rules::testing;

TEST_CASE("Port Royal heuristic bot: only legal actions, games finish", "[port_royal_pfister][bot]") {
  const auto game = port_royal_pfister::make_game();
  for (int seats : {2, 4}) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      CheckingBot checker(port_royal_pfister::make_heuristic_bot(seed * 7));
      auto match = play_against_random(*game, seats, seed, static_cast<int>(seed % seats), checker);
      REQUIRE(match.ok());
      REQUIRE(match->state->is_terminal());
      REQUIRE(checker.calls > 0);
      REQUIRE(checker.illegal == 0);
    }
  }
}

TEST_CASE("Port Royal heuristic bot: wins more than a random seat", "[port_royal_pfister][bot]") {
  const auto game = port_royal_pfister::make_game();
  const auto rates = rotated_win_rates(*game, 3, 200, 1, &port_royal_pfister::make_heuristic_bot);
  INFO("heuristic seat won " << rates.bot << ", average random seat " << rates.random_seat);
  REQUIRE(rates.bot > 1.5 * rates.random_seat);
}
