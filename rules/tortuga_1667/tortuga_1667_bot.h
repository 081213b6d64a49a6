// Tortuga 1667: a heuristic bot that plays for its own team from its seat's
// view only (loyalty, hand, public board). See docs/games/tortuga-1667.md
// "Bots" for the rules of thumb and measured results.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "rules/core/belief.h"
#include "rules/core/bot.h"
#include "rules/core/rng.h"

namespace brethren::rules::tortuga_1667 {

class HeuristicBot final : public Bot {
 public:
  explicit HeuristicBot(std::uint64_t seed) : rng_(seed) {}
  std::optional<v1::GameAction> choose(const v1::MatchView& view) override;

 private:
  Rng rng_;
};

std::unique_ptr<Bot> make_heuristic_bot(std::uint64_t seed);

// The search bots' inference (tortuga_1667_belief.cc): the others' loyalties
// weighed by how they moved treasure; nullptr before anyone has.
std::unique_ptr<Belief> make_belief(const State& state, Seat seat);

}  // namespace brethren::rules::tortuga_1667
