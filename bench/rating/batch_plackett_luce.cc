#include "bench/rating/batch_plackett_luce.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace brethren::bench {

BatchPlackettLuce::BatchPlackettLuce(std::size_t players, double prior_mean, double prior_sd, double noise)
    : players_(players), prior_mean_(prior_mean), prior_sd_(prior_sd), noise_(noise) {}

void BatchPlackettLuce::add(const Table& table, const std::vector<int>& places) {
  Match match{table, std::vector<std::size_t>(places.size())};
  for (std::size_t side = 0; side < places.size(); ++side)
    match.sides_in_place_order[static_cast<std::size_t>(places[side])] = side;
  matches_.push_back(std::move(match));
}

std::vector<double> BatchPlackettLuce::fit() const {
  // Skills on the model's scale: theta = skill / noise.
  const double prior_theta = prior_mean_ / noise_;
  const double prior_precision = (noise_ / prior_sd_) * (noise_ / prior_sd_);
  std::vector<double> theta(players_, prior_theta);
  std::vector<double> gradient(players_), curvature(players_);
  std::vector<double> side_theta, weight;
  for (int iteration = 0; iteration < 10000; ++iteration) {
    for (std::size_t p = 0; p < players_; ++p) {
      gradient[p] = -(theta[p] - prior_theta) * prior_precision;
      curvature[p] = prior_precision;
    }
    for (const Match& match : matches_) {
      const auto& sides = match.table.sides;
      side_theta.assign(sides.size(), 0.0);
      for (std::size_t s = 0; s < sides.size(); ++s)
        for (std::size_t player : sides[s]) side_theta[s] += theta[player];
      // Stage k: the side placed k-th is chosen among those not placed yet.
      for (std::size_t k = 0; k + 1 < sides.size(); ++k) {
        double top = -INFINITY;
        for (std::size_t j = k; j < sides.size(); ++j) top = std::max(top, side_theta[match.sides_in_place_order[j]]);
        weight.assign(sides.size(), 0.0);
        double total = 0.0;
        for (std::size_t j = k; j < sides.size(); ++j) {
          const std::size_t side = match.sides_in_place_order[j];
          weight[side] = std::exp(side_theta[side] - top);
          total += weight[side];
        }
        for (std::size_t j = k; j < sides.size(); ++j) {
          const std::size_t side = match.sides_in_place_order[j];
          const double chance = weight[side] / total;
          const double chosen = j == k ? 1.0 : 0.0;
          for (std::size_t player : sides[side]) {
            gradient[player] += chosen - chance;
            curvature[player] += chance * (1.0 - chance);
          }
        }
      }
    }
    double largest_step = 0.0;
    for (std::size_t p = 0; p < players_; ++p) {
      // Half a diagonal Newton step: teammates share a curvature the
      // diagonal does not see, and a full step can overshoot.
      const double step = 0.5 * gradient[p] / curvature[p];
      theta[p] += step;
      largest_step = std::max(largest_step, std::abs(step));
    }
    if (largest_step < 1e-9) break;
  }
  for (double& t : theta) t *= noise_;
  return theta;
}

}  // namespace brethren::bench
