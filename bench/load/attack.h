// Hostile connections for brethren-load --attack: K of each kind run next to
// the honest players while a second measured window runs, so that the
// figures say what an attack costs the other rooms (docs/security.md).
//
//   ping-flood         WebSocket pings as fast as the socket takes them, pongs never read
//   list-rooms-unread  20 public rooms created (once), then listRooms requests, answers never read
//   garbage-frames     16 KiB binary frames of random bytes, answers never read
//   slow-http          an HTTP request header sent one byte a second, never finished
//
// The attackers run on their own thread and io_context, so that their
// writes never queue in front of the honest players' on the load
// generator's thread. Traffic goes only to the loopback target. An attacker the server closes
// comes back 100 ms later, so K stay hostile for the whole window; each such
// end counts in closed_by_server.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace brethren::bench {

enum class AttackKind { kPingFlood, kListRoomsUnread, kGarbageFrames, kSlowHttp };

std::optional<AttackKind> parse_attack_kind(std::string_view name);
const char* to_string(AttackKind kind);
// "a,b,c" or "all"; nullopt if any name is unknown.
std::optional<std::vector<AttackKind>> parse_attack_list(std::string_view list);

struct AttackStats {
  std::uint64_t connections = 0;       // opened (first ones and comebacks)
  std::uint64_t closed_by_server = 0;  // ended by the server (a close, reset or refused connect)
  std::uint64_t bytes_sent = 0;
};

class Attack {
 public:
  // server_pid > 0: samples the server's VmRSS every 100 ms while attacking.
  Attack(const boost::asio::ip::tcp::endpoint& server, std::vector<AttackKind> kinds, std::size_t per_kind,
         int server_pid);
  ~Attack();
  // Starts the attack thread; stop() ends every attacker and joins it.
  void start();
  void stop();

  // Read after stop().
  const AttackStats& stats() const { return stats_; }
  // Server VmRSS in KiB when the attack started and its peak while it ran; -1 without a pid.
  long rss_start_kib() const { return rss_start_kib_; }
  long rss_peak_kib() const { return rss_peak_kib_; }
  std::string kinds_string() const;

  class Attacker;

 private:
  void sample_rss();

  boost::asio::io_context io_{1};
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  std::thread thread_;
  std::vector<AttackKind> kinds_;
  int server_pid_;
  AttackStats stats_;
  std::vector<std::unique_ptr<Attacker>> attackers_;
  boost::asio::steady_timer rss_timer_;
  long rss_start_kib_ = -1, rss_peak_kib_ = -1;
  bool running_ = false;
};

// The server's VmRSS in KiB from /proc/<pid>/status; -1 if unreadable.
long read_vm_rss_kib(int pid);
// The process's CPU time so far (utime + stime), in microseconds; -1 if unreadable.
long long read_cpu_us(int pid);

}  // namespace brethren::bench
