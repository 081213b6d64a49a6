// Wall-clock time as the store keeps it.
#pragma once

#include <chrono>
#include <cstdint>

namespace brethren::server {

// Milliseconds since the Unix epoch, for stored timestamps.
inline std::int64_t unix_millis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace brethren::server
