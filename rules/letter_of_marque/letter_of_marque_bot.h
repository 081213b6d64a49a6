// Letter of Marque: a heuristic bot that decides from its seat's view only.
//
// Rules of thumb (see docs/games/letter-of-marque.md, "Bots"):
//  * an armed ship at sea is safe, so it guards a treasure for as long as we
//    have better things to do, and every failed attack on it scores +1;
//  * an unarmed ship at sea is at risk, so it goes home on our next turn;
//  * attack a ship when its expected loot, counted from the owner's public
//    record of armed ships (two per player), beats the risk of a miss;
//  * never attack a ship already revealed armed.
// It keeps no memory between decisions (the view carries every player's
// count of ships revealed armed), so a search may reuse it across sampled
// states without one sample's reveals leaking into another's.
#pragma once

#include <cstdint>
#include <memory>

#include "rules/core/belief.h"
#include "rules/core/bot.h"
#include "rules/core/rng.h"

namespace brethren::rules::letter_of_marque {

class HeuristicBot final : public Bot {
 public:
  explicit HeuristicBot(std::uint64_t seed) : rng_(seed) {}
  std::optional<v1::GameAction> choose(const v1::MatchView& view) override;

 private:
  Rng rng_;  // breaks ties between equally good actions
};

std::unique_ptr<Bot> make_heuristic_bot(std::uint64_t seed);

// The search bots' inference (letter_of_marque_belief.cc): the others'
// hidden bases weighed by how long their owners leave them at sea.
std::unique_ptr<Belief> make_belief(const State& state, Seat seat);

}  // namespace brethren::rules::letter_of_marque
