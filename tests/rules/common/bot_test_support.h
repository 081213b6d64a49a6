// Shared by the heuristic-bot tests of every game: a bot wrapper that checks
// each choice against the view it was given, one game of a bot against
// random seats, and rotated win rates.
#pragma once

#include <cstdint>
#include <memory>

#include "rules/bots/random_bot.h"
#include "tools/simulation.h"

namespace brethren::rules::testing {

// Wraps a bot; counts its choices and those that are not one of the view's
// legal actions (compared as serialized messages).
class CheckingBot final : public Bot {
 public:
  explicit CheckingBot(std::unique_ptr<Bot> inner) : inner_(std::move(inner)) {}
  std::optional<v1::GameAction> choose(const v1::MatchView& view) override;
  int calls = 0;
  int illegal = 0;

 private:
  std::unique_ptr<Bot> inner_;
};

using BotFactory = std::unique_ptr<Bot> (*)(std::uint64_t seed);

// One seeded game: `bot` on `seat`, RandomBots (seeded from `seed` and their
// seat) on the others.
Result<SimulatedMatch> play_against_random(const Game& game, int players, std::uint64_t seed, int seat, Bot& bot);

struct WinRates {
  double bot = 0;          // share of games the bot's seat won
  double random_seat = 0;  // share of games an average random seat won
};

// `games` seeded games (seeds first_seed, first_seed + 1, ...), one bot made
// by `make` against random seats, its seat rotated around the table.
WinRates rotated_win_rates(const Game& game, int players, int games, std::uint64_t first_seed, BotFactory make);

}  // namespace brethren::rules::testing
