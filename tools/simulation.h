// Plays whole matches with random players; shared by brethren-sim, the
// conformance suite and the benchmarks.
#pragma once

#include <cstdint>
#include <memory>

#include "rules/bots/random_bot.h"
#include "rules/core/game.h"

namespace brethren::rules {

struct SimulatedMatch {
  std::unique_ptr<State> state;  // terminal unless max_actions was hit
  std::uint64_t actions = 0;
};

// Uniform random choice among the legal actions of a random acting seat,
// straight from the state (the same distribution as RandomBot on the views,
// without building them). Stops after `max_actions` actions.
Result<SimulatedMatch> play_random_match(const Game& game, const MatchSetup& setup, std::uint64_t policy_seed,
                                         std::uint64_t max_actions = 1'000'000);

// Each seat played by its own bot from its own view (bots[seat]), as
// remote bots play. The bots' own seeds decide their choices; `policy_seed`
// only picks which of several simultaneously acting seats moves first.
Result<SimulatedMatch> play_bots_match(const Game& game, const MatchSetup& setup, std::vector<Bot*> bots,
                                       std::uint64_t policy_seed, std::uint64_t max_actions = 1'000'000);

// The same through the seats' views and RandomBot, as remote bots play.
Result<SimulatedMatch> play_random_match_through_views(const Game& game, const MatchSetup& setup,
                                                       std::uint64_t policy_seed,
                                                       std::uint64_t max_actions = 1'000'000);

}  // namespace brethren::rules
