// brethren-load: the load generator (see --help and docs/performance.md).
//
//   brethren-load --port 8080 --connections 1000 --mode saturation --duration 10
//
// One thread drives every connection. It opens them (a bounded number of
// attempts at a time, spread over 127.0.0.1..N), starts the workload, plays
// --warmup seconds unmeasured and --duration seconds measured, lets the
// moves in flight finish, prints the summary and exits: 0 when there were no
// errors and every finished game checked out, else 1.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address_v4.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <vector>

#include "bench/load/connection.h"
#include "bench/load/echo_workload.h"
#include "bench/load/game_workload.h"
#include "bench/load/options.h"
#include "bench/load/stats.h"

namespace asio = boost::asio;
using namespace brethren::bench;
using Clock = std::chrono::steady_clock;

namespace {

class Runner final : public FrameSink {
 public:
  Runner(asio::io_context& io, const LoadOptions& options) : io_(io), options_(options), timer_(io) {
    server_ = asio::ip::tcp::endpoint(asio::ip::make_address(options.host), options.port);
    for (std::size_t i = 0; i < options.connections; ++i) connections_.push_back(std::make_unique<Connection>(io, i, *this));
    if (options.target == Target::kEcho) {
      workload_ = std::make_unique<EchoWorkload>(io, options, connections_, stats_);
    } else {
      workload_ = std::make_unique<GameWorkload>(io, options, connections_, stats_);
    }
  }

  int run() {
    started_ = Clock::now();
    while (next_ < connections_.size() && next_ < options_.open_window) open_next();
    io_.run();
    return report();
  }

  void on_open(Connection&) override {
    ++opened_;
    settled();
  }
  void on_frame(Connection& c, std::string_view frame, bool text) override { workload_->on_frame(c, frame, text); }
  void on_closed(Connection& c, const std::string& error) override {
    if (!all_open_) {
      stats_.error("connection " + std::to_string(c.index()) + " did not open: " + error);
      settled();
      return;
    }
    if (!finishing_) stats_.error("connection " + std::to_string(c.index()) + " ended: " + error);
  }

 private:
  // One attempt ended (open or failed): start the next, or go on once all are in.
  void settled() {
    ++settled_;
    if (next_ < connections_.size()) open_next();
    if (settled_ == connections_.size() && !all_open_) all_settled();
  }

  void open_next() {
    const std::size_t i = next_++;
    // 127.0.0.1 .. 127.0.0.N, round robin.
    const auto source = asio::ip::address_v4(0x7f000001u + static_cast<std::uint32_t>(i % static_cast<std::size_t>(options_.sources)));
    connections_[i]->open(server_, source);
  }

  void all_settled() {
    all_open_ = true;
    open_seconds_ = std::chrono::duration<double>(Clock::now() - started_).count();
    if (!options_.quiet) {
      std::printf("opened %zu of %zu connections in %.2f s from %d source address(es)\n", opened_, connections_.size(),
                  open_seconds_, options_.sources);
    }
    if (options_.mode == Mode::kIdle) {
      // Scripts wait for this line, then measure the server's memory.
      std::printf("idle: %zu connections open\n", opened_);
      std::fflush(stdout);
      return after(options_.duration_s, [this] { finish(); });
    }
    std::fflush(stdout);
    workload_->start();
    after(options_.warmup_s, [this] {
      stats_.measuring = true;
      measure_start_ = Clock::now();
      after(options_.duration_s, [this] {
        stats_.measuring = false;
        measured_seconds_ = std::chrono::duration<double>(Clock::now() - measure_start_).count();
        stats_.stopping = true;
        drain_deadline_ = Clock::now() + std::chrono::seconds(10);
        drain();
      });
    });
  }

  void drain() {
    if (workload_->drained() || Clock::now() > drain_deadline_) {
      if (!workload_->drained()) stats_.error("moves still unanswered 10 s after the end");
      return finish();
    }
    after(0.01, [this] { drain(); });
  }

  void finish() {
    finishing_ = true;
    for (auto& c : connections_) c->abort();
    timer_.cancel();
  }

  template <class Fn>
  void after(double seconds, Fn fn) {
    timer_.expires_after(std::chrono::microseconds(static_cast<long long>(seconds * 1e6)));
    timer_.async_wait([fn = std::move(fn)](boost::system::error_code ec) mutable {
      if (!ec) fn();
    });
  }

  int report() {
    const bool game = options_.target == Target::kBrethren;
    const auto p = stats_.latency.percentiles();
    const double rate = measured_seconds_ > 0 ? static_cast<double>(stats_.ops) / measured_seconds_ : 0;
    std::printf("target %s, mode %s, %zu connections (%zu open), %s\n", game ? "brethren" : "echo", to_string(options_.mode),
                connections_.size(), opened_, options_.json ? "json" : "binary");
    if (options_.mode != Mode::kIdle) {
      std::printf("%s/s: %.0f  (%llu in %.2f s)\n", game ? "moves" : "round trips", rate,
                  static_cast<unsigned long long>(stats_.ops), measured_seconds_);
      std::printf("round trip us: p50 %.0f  p90 %.0f  p99 %.0f  max %.0f\n", p.p50, p.p90, p.p99, p.max);
    }
    if (game) std::printf("games completed: %llu\n", static_cast<unsigned long long>(stats_.games));
    std::printf("errors: %llu, inconsistent results: %llu\n", static_cast<unsigned long long>(stats_.errors),
                static_cast<unsigned long long>(stats_.inconsistent));
    // One line for scripts.
    std::printf("summary: rate=%.1f p50_us=%.0f p90_us=%.0f p99_us=%.0f max_us=%.0f games=%llu errors=%llu inconsistent=%llu open=%zu open_s=%.2f\n",
                rate, p.p50, p.p90, p.p99, p.max, static_cast<unsigned long long>(stats_.games),
                static_cast<unsigned long long>(stats_.errors), static_cast<unsigned long long>(stats_.inconsistent),
                opened_, open_seconds_);
    std::fflush(stdout);
    const bool idle_ok = options_.mode == Mode::kIdle ? opened_ == connections_.size() : stats_.ops > 0;
    return stats_.errors == 0 && stats_.inconsistent == 0 && idle_ok ? 0 : 1;
  }

  asio::io_context& io_;
  const LoadOptions& options_;
  asio::ip::tcp::endpoint server_;
  std::vector<std::unique_ptr<Connection>> connections_;
  LoadStats stats_;
  std::unique_ptr<Workload> workload_;
  asio::steady_timer timer_;
  std::size_t next_ = 0, opened_ = 0, settled_ = 0;
  bool all_open_ = false, finishing_ = false;
  Clock::time_point started_, measure_start_, drain_deadline_;
  double open_seconds_ = 0, measured_seconds_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  int exit_code = 0;
  const auto options = parse_options(argc, argv, exit_code);
  if (!options) return exit_code;
  asio::io_context io(1);
  Runner runner(io, *options);
  return runner.run();
}
