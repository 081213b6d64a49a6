// Port Royal (Pfister): a heuristic bot that decides from its seat's view only.
//
// Rules of thumb (see docs/games/port-royal-pfister.md, "Bots"):
// - Phase 1: keep drawing while a bust is unlikely (few ship colours in the
//   harbor) and nothing worth taking lies there yet; stop once the bust risk
//   is high or a good card is in reach.
// - Repel a drawn ship whenever docking it would bust; dock it otherwise.
// - Fulfil an Expedition whenever it is legal (more VP than the persons spent).
// - Phase 2: hire the affordable Person worth the most VP (cheapest on ties,
//   with small bonuses for useful abilities); otherwise trade the ship paying
//   the most coins. A non-active seat only takes what is worth the coin it
//   pays the active player.
#pragma once

#include <cstdint>
#include <memory>

#include "rules/core/bot.h"
#include "rules/core/rng.h"

namespace brethren::rules::port_royal_pfister {

class HeuristicBot final : public Bot {
 public:
  explicit HeuristicBot(std::uint64_t seed) : rng_(seed) {}
  std::optional<v1::GameAction> choose(const v1::MatchView& view) override;

 private:
  Rng rng_;  // only breaks exact ties
};

std::unique_ptr<Bot> make_heuristic_bot(std::uint64_t seed);

}  // namespace brethren::rules::port_royal_pfister
