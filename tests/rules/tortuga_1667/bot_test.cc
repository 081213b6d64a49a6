// Tortuga 1667 heuristic bot: legal moves only, and it beats random seats.
#include <catch2/catch.hpp>

#include "rules/tortuga_1667/tortuga_1667.h"
#include "rules/tortuga_1667/tortuga_1667_bot.h"
#include "tests/rules/common/bot_test_support.h"

using namespace brethren::rules;
using namespace brethren::rules::testing;

TEST_CASE("Tortuga heuristic bot plays only legal actions and games finish", "[tortuga_1667][bot]") {
  const auto game = tortuga_1667::make_game();
  for (int players : {4, 5, 7, 9}) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      CheckingBot checked(tortuga_1667::make_heuristic_bot(seed * 7));
      auto match = play_against_random(*game, players, seed, static_cast<int>(seed % players), checked);
      INFO("players " << players << " seed " << seed);
      REQUIRE(match.ok());
      REQUIRE(match->state->is_terminal());
      CHECK(checked.calls > 0);
      CHECK(checked.illegal == 0);
    }
  }
}

TEST_CASE("Tortuga heuristic bot wins more often than a random seat", "[tortuga_1667][bot]") {
  const auto game = tortuga_1667::make_game();
  const auto rates = rotated_win_rates(*game, 4, 200, 5000, &tortuga_1667::make_heuristic_bot);
  INFO("heuristic " << rates.bot << " random " << rates.random_seat);
  CHECK(rates.bot > rates.random_seat);
}
