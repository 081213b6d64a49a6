// A Brethren cluster on loopback for tests: three real brethren-server
// nodes (own databases, fixed ports), Debian's redis-server as the lobby
// store and Debian's HAProxy with docker/cluster/haproxy.cfg in front.
#pragma once

#include <sys/types.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tests/support/server_process.h"

namespace brethren::testing {

// A child process started by fork/exec with extra environment variables.
class ChildProcess {
 public:
  ChildProcess(std::vector<std::string> args, std::map<std::string, std::string> env, const std::string& log_path);
  ~ChildProcess();  // SIGKILL if still running
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  void stop(int signal);
  bool running() const { return pid_ > 0; }

 private:
  pid_t pid_ = -1;
};

// The executable's path as the shell would find it (PATH, then the sbin
// folders), or empty.
std::string find_in_path(const std::string& name);
// A loopback port nobody listens on right now.
std::uint16_t free_loopback_port();
// True once a TCP connection to 127.0.0.1:port succeeds (or false at the deadline).
bool wait_for_port(std::uint16_t port, std::chrono::milliseconds timeout);
// Polls `ready` every 50 ms until it holds or the time runs out.
bool eventually(const std::function<bool()>& ready, std::chrono::milliseconds timeout);
// Why the cluster test cannot run here (missing binaries), or empty.
std::string cluster_tools_missing();

class Cluster {
 public:
  static constexpr int kNodes = 3;
  // The proxy connects from this address, which the nodes trust to send
  // PROXY protocol lines; the test's own direct connections come from
  // 127.0.0.1 like any client.
  static constexpr const char* kProxySource = "127.0.0.3";
  static constexpr double kHeartbeatSeconds = 0.2;

  // `binary`: the server binary of every node (empty: server_binary());
  // `extra_node_args`: added to every node's command line.
  explicit Cluster(std::string binary = {}, std::vector<std::string> extra_node_args = {});
  ~Cluster();

  std::uint16_t proxy_port() const { return proxy_port_; }
  std::uint16_t node_port(int node) const { return node_ports_[node]; }
  // The server binary the next start_node() runs (empty: server_binary()):
  // a rolling upgrade starts each node again with a new build.
  void use_binary(std::string binary) { binary_ = std::move(binary); }
  void start_node(int node);
  void kill_node(int node);  // SIGKILL
  // Drain (docs/operations.md): every node runs with this admin token and
  // --drain-grace kDrainGraceSeconds (restarts as well).
  static constexpr const char* kAdminToken = "cluster-test-admin-token-0123456789";
  static constexpr double kDrainGraceSeconds = 30;
  // POST /admin/drain?grace=SECONDS on the node directly: the HTTP status.
  int drain_node(int node, double grace_seconds);
  // The node's exit status once it has stopped by itself; nullopt while it runs.
  std::optional<int> node_exit_status(int node);
  // Sends `signal` and waits (ServerProcess::stop).
  int stop_node(int node, int signal);
  std::string node_db(int node) const;
  std::string node_log(int node) const;
  void start_redis();
  void kill_redis();  // SIGKILL
  const std::string& folder() const { return dir_.path(); }

 private:
  TempDir dir_;
  std::string binary_;
  std::vector<std::string> extra_node_args_;
  std::uint16_t proxy_port_ = 0, redis_port_ = 0;
  std::array<std::uint16_t, kNodes> node_ports_{};
  std::array<std::unique_ptr<ServerProcess>, kNodes> nodes_;
  std::unique_ptr<ChildProcess> redis_;
  std::unique_ptr<ChildProcess> proxy_;
};

}  // namespace brethren::testing
