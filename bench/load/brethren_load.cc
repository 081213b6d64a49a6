// brethren-load: the load generator (see --help and docs/performance.md).
//
//   brethren-load --port 8080 --connections 1000 --mode saturation --duration 10
//
// One thread drives every connection. It opens them (a bounded number of
// attempts at a time, spread over 127.0.0.1..N), starts the workload, plays
// --warmup seconds unmeasured and --duration seconds measured, lets the
// moves in flight finish, prints the summary and exits: 0 when there were no
// errors and every finished game checked out, else 1.
//
// --target colyseus (bench/load/colyseus_workload.h): the same games against
// bench/peers/colyseus-server.js, where a connection can only open on a seat
// reserved over HTTP, so the workload opens the connections as its tables
// start, and saturation's warm-up waits for every table's first view.
//
// With --attack, a second window as long as the first follows at once, with
// --attackers hostile connections of each kind alongside (bench/load/attack.h);
// both windows and their ratio are printed.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address_v4.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <vector>

#include <unistd.h>

#include "bench/load/attack.h"
#include "bench/load/colyseus_workload.h"
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
    for (std::size_t i = 0; i < options.connections; ++i)
      connections_.push_back(std::make_unique<Connection>(io, i, *this));
    if (options.target == Target::kEcho) {
      workload_ = std::make_unique<EchoWorkload>(io, options, connections_, stats_);
    } else if (options.target == Target::kColyseus) {
      workload_ = std::make_unique<ColyseusWorkload>(io, options, connections_, stats_);
    } else {
      workload_ = std::make_unique<GameWorkload>(io, options, connections_, stats_);
    }
    if (!options.attacks.empty())
      attack_ = std::make_unique<Attack>(server_, options.attacks, options.attackers, options.server_pid);
  }

  int run() {
    started_ = Clock::now();
    if (workload_->opens_connections()) {
      next_ = connections_.size();
      all_settled();
    }
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
    workload_->on_closed(c);
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
    const auto source =
        asio::ip::address_v4(0x7f000001u + static_cast<std::uint32_t>(i % static_cast<std::size_t>(options_.sources)));
    // --route-nodes: each table's connections on /ws?room=<node character>, so
    // that the proxy keeps a table on one node; --fanout: brethren-echo relays
    // within the group named in the target.
    std::string target = "/ws";
    if (options_.route_nodes > 0 && options_.target == Target::kBrethren) {
      const auto table = i / static_cast<std::size_t>(options_.seats);
      target = std::string("/ws?room=") +
               "0123456789ABCDEFGHJKMNPQRSTVWXYZ"[table % static_cast<std::size_t>(options_.route_nodes)];
    } else if (options_.fanout > 1) {
      target += "?group=" + std::to_string(i / static_cast<std::size_t>(options_.fanout));
    }
    connections_[i]->open(server_, source, std::move(target));
  }

  void all_settled() {
    all_open_ = true;
    open_seconds_ = std::chrono::duration<double>(Clock::now() - started_).count();
    if (!options_.quiet && !workload_->opens_connections()) {
      std::printf("opened %zu of %zu connections in %.2f s from %d source address(es)\n", opened_, connections_.size(),
                  open_seconds_, options_.sources);
    }
    if (options_.mode == Mode::kIdle && workload_->opens_connections()) {
      return workload_->open_idle([this](std::size_t open) {
        open_seconds_ = std::chrono::duration<double>(Clock::now() - started_).count();
        if (!options_.quiet)
          std::printf("opened %zu of %zu connections in %.2f s\n", open, connections_.size(), open_seconds_);
        std::printf("idle: %zu connections open\n", open);
        std::fflush(stdout);
        idle_open_ = open;
        after(options_.duration_s, [this] { finish(); });
      });
    }
    if (options_.mode == Mode::kIdle) {
      // Scripts wait for this line, then measure the server's memory.
      std::printf("idle: %zu connections open\n", opened_);
      std::fflush(stdout);
      return after(options_.duration_s, [this] { finish(); });
    }
    std::fflush(stdout);
    workload_->start();
    workload_->when_under_way([this] { after(options_.warmup_s, [this] { measure(); }); });
  }

  // One measured window; with --attack, the baseline and then the attacked one.
  void measure() {
    if (attack_ && !attacked_ && options_.server_pid > 0)
      baseline_rss_start_kib_ = read_vm_rss_kib(options_.server_pid);
    cpu_start_us_ = options_.server_pid > 0 ? read_cpu_us(options_.server_pid) : -1;
    own_cpu_start_us_ = read_cpu_us(static_cast<int>(getpid()));
    stats_.measuring = true;
    measure_start_ = Clock::now();
    after(options_.duration_s, [this] {
      stats_.measuring = false;
      measured_seconds_ = std::chrono::duration<double>(Clock::now() - measure_start_).count();
      cpu_end_us_ = options_.server_pid > 0 ? read_cpu_us(options_.server_pid) : -1;
      own_cpu_end_us_ = read_cpu_us(static_cast<int>(getpid()));
      if (attack_ && !attacked_) {
        baseline_ = Window{rate(), stats_.latency.percentiles()};
        stats_.latency = LatencyRecorder{};
        stats_.ops = 0;
        attacked_ = true;
        if (options_.server_pid > 0) baseline_rss_end_kib_ = read_vm_rss_kib(options_.server_pid);
        attack_->start();
        return measure();
      }
      if (attack_) attack_->stop();
      stats_.stopping = true;
      drain_deadline_ = Clock::now() + std::chrono::seconds(10);
      drain();
    });
  }

  double rate() const { return measured_seconds_ > 0 ? static_cast<double>(stats_.ops) / measured_seconds_ : 0; }

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
    const bool game = options_.target != Target::kEcho;
    const auto p = stats_.latency.percentiles();
    const double rate = this->rate();
    const char* target = options_.target == Target::kBrethren   ? "brethren"
                         : options_.target == Target::kColyseus ? "colyseus"
                                                                : "echo";
    std::printf("target %s, mode %s, %zu connections (%zu open), %s\n", target, to_string(options_.mode),
                connections_.size(), opened_,
                options_.target == Target::kColyseus ? "msgpack"
                : options_.json                      ? "json"
                                                     : "binary");
    if (options_.fanout > 1)
      std::printf("fan-out: groups of %d, each frame relayed to all %d\n", options_.fanout, options_.fanout);
    if (options_.mode != Mode::kIdle) {
      std::printf("%s/s: %.0f  (%llu in %.2f s)\n", game ? "moves" : "round trips", rate,
                  static_cast<unsigned long long>(stats_.ops), measured_seconds_);
      std::printf("round trip us: p50 %.0f  p90 %.0f  p99 %.0f  max %.0f\n", p.p50, p.p90, p.p99, p.max);
    }
    if (game) std::printf("games completed: %llu\n", static_cast<unsigned long long>(stats_.games));
    std::printf("errors: %llu, inconsistent results: %llu\n", static_cast<unsigned long long>(stats_.errors),
                static_cast<unsigned long long>(stats_.inconsistent));
    // --server-pid: the server's CPU time (user + system) over the measured window per move (or round trip).
    const double cpu_per_op = cpu_start_us_ >= 0 && cpu_end_us_ >= 0 && stats_.ops > 0
                                  ? static_cast<double>(cpu_end_us_ - cpu_start_us_) / static_cast<double>(stats_.ops)
                                  : -1;
    if (cpu_per_op >= 0) std::printf("server CPU per %s: %.1f us\n", game ? "move" : "round trip", cpu_per_op);
    // This process's own share of a core over the window: near 100, the load generator is the limit.
    const double own_cpu_pct = own_cpu_start_us_ >= 0 && own_cpu_end_us_ >= 0 && measured_seconds_ > 0
                                   ? static_cast<double>(own_cpu_end_us_ - own_cpu_start_us_) / 1e4 / measured_seconds_
                                   : -1;
    // One line for scripts (fields are only ever added at the end).
    std::printf(
        "summary: rate=%.1f p50_us=%.0f p90_us=%.0f p99_us=%.0f max_us=%.0f games=%llu errors=%llu inconsistent=%llu "
        "open=%zu open_s=%.2f server_cpu_us_per_op=%.1f client_cpu_pct=%.0f%s\n",
        rate, p.p50, p.p90, p.p99, p.max, static_cast<unsigned long long>(stats_.games),
        static_cast<unsigned long long>(stats_.errors), static_cast<unsigned long long>(stats_.inconsistent), opened_,
        open_seconds_, cpu_per_op, own_cpu_pct, workload_->summary_fields().c_str());
    if (attack_) report_attack(p);
    std::fflush(stdout);
    const std::size_t open = workload_->opens_connections() ? idle_open_ : opened_;
    const bool idle_ok = options_.mode == Mode::kIdle ? open == connections_.size() : stats_.ops > 0;
    return stats_.errors == 0 && stats_.inconsistent == 0 && idle_ok ? 0 : 1;
  }

  // The baseline next to the attacked window (the one in the lines above), and what the attack did.
  void report_attack(const Percentiles& p) {
    const auto& b = baseline_;
    const auto ratio = [](double with, double without) { return without > 0 ? with / without : 0.0; };
    const auto& a = attack_->stats();
    const long rss_growth = attack_->rss_start_kib() >= 0 ? attack_->rss_peak_kib() - attack_->rss_start_kib() : -1;
    std::printf("without attack: moves/s %.0f, round trip us: p50 %.0f  p99 %.0f  max %.0f\n", b.rate, b.p.p50, b.p.p99,
                b.p.max);
    std::printf("with %zu x %s: moves/s %.0f, round trip us: p50 %.0f  p99 %.0f  max %.0f\n", options_.attackers,
                attack_->kinds_string().c_str(), rate(), p.p50, p.p99, p.max);
    std::printf("with / without: moves/s %.3f, p50 %.2f, p99 %.2f, max %.2f\n", ratio(rate(), b.rate),
                ratio(p.p50, b.p.p50), ratio(p.p99, b.p.p99), ratio(p.max, b.p.max));
    const long base_rss_growth = baseline_rss_start_kib_ >= 0 && baseline_rss_end_kib_ >= 0
                                     ? baseline_rss_end_kib_ - baseline_rss_start_kib_
                                     : -1;
    std::printf("attackers: %llu connections, %llu closed by the server, %.1f MiB sent\n",
                static_cast<unsigned long long>(a.connections), static_cast<unsigned long long>(a.closed_by_server),
                static_cast<double>(a.bytes_sent) / (1024.0 * 1024.0));
    if (rss_growth >= 0) {
      std::printf(
          "server RSS growth: %ld KiB under attack (peak VmRSS - VmRSS at its start), %ld KiB in the window without\n",
          rss_growth, base_rss_growth);
    }
    // One line for scripts.
    std::printf(
        "attack: kinds=%s attackers=%zu base_rate=%.1f base_p50_us=%.0f base_p99_us=%.0f base_max_us=%.0f "
        "rate=%.1f p50_us=%.0f p99_us=%.0f max_us=%.0f rate_ratio=%.3f p50_ratio=%.2f p99_ratio=%.2f max_ratio=%.2f "
        "attacker_connections=%llu closed=%llu rss_growth_kib=%ld base_rss_growth_kib=%ld\n",
        attack_->kinds_string().c_str(), options_.attackers, b.rate, b.p.p50, b.p.p99, b.p.max, rate(), p.p50, p.p99,
        p.max, ratio(rate(), b.rate), ratio(p.p50, b.p.p50), ratio(p.p99, b.p.p99), ratio(p.max, b.p.max),
        static_cast<unsigned long long>(a.connections), static_cast<unsigned long long>(a.closed_by_server), rss_growth,
        base_rss_growth);
  }

  struct Window {
    double rate = 0;
    Percentiles p;
  };

  asio::io_context& io_;
  const LoadOptions& options_;
  asio::ip::tcp::endpoint server_;
  std::vector<std::unique_ptr<Connection>> connections_;
  LoadStats stats_;
  std::unique_ptr<Workload> workload_;
  std::unique_ptr<Attack> attack_;
  Window baseline_;
  long baseline_rss_start_kib_ = -1, baseline_rss_end_kib_ = -1;  // server VmRSS over the window without attack
  long long cpu_start_us_ = -1, cpu_end_us_ = -1;                 // server CPU time over the (last) measured window
  long long own_cpu_start_us_ = -1, own_cpu_end_us_ = -1;         // this process's, over the same window
  bool attacked_ = false;
  asio::steady_timer timer_;
  std::size_t next_ = 0, opened_ = 0, settled_ = 0;
  std::size_t idle_open_ = 0;  // idle mode, when the workload opens the connections: how many joined
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
