#include "server/rating/plackett_luce.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>
#include <stdexcept>

namespace brethren::rating {

namespace {

// One team's sums, in rank order (OpenSkill's teamRating without `balance`).
struct TeamSums {
  double mu = 0.0;
  double sigma_sq = 0.0;
  int rank = 0;  // the index of the first team in its tie group (OpenSkill's rankings)
};

// The team indices sorted by rank; stable, as JavaScript's sort, so that
// sums run in the package's order.
std::vector<std::size_t> rank_order(std::size_t teams, const std::vector<int>& ranks) {
  std::vector<std::size_t> order(teams);
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (!ranks.empty()) {
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ranks[a] < ranks[b]; });
  }
  return order;
}

void check(const std::vector<Team>& teams, const std::vector<int>& ranks) {
  if (teams.size() < 2) throw std::invalid_argument("rating: a match needs at least two teams");
  if (!ranks.empty() && ranks.size() != teams.size()) throw std::invalid_argument("rating: one rank per team");
  for (const auto& team : teams)
    if (team.empty()) throw std::invalid_argument("rating: a team has no player");
}

}  // namespace

std::vector<Team> rate(const std::vector<Team>& teams, const std::vector<int>& ranks, const Parameters& parameters) {
  check(teams, ranks);
  const std::size_t n = teams.size();
  const double tau_sq = parameters.tau * parameters.tau;
  const double beta_sq = parameters.beta * parameters.beta;

  // Every sigma first grows by tau, so that a rating never freezes.
  const std::vector<std::size_t> order = rank_order(n, ranks);
  std::vector<Team> sorted(n);
  std::vector<TeamSums> sums(n);
  for (std::size_t k = 0; k < n; ++k) {
    for (const Rating& player : teams[order[k]]) {
      const Rating grown{player.mu, std::sqrt(player.sigma * player.sigma + tau_sq)};
      sorted[k].push_back(grown);
      sums[k].mu += grown.mu;
      sums[k].sigma_sq += grown.sigma * grown.sigma;
    }
    const bool tied_with_previous = k > 0 && !ranks.empty() && ranks[order[k - 1]] == ranks[order[k]];
    sums[k].rank = tied_with_previous ? sums[k - 1].rank : static_cast<int>(k);
  }

  double c_sq = 0.0;
  for (const TeamSums& team : sums) c_sq += team.sigma_sq + beta_sq;
  const double c = std::sqrt(c_sq);

  // sum_q: the Plackett–Luce denominator of the teams placed at q's rank or
  // below; tied_q: how many teams share q's rank.
  std::vector<double> sum_q(n, 0.0);
  std::vector<double> tied_q(n, 0.0);
  for (std::size_t q = 0; q < n; ++q) {
    for (std::size_t i = 0; i < n; ++i) {
      if (sums[i].rank >= sums[q].rank) sum_q[q] += std::exp(sums[i].mu / c);
      if (sums[i].rank == sums[q].rank) tied_q[q] += 1.0;
    }
  }

  std::vector<Team> result(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double strength = std::exp(sums[i].mu / c);
    double omega_sum = 0.0;
    double delta_sum = 0.0;
    for (std::size_t q = 0; q < n; ++q) {
      if (sums[q].rank > sums[i].rank) continue;
      const double quotient = strength / sum_q[q];
      omega_sum += (i == q ? 1.0 - quotient : -quotient) / tied_q[q];
      delta_sum += quotient * (1.0 - quotient) / tied_q[q];
    }
    const double gamma = std::sqrt(sums[i].sigma_sq) / c;
    const double omega = omega_sum * (sums[i].sigma_sq / c);
    const double delta = delta_sum * (sums[i].sigma_sq / (c * c)) * gamma;

    // Each member moves by his share of the team's variance.
    Team& updated = result[order[i]];
    const Team& original = teams[order[i]];
    for (std::size_t p = 0; p < sorted[i].size(); ++p) {
      const Rating& player = sorted[i][p];
      const double share = player.sigma * player.sigma / sums[i].sigma_sq;
      double sigma = player.sigma * std::sqrt(std::max(1.0 - share * delta, parameters.kappa));
      if (parameters.limit_sigma && parameters.tau != 0.0) sigma = std::min(sigma, original[p].sigma);
      updated.push_back({player.mu + share * omega, sigma});
    }
  }
  return result;
}

}  // namespace brethren::rating
