// Kendall's rank correlation between two equally long lists (tau-b, which
// discounts ties; with no ties it is tau-a): 1 when both order the items
// alike, -1 when reversed, about 0 when unrelated.
#pragma once

#include <vector>

namespace brethren::bench {

double kendall_tau_b(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace brethren::bench
