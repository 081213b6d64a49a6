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
#include <vector>

#include "rules/core/belief.h"
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

// Two of the heuristic bot's rules of thumb, on crew card ids, so that the
// search's belief can ask what the bot would have done with a sampled hand:
// the colour it names trump (PRQ-13.2: 0..3, the colour the hand is
// strongest in), and the highest bid it accepts (PRQ-9, PRQ-10; below 1: it
// passes) holding `hand` with `debt` on its scale at `seats` players.
int strongest_colour(const std::vector<int>& hand);
int highest_acceptable_bid(const std::vector<int>& hand, int seats, int debt);

// An inference for the search bots (rules/core/belief.h): samples of the
// others' hands weighed by the bids and the trump of this round
// (port_royal_panning_belief.cc); nullptr before anyone else has bid,
// passed or named trump. Not on: measured, it did not pay for its cost, so
// rules/games.cmake gives Panning no BELIEF (docs/performance.md,
// "Inference").
std::unique_ptr<Belief> make_belief(const State& state, Seat seat);

}  // namespace brethren::rules::port_royal_panning
