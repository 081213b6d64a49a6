// A ceiling for brethren-rating-accuracy: the maximum a posteriori skills of
// the Plackett–Luce model fitted to all of a population's matches at once
// (each side's strength exp(sum of its members' skills / noise), the prior
// the population's own). An online rating sees each match once, in order;
// this sees them all together and knows the model, so how far it orders the
// players better is how much any rating could gain from the same matches.
#pragma once

#include <vector>

#include "bench/rating/match_model.h"

namespace brethren::bench {

class BatchPlackettLuce {
 public:
  // `prior_mean` and `prior_sd`: the true skills' distribution; `noise`: the
  // outcome model's scale (skills are divided by it).
  BatchPlackettLuce(std::size_t players, double prior_mean, double prior_sd, double noise);

  void add(const Table& table, const std::vector<int>& places);

  // The skills that maximise prior × likelihood (the posterior is log-concave:
  // damped diagonal Newton steps until no skill moves by 1e-9 of the noise).
  std::vector<double> fit() const;

 private:
  struct Match {
    Table table;
    std::vector<std::size_t> sides_in_place_order;
  };
  std::size_t players_;
  double prior_mean_, prior_sd_, noise_;
  std::vector<Match> matches_;
};

}  // namespace brethren::bench
