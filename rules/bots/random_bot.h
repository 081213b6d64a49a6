// The random bot: uniform over the legal actions listed in its own view.
#pragma once

#include <optional>

#include "brethren/v1/game.pb.h"
#include "rules/core/bot.h"
#include "rules/core/rng.h"

namespace brethren::rules {

class RandomBot final : public Bot {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
  std::optional<v1::GameAction> choose(const v1::MatchView& view) override;

 private:
  Rng rng_;
};

}  // namespace brethren::rules
