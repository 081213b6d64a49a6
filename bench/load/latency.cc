#include "bench/load/latency.h"

#include <algorithm>

namespace brethren::bench {

Percentiles LatencyRecorder::percentiles() {
  Percentiles p;
  p.count = samples_.size();
  if (samples_.empty()) return p;
  std::sort(samples_.begin(), samples_.end());
  // Nearest rank: the smallest sample with at least q of all samples at or below it.
  auto at = [this](double q) {
    const auto rank = static_cast<std::size_t>(q * static_cast<double>(samples_.size()) + 0.999999);
    return static_cast<double>(samples_[std::clamp<std::size_t>(rank, 1, samples_.size()) - 1]);
  };
  p.p50 = at(0.50);
  p.p90 = at(0.90);
  p.p99 = at(0.99);
  p.max = samples_.back();
  return p;
}

}  // namespace brethren::bench
