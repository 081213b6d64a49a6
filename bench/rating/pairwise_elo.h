// The baseline of brethren-rating-accuracy: Elo applied to every pair of
// sides in a match (as multiplayer Elo is commonly extended), on the same
// matches as the Weng–Lin rating.
#pragma once

#include <vector>

#include "bench/rating/match_model.h"

namespace brethren::bench {

class PairwiseElo {
 public:
  // `k`: the points at stake in a one-against-one match; a side of a match
  // of n sides plays n - 1 pairs at k / (n - 1) each.
  PairwiseElo(std::size_t players, double k);

  // Updates from the ratings before the match; a team's rating is its
  // members' mean, and each member moves by the team's change.
  void rate(const Table& table, const std::vector<int>& places);

  const std::vector<double>& ratings() const { return ratings_; }

 private:
  double k_;
  std::vector<double> ratings_;
};

}  // namespace brethren::bench
