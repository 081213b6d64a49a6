// The simulated world of brethren-rating-accuracy: players with a known true
// skill, tables drawn at random each round, and places sampled from the
// skills (docs/ratings.md, "Accuracy").
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace brethren::bench {

// One match: its sides, as player indices (a free-for-all seat is a side of one).
struct Table {
  std::vector<std::vector<std::size_t>> sides;
};

// How tables are formed.
enum class Format {
  kFreeForAll,  // 3 to 6 seats, each on his own (Letter of Marque, Port Royal)
  kTwoTeams,    // two teams of 2 to 5 (Tortuga 1667)
  kOneVsOne,    // two seats
};

// How places follow from skills.
enum class Outcome {
  // Thurstone: each player performs at skill + N(0, noise); a team at the
  // sum of its members'; the best performance wins.
  kThurstone,
  // Plackett–Luce: the winner is drawn with weight exp(skill / noise) (a
  // team: the sum of its members' skills), then the next among the rest.
  kPlackettLuce,
};

std::string format_name(Format format);
std::string outcome_name(Outcome outcome);

// Every player once: the shuffled population cut into tables of the
// format's sizes (a round with no one left out).
std::vector<Table> deal_round(std::size_t players, Format format, std::mt19937_64& rng);

// The same, cut from `order` (every player once) instead of a shuffle: the
// way quick play seats players of similar rating together. The two teams of
// a table are drawn at random from its players, as Tortuga deals loyalties.
std::vector<Table> deal_round_in_order(const std::vector<std::size_t>& order, Format format, std::mt19937_64& rng);

// Each side's place (0 = first; no ties: performances are continuous).
std::vector<int> play(const Table& table, const std::vector<double>& skills, Outcome outcome, double noise,
                      std::mt19937_64& rng);

}  // namespace brethren::bench
