#include "tests/cluster/cluster_support.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "tests/support/raw_http.h"

#ifndef BRETHREN_SOURCE_DIR
#error "BRETHREN_SOURCE_DIR must name the source tree (for docker/cluster/haproxy.cfg)"
#endif

namespace brethren::testing {

namespace {

constexpr const char* kHaproxy = "/usr/sbin/haproxy";

}  // namespace

std::string find_in_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  dirs += ":/usr/sbin:/sbin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const auto end = dirs.find(':', start);
    const std::string dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!dir.empty() && ::access((dir + "/" + name).c_str(), X_OK) == 0) return dir + "/" + name;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return "";
}

ChildProcess::ChildProcess(std::vector<std::string> args, std::map<std::string, std::string> env,
                           const std::string& log_path) {
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    const int log_fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (log_fd >= 0) {
      dup2(log_fd, STDOUT_FILENO);
      dup2(log_fd, STDERR_FILENO);
    }
    for (const auto& [name, value] : env) setenv(name.c_str(), value.c_str(), 1);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
}

ChildProcess::~ChildProcess() {
  if (pid_ > 0) stop(SIGKILL);
}

void ChildProcess::stop(int signal) {
  if (pid_ <= 0) return;
  kill(pid_, signal);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
}

std::uint16_t free_loopback_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    close(fd);
    throw std::runtime_error("no free loopback port");
  }
  close(fd);
  return ntohs(addr.sin_port);
}

bool wait_for_port(std::uint16_t port, std::chrono::milliseconds timeout) {
  return eventually(
      [port] {
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        addr.sin_port = htons(port);
        const bool ok = connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
        close(fd);
        return ok;
      },
      timeout);
}

bool eventually(const std::function<bool()>& ready, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (ready()) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

std::string cluster_tools_missing() {
  std::string missing;
  if (::access(kHaproxy, X_OK) != 0) missing += std::string(kHaproxy) + " ";
  if (find_in_path("redis-server").empty()) missing += "redis-server ";
  return missing;
}

Cluster::Cluster(std::string binary, std::vector<std::string> extra_node_args)
    : binary_(std::move(binary)), extra_node_args_(std::move(extra_node_args)) {
  proxy_port_ = free_loopback_port();
  redis_port_ = free_loopback_port();
  for (auto& port : node_ports_) port = free_loopback_port();
  start_redis();
  for (int node = 0; node < kNodes; ++node) start_node(node);
  std::map<std::string, std::string> env = {
      {"BRETHREN_PROXY_BIND", "127.0.0.1:" + std::to_string(proxy_port_)},
      {"BRETHREN_PROXY_SOURCE", kProxySource},
  };
  for (int node = 0; node < kNodes; ++node) {
    env["BRETHREN_NODE" + std::to_string(node) + "_ADDR"] = "127.0.0.1:" + std::to_string(node_ports_[node]);
  }
  proxy_ = std::make_unique<ChildProcess>(
      std::vector<std::string>{kHaproxy, "-db", "-C", std::string(BRETHREN_SOURCE_DIR) + "/docker/cluster", "-f",
                               "haproxy.cfg"},
      env, dir_.path() + "/haproxy.log");
  if (!wait_for_port(proxy_port_, std::chrono::seconds(10))) throw std::runtime_error("haproxy did not start");
}

Cluster::~Cluster() {
  proxy_.reset();
  for (auto& node : nodes_) node.reset();
  redis_.reset();
}

std::string Cluster::node_db(int node) const { return dir_.path() + "/node" + std::to_string(node) + "/brethren.db"; }

std::string Cluster::node_log(int node) const {
  std::ifstream in(node_db(node) + ".server.log");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void Cluster::start_node(int node) {
  std::filesystem::create_directories(dir_.path() + "/node" + std::to_string(node));
  const std::string token_file = dir_.path() + "/admin-token";
  if (!std::filesystem::exists(token_file)) std::ofstream(token_file) << kAdminToken << "\n";
  char heartbeat[32], grace[32];
  std::snprintf(heartbeat, sizeof heartbeat, "%g", kHeartbeatSeconds);
  std::snprintf(grace, sizeof grace, "%g", kDrainGraceSeconds);
  // ServerProcess runs the binary BRETHREN_TEST_SERVER_BINARY names: set
  // for this start only.
  const char* before = std::getenv("BRETHREN_TEST_SERVER_BINARY");
  const std::optional<std::string> saved = before ? std::optional<std::string>(before) : std::nullopt;
  if (!binary_.empty()) ::setenv("BRETHREN_TEST_SERVER_BINARY", binary_.c_str(), 1);
  struct Restore {
    const std::optional<std::string>& saved;
    ~Restore() {
      if (saved) {
        ::setenv("BRETHREN_TEST_SERVER_BINARY", saved->c_str(), 1);
      } else {
        ::unsetenv("BRETHREN_TEST_SERVER_BINARY");
      }
    }
  } restore{saved};
  std::vector<std::string> args{"--port", std::to_string(node_ports_[node]), "--node-id", std::to_string(node),
                                "--lobby-redis", "127.0.0.1:" + std::to_string(redis_port_), "--lobby-heartbeat",
                                heartbeat, "--proxy-protocol-from", kProxySource, "--admin-token-file", token_file,
                                "--drain-grace", grace,
                                // The tests' rooms all come from 127.0.0.1.
                                "--max-rooms-per-address", "1000", "--rooms-per-address-per-minute", "1000"};
  args.insert(args.end(), extra_node_args_.begin(), extra_node_args_.end());
  nodes_[node] = std::make_unique<ServerProcess>(node_db(node), std::move(args));
}

int Cluster::drain_node(int node, double grace_seconds) {
  char target[64];
  std::snprintf(target, sizeof target, "/admin/drain?grace=%g", grace_seconds);
  return raw_request(node_ports_[node], std::string("POST ") + target +
                                            " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n"
                                            "Authorization: Bearer " +
                                            kAdminToken + "\r\nConnection: close\r\n\r\n")
      .status;
}

std::optional<int> Cluster::node_exit_status(int node) { return nodes_[node]->exit_status(); }

int Cluster::stop_node(int node, int signal) { return nodes_[node]->stop(signal); }

void Cluster::kill_node(int node) { nodes_[node]->stop(SIGKILL); }

void Cluster::start_redis() {
  redis_ = std::make_unique<ChildProcess>(
      std::vector<std::string>{find_in_path("redis-server"), "--bind", "127.0.0.1", "--port",
                               std::to_string(redis_port_), "--save", "", "--appendonly", "no", "--dir", dir_.path()},
      std::map<std::string, std::string>{}, dir_.path() + "/redis.log");
  if (!wait_for_port(redis_port_, std::chrono::seconds(10))) throw std::runtime_error("redis-server did not start");
}

void Cluster::kill_redis() { redis_->stop(SIGKILL); }

}  // namespace brethren::testing
