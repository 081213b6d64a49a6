#include "bench/load/echo_workload.h"

#include "bench/load/think_time.h"

namespace brethren::bench {

EchoWorkload::EchoWorkload(boost::asio::io_context& io, const LoadOptions& options,
                           std::vector<std::unique_ptr<Connection>>& connections, LoadStats& stats)
    : io_(io),
      options_(options),
      connections_(connections),
      stats_(stats),
      payload_(options.echo_bytes, 'x'),
      sent_at_(connections.size()),
      received_(connections.size()),
      rng_(options.seed) {
  if (options_.mode == Mode::kRealistic) {
    for (std::size_t i = 0; i < connections_.size(); ++i)
      timers_.push_back(std::make_unique<boost::asio::steady_timer>(io_));
  }
}

void EchoWorkload::start() {
  // With fan-out, the first of each group starts.
  const auto step = static_cast<std::size_t>(options_.fanout);
  if (options_.ramp_s <= 0) {
    for (std::size_t i = 0; i < connections_.size(); i += step) next(i);
    return;
  }
  for (std::size_t i = 0; i < connections_.size(); i += step) {
    auto& timer = ramp_timers_.emplace_back(std::make_unique<boost::asio::steady_timer>(io_));
    timer->expires_after(std::chrono::microseconds(rng_.below(static_cast<std::uint32_t>(options_.ramp_s * 1e6) + 1)));
    timer->async_wait([this, i](boost::system::error_code ec) {
      if (!ec) next(i);
    });
  }
}

void EchoWorkload::next(std::size_t index) {
  if (stats_.stopping || !connections_[index]->is_open()) return;
  if (options_.mode == Mode::kSaturation) return send(index);
  timers_[index]->expires_after(think_time(rng_, options_.think_ms));
  timers_[index]->async_wait([this, index](boost::system::error_code ec) {
    if (!ec) send(index);
  });
}

void EchoWorkload::send(std::size_t index) {
  if (stats_.stopping || !connections_[index]->is_open()) return;
  sent_at_[index] = Clock::now();
  ++in_flight_;
  connections_[index]->send(payload_, false);
}

void EchoWorkload::on_frame(Connection& c, std::string_view frame, bool) {
  if (frame.size() != payload_.size()) stats_.error("echo of the wrong size");
  if (options_.fanout > 1) return on_relayed(c);
  --in_flight_;
  if (stats_.measuring) {
    ++stats_.ops;
    stats_.latency.add(static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent_at_[c.index()]).count()));
  }
  next(c.index());
}

}  // namespace brethren::bench

namespace brethren::bench {

// Frames reach every member in the order they were sent, and the members send
// in turn, so the count of frames a member got says whose frame this is.
void EchoWorkload::on_relayed(Connection& c) {
  const auto k = static_cast<std::uint64_t>(options_.fanout);
  const std::size_t first = c.index() - c.index() % static_cast<std::size_t>(k);
  const std::uint64_t member = c.index() - first;
  const std::uint64_t sender = received_[c.index()]++ % k;
  if (sender == member) {
    --in_flight_;
    if (stats_.measuring) {
      ++stats_.ops;
      stats_.latency.add(static_cast<std::uint64_t>(
          std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - sent_at_[c.index()]).count()));
    }
  }
  if ((sender + 1) % k == member) next(c.index());
}

}  // namespace brethren::bench
