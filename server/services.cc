#include "server/services.h"

#include <chrono>

namespace brethren::server {

std::int64_t unix_millis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace brethren::server
