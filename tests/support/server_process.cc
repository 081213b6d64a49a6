#include "tests/support/server_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#ifndef BRETHREN_SERVER_BINARY
#error "BRETHREN_SERVER_BINARY must name the brethren-server executable"
#endif

namespace brethren::testing {

// BRETHREN_TEST_SERVER_BINARY runs the tests against another build, e.g.
// an older one, to see a test fail before its fix.
std::string server_binary() {
  const char* other = std::getenv("BRETHREN_TEST_SERVER_BINARY");
  return other && *other ? other : BRETHREN_SERVER_BINARY;
}

TempDir::TempDir() {
  std::string tmpl = (std::filesystem::temp_directory_path() / "brethren-test-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
  path_ = tmpl;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

ServerProcess::ServerProcess(const std::string& db_path, std::vector<std::string> extra_args,
                             std::vector<std::string> command_prefix) {
  log_path_ = db_path + ".server.log";
  int out_pipe[2];
  if (pipe(out_pipe) != 0) throw std::runtime_error("pipe failed");
  std::vector<std::string> args = {server_binary(), "--bind", "127.0.0.1",   "--db", db_path,
                                   "--threads",     "2",      "--log-level", "info"};
  // A fixed port (a restarted cluster node behind a proxy) or any free one.
  if (std::find(extra_args.begin(), extra_args.end(), "--port") == extra_args.end()) {
    args.insert(args.end(), {"--port", "0"});
  }
  // Test clients play as fast as the server answers, far over the protocol's
  // 30 messages/s; tests of the limit itself pass their own --rate-* flags.
  if (std::find(extra_args.begin(), extra_args.end(), "--rate-limit") == extra_args.end()) {
    args.insert(args.end(), {"--rate-limit", "100000", "--rate-burst", "100000"});
  }
  // SIGTERM stops at once, as the tests that restart a server with live
  // matches expect; the drain tests pass their own --drain-grace.
  if (std::find(extra_args.begin(), extra_args.end(), "--drain-grace") == extra_args.end()) {
    args.insert(args.end(), {"--drain-grace", "0"});
  }
  // The bots' idle scheduling class (the default --bot-nice 19) gets next
  // to no CPU behind CI's parallel jobs (browsers, sanitizer builds), so a
  // whole match of search bots could take minutes; 10 keeps them a share.
  // Scheduling only: what the bots do is the same.
  if (std::find(extra_args.begin(), extra_args.end(), "--bot-nice") == extra_args.end()) {
    args.insert(args.end(), {"--bot-nice", "10"});
  }
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  args.insert(args.begin(), command_prefix.begin(), command_prefix.end());
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(out_pipe[1], STDOUT_FILENO);
    const int log_fd = open(log_path_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (log_fd >= 0) dup2(log_fd, STDERR_FILENO);
    close(out_pipe[0]);
    close(out_pipe[1]);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  close(out_pipe[1]);
  // The server prints "listening on ws://ADDR:PORT/ws" once it accepts.
  std::string line;
  char ch;
  while (read(out_pipe[0], &ch, 1) == 1) {
    if (ch == '\n') {
      const auto colon = line.rfind(':');
      const auto slash = line.rfind("/ws");
      if (line.rfind("listening on ", 0) == 0 && colon != std::string::npos && slash != std::string::npos) {
        port_ = static_cast<std::uint16_t>(std::stoi(line.substr(colon + 1, slash - colon - 1)));
        break;
      }
      line.clear();
    } else {
      line += ch;
    }
  }
  close(out_pipe[0]);
  if (port_ == 0) {
    stop(SIGKILL);
    throw std::runtime_error("brethren-server did not start; log:\n" + log());
  }
}

ServerProcess::~ServerProcess() {
  if (pid_ > 0) stop(SIGKILL);
}

int ServerProcess::stop(int signal, int timeout_ms) {
  if (pid_ <= 0) return -1;
  kill(pid_, signal);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  int status = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    const pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      pid_ = -1;
      return status;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill(pid_, SIGKILL);
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return -1;
}

std::optional<int> ServerProcess::exit_status() {
  if (pid_ <= 0) return std::nullopt;
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) != pid_) return std::nullopt;
  pid_ = -1;
  return status;
}

std::string ServerProcess::log() const {
  std::ifstream in(log_path_);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace brethren::testing
