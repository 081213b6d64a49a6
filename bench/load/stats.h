// What a load run counts. Operations (moves, or echo round trips) count only
// inside the measured window; errors and games count over the whole run.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "bench/load/latency.h"

namespace brethren::bench {

struct LoadStats {
  LatencyRecorder latency;
  std::uint64_t ops = 0;
  std::uint64_t games = 0;
  std::uint64_t errors = 0;
  std::uint64_t inconsistent = 0;
  bool measuring = false;
  bool stopping = false;

  void error(const std::string& what) {
    // The first few say what went wrong; the count says how often.
    if (++errors <= 10) std::fprintf(stderr, "brethren-load: error: %s\n", what.c_str());
  }
  void inconsistency(const std::string& what) {
    if (++inconsistent <= 10) std::fprintf(stderr, "brethren-load: inconsistent result: %s\n", what.c_str());
  }
};

}  // namespace brethren::bench
