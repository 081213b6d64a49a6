// Round-trip latencies in microseconds, kept whole so that percentiles are
// exact (a 30 s run at 25k/s is under a million samples).
#pragma once

#include <cstdint>
#include <vector>

namespace brethren::bench {

struct Percentiles {
  std::uint64_t count = 0;
  double p50 = 0, p90 = 0, p99 = 0, max = 0;
};

class LatencyRecorder {
 public:
  void add(std::uint64_t micros) {
    samples_.push_back(static_cast<std::uint32_t>(micros > UINT32_MAX ? UINT32_MAX : micros));
  }
  std::uint64_t count() const { return samples_.size(); }
  // Sorts the samples; call once at the end.
  Percentiles percentiles();

 private:
  std::vector<std::uint32_t> samples_;
};

}  // namespace brethren::bench
