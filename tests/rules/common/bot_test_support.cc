#include "tests/rules/common/bot_test_support.h"

#include <catch2/catch.hpp>
#include <vector>

namespace brethren::rules::testing {

std::optional<v1::GameAction> CheckingBot::choose(const v1::MatchView& view) {
  auto action = inner_->choose(view);
  ++calls;
  bool listed = false;
  if (action) {
    const std::string bytes = action->SerializeAsString();
    for (const auto& a : view.legal_actions()) listed = listed || a.SerializeAsString() == bytes;
  }
  if (!listed && view.legal_actions_size() > 0) ++illegal;
  return action;
}

Result<SimulatedMatch> play_against_random(const Game& game, int players, std::uint64_t seed, int seat, Bot& bot) {
  std::vector<std::unique_ptr<Bot>> randoms;
  std::vector<Bot*> bots;
  for (int s = 0; s < players; ++s) {
    if (s == seat) {
      bots.push_back(&bot);
    } else {
      randoms.push_back(std::make_unique<RandomBot>(seed * 1000 + static_cast<std::uint64_t>(s)));
      bots.push_back(randoms.back().get());
    }
  }
  return play_bots_match(game, MatchSetup{{}, players, seed}, bots, seed, 100'000);
}

WinRates rotated_win_rates(const Game& game, int players, int games, std::uint64_t first_seed, BotFactory make) {
  double bot_wins = 0, random_wins = 0;
  for (int i = 0; i < games; ++i) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(i);
    const int seat = i % players;
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> bots;
    for (int s = 0; s < players; ++s) {
      const std::uint64_t bot_seed = seed * 1000003 + static_cast<std::uint64_t>(s);
      owned.push_back(s == seat ? make(bot_seed) : std::make_unique<RandomBot>(bot_seed));
      bots.push_back(owned.back().get());
    }
    auto match = play_bots_match(game, MatchSetup{{}, players, seed}, bots, seed);
    REQUIRE(match.ok());
    REQUIRE(match->state->is_terminal());
    const v1::MatchOutcome outcome = match->state->outcome();
    for (const auto& r : outcome.seats()) {
      if (r.winner()) (r.seat() == seat ? bot_wins : random_wins) += 1;
    }
  }
  return WinRates{bot_wins / games, random_wins / (games * (players - 1.0))};
}

}  // namespace brethren::rules::testing
