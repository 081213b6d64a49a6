// A heuristic bot for Port Royal (Panning), deciding only from its seat's view.
//
// Rules of thumb (details in port_royal_panning_bot.cc and the "Bots" section
// of docs/games/port-royal-panning.md):
//   - bid modestly, only with a strong hand and little debt;
//   - as privileged player keep the strongest colour, name it trump, lead;
//   - fight for loot that is worth a lot on our ships, duck the rest;
//   - place loot where it adds the most value without sinking a ship, and pay
//     down the bid when that is worth more than the card on a ship.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "rules/core/bot.h"
#include "rules/core/rng.h"

namespace brethren::rules::port_royal_panning {

class HeuristicBot final : public Bot {
 public:
  explicit HeuristicBot(std::uint64_t seed) : rng_(seed) {}
  std::optional<v1::GameAction> choose(const v1::MatchView& view) override;

 private:
  Rng rng_;  // breaks ties between equally rated actions
};

std::unique_ptr<Bot> make_heuristic_bot(std::uint64_t seed);

}  // namespace brethren::rules::port_royal_panning
