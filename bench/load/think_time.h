// Realistic mode's think time: uniform in [0.5, 1.5] x the mean, so the
// offered load is fixed and no player answers instantly.
#pragma once

#include <chrono>

#include "rules/core/rng.h"

namespace brethren::bench {

inline std::chrono::microseconds think_time(rules::Rng& rng, double mean_ms) {
  const double unit = static_cast<double>(rng.below(1'000'000)) / 1'000'000.0;
  return std::chrono::microseconds(static_cast<long long>(mean_ms * 1000.0 * (0.5 + unit)));
}

}  // namespace brethren::bench
