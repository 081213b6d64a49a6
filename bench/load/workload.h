// What the connections of a load run do once they are all open.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "bench/load/connection.h"

namespace brethren::bench {

class Workload {
 public:
  virtual ~Workload() = default;
  // Every connection has opened (or failed to): start the traffic. (A
  // workload that opens its own connections: start opening and playing.)
  virtual void start() = 0;
  virtual void on_frame(Connection& c, std::string_view frame, bool text) = 0;
  // A connection failed to open or ended (the runner counts the error).
  virtual void on_closed(Connection&) {}
  // After stats.stopping is set: true once nothing is in flight any more.
  virtual bool drained() const = 0;

  // Colyseus: a connection is a seat in a room, opened only after the seat's
  // reservation over HTTP, so the workload opens its connections itself when
  // each table starts; the runner then opens none.
  virtual bool opens_connections() const { return false; }
  // Idle mode, for a workload that opens its connections: open them all,
  // then `done` with how many are open.
  virtual void open_idle(std::function<void(std::size_t open)> done) { done(0); }
  // After start(): `fn` runs when the warm-up may start counting (at once,
  // unless the workload waits for every table to be under way).
  virtual void when_under_way(std::function<void()> fn) { fn(); }
  // Fields the workload adds at the end of the summary line (" key=value ...").
  virtual std::string summary_fields() const { return {}; }
};

}  // namespace brethren::bench
