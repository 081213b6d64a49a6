#include "server/quickplay/bot_level.h"

#include <cmath>
#include <limits>

#include "server/rating/bot_ratings.h"

namespace brethren::server::quickplay {

std::string bot_kind_for(double people_mean_mu, const std::vector<std::string>& offered) {
  std::string best;
  double best_distance = std::numeric_limits<double>::infinity();
  for (const std::string& kind : offered) {
    const auto rating = rating::bot_rating(kind);
    if (!rating) continue;
    const double distance = std::abs(rating->mu - people_mean_mu);
    if (distance < best_distance) {  // strict: a tie keeps the weaker (earlier) kind
      best = kind;
      best_distance = distance;
    }
  }
  if (best.empty() && !offered.empty()) return offered.back();
  return best;
}

}  // namespace brethren::server::quickplay
