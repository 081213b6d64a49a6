#include "bench/rating/kendall_tau.h"

#include <cmath>
#include <cstddef>
#include <stdexcept>

namespace brethren::bench {

// Every pair, O(n²): the populations here have a few thousand players.
double kendall_tau_b(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() != y.size() || x.size() < 2) throw std::invalid_argument("kendall_tau_b: two lists of one length >= 2");
  double concordant_minus_discordant = 0.0;
  double untied_x = 0.0;
  double untied_y = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    for (std::size_t j = i + 1; j < x.size(); ++j) {
      const double dx = x[i] - x[j];
      const double dy = y[i] - y[j];
      if (dx != 0.0) untied_x += 1.0;
      if (dy != 0.0) untied_y += 1.0;
      if (dx * dy > 0.0) concordant_minus_discordant += 1.0;
      if (dx * dy < 0.0) concordant_minus_discordant -= 1.0;
    }
  }
  if (untied_x == 0.0 || untied_y == 0.0) return 0.0;
  return concordant_minus_discordant / std::sqrt(untied_x * untied_y);
}

}  // namespace brethren::bench
