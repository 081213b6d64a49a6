// Round trips against an echo server: each connection sends a frame and
// waits for it to come back (saturation), or first waits a think time
// (realistic). The ceiling a Beast server on one core can reach.
//
// With --fanout K against brethren-echo --fanout K: groups of K connections
// take turns as the seats of a room do. Member i sends, the server relays the
// frame to all K, and member i+1 sends as soon as the frame reached it; a
// round trip is from sending to the sender's own copy.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>
#include <vector>

#include "bench/load/options.h"
#include "bench/load/stats.h"
#include "bench/load/workload.h"
#include "rules/core/rng.h"

namespace brethren::bench {

class EchoWorkload final : public Workload {
 public:
  EchoWorkload(boost::asio::io_context& io, const LoadOptions& options,
               std::vector<std::unique_ptr<Connection>>& connections, LoadStats& stats);
  void start() override;
  void on_frame(Connection& c, std::string_view frame, bool text) override;
  bool drained() const override { return in_flight_ == 0; }

 private:
  using Clock = std::chrono::steady_clock;
  void next(std::size_t index);
  void send(std::size_t index);
  void on_relayed(Connection& c);

  boost::asio::io_context& io_;
  const LoadOptions& options_;
  std::vector<std::unique_ptr<Connection>>& connections_;
  LoadStats& stats_;
  std::string payload_;
  std::vector<Clock::time_point> sent_at_;
  std::vector<std::uint64_t> received_;  // --fanout: frames each connection got (they arrive in turn order)
  std::vector<std::unique_ptr<boost::asio::steady_timer>> timers_;
  std::vector<std::unique_ptr<boost::asio::steady_timer>> ramp_timers_;
  std::size_t in_flight_ = 0;
  rules::Rng rng_;
};

}  // namespace brethren::bench
