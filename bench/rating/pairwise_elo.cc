#include "bench/rating/pairwise_elo.h"

#include <cmath>

namespace brethren::bench {

PairwiseElo::PairwiseElo(std::size_t players, double k) : k_(k), ratings_(players, 1500.0) {}

void PairwiseElo::rate(const Table& table, const std::vector<int>& places) {
  const std::size_t n = table.sides.size();
  std::vector<double> side_rating(n, 0.0);
  for (std::size_t s = 0; s < n; ++s) {
    for (std::size_t player : table.sides[s]) side_rating[s] += ratings_[player];
    side_rating[s] /= static_cast<double>(table.sides[s].size());
  }
  const double per_pair = k_ / static_cast<double>(n - 1);
  std::vector<double> change(n, 0.0);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      if (a == b) continue;
      const double expected = 1.0 / (1.0 + std::pow(10.0, (side_rating[b] - side_rating[a]) / 400.0));
      const double score = places[a] < places[b] ? 1.0 : places[a] == places[b] ? 0.5 : 0.0;
      change[a] += per_pair * (score - expected);
    }
  }
  for (std::size_t s = 0; s < n; ++s)
    for (std::size_t player : table.sides[s]) ratings_[player] += change[s];
}

}  // namespace brethren::bench
