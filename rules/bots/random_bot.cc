#include "rules/bots/random_bot.h"

namespace brethren::rules {

std::optional<v1::GameAction> RandomBot::choose(const v1::MatchView& view) {
  if (view.legal_actions_size() == 0) return std::nullopt;
  return view.legal_actions(static_cast<int>(rng_.below(static_cast<std::uint32_t>(view.legal_actions_size()))));
}

}  // namespace brethren::rules
