// A player's skill belief in the Weng–Lin Bayesian rating (Weng & Lin 2011,
// "A Bayesian Approximation Method for Online Ranking", JMLR 12), with the
// defaults of OpenSkill (the `openskill` npm package, 5.0.1), so that ratings
// computed here equal the package's (tests/rating/, docs/ratings.md).
// Pure arithmetic: knows no game, no server and no storage.
#pragma once

namespace brethren::rating {

// Belief about one player's skill: normal with mean `mu` and deviation `sigma`.
struct Rating {
  double mu = 25.0;
  double sigma = 25.0 / 3.0;
};

// The model's constants; every default is OpenSkill's.
struct Parameters {
  double mu = 25.0;           // a new player's mean
  double sigma = 25.0 / 3.0;  // a new player's deviation
  double beta = 25.0 / 6.0;   // the deviation of one performance around the skill (sigma / 2)
  double kappa = 1e-4;        // the least factor a game may shrink a variance by
  double tau = 25.0 / 300.0;  // added (in variance) to every sigma before each game, so ratings keep moving
  double z = 3.0;             // the displayed rating is mu - z * sigma
  bool limit_sigma = false;   // OpenSkill's limitSigma: a game never raises a sigma (tau undone)
};

// A new player's rating.
inline Rating initial_rating(const Parameters& parameters = {}) { return {parameters.mu, parameters.sigma}; }

// The displayed rating, mu - 3 sigma (OpenSkill's "ordinal"): a conservative
// estimate that starts at 0 and rises as the system learns about the player.
inline double ordinal(const Rating& rating, const Parameters& parameters = {}) {
  return rating.mu - parameters.z * rating.sigma;
}

// A rating is provisional while its sigma is above this (docs/ratings.md,
// "Provisional"): in the simulated populations a new player's 8.33 falls
// below it after 6 games one against one, 10 in free-for-alls of 3-6 and
// 24 in two teams of 2-5 (medians; brethren-rating-accuracy).
inline constexpr double kProvisionalSigma = 7.0;

inline bool provisional(const Rating& rating) { return rating.sigma > kProvisionalSigma; }

}  // namespace brethren::rating
