// Port Royal (Panning) heuristic bot: it only ever picks one of its view's
// legal actions, games finish, and it beats random seats (seeded, so the
// numbers are deterministic).
#include <catch2/catch.hpp>

#include "rules/port_royal_panning/port_royal_panning.h"
#include "rules/port_royal_panning/port_royal_panning_bot.h"
#include "tests/rules/common/bot_test_support.h"

using namespace brethren::rules;
using namespace brethren::rules::testing;

TEST_CASE("Panning heuristic bot: returns legal actions and games finish", "[port-royal-panning][bot]") {
  const auto game = port_royal_panning::make_game();
  for (int seats : {3, 4}) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      CheckingBot bot(port_royal_panning::make_heuristic_bot(seed * 17));
      auto match = play_against_random(*game, seats, seed, static_cast<int>(seed % seats), bot);
      REQUIRE(match.ok());
      REQUIRE(match->state->is_terminal());
      REQUIRE(bot.calls > 0);
      REQUIRE(bot.illegal == 0);
    }
  }
}

TEST_CASE("Panning heuristic bot: wins more often than a random seat", "[port-royal-panning][bot]") {
  const auto game = port_royal_panning::make_game();
  for (int seats : {3, 4}) {
    const auto rates = rotated_win_rates(*game, seats, 200, 1000, &port_royal_panning::make_heuristic_bot);
    INFO(seats << " seats: heuristic " << rates.bot << ", random seat " << rates.random_seat);
    CHECK(rates.bot > rates.random_seat);
    CHECK(rates.bot > 1.0 / seats);
  }
}
