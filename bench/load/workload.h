// What the connections of a load run do once they are all open.
#pragma once

#include <string>
#include <string_view>

#include "bench/load/connection.h"

namespace brethren::bench {

class Workload {
 public:
  virtual ~Workload() = default;
  // Every connection has opened (or failed to): start the traffic.
  virtual void start() = 0;
  virtual void on_frame(Connection& c, std::string_view frame, bool text) = 0;
  // After stats.stopping is set: true once nothing is in flight any more.
  virtual bool drained() const = 0;
};

}  // namespace brethren::bench
