// The Weng–Lin update with the Plackett–Luce model (Weng & Lin 2011,
// Algorithm 4), exactly as OpenSkill 5.0.1's `rate` with its default options
// (tests/rating/ checks it against the npm package to 1e-6).
#pragma once

#include <vector>

#include "server/rating/rating.h"

namespace brethren::rating {

// The players of one side; a free-for-all seat is a team of one.
using Team = std::vector<Rating>;

// The ratings after one match. `ranks[i]` is team i's finishing place: lower
// is better, equal ranks are a tie, only their order matters (1, 2, 2, 4 and
// 0, 5, 5, 9 rate alike). Empty `ranks`: the teams finished in the order
// given. Returns the teams in the same shape and order. Throws
// std::invalid_argument for fewer than two teams, an empty team, or a ranks
// vector of another length.
std::vector<Team> rate(const std::vector<Team>& teams, const std::vector<int>& ranks = {},
                       const Parameters& parameters = {});

}  // namespace brethren::rating
