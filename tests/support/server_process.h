// Starts the real brethren-server binary on an ephemeral loopback port with
// a temporary database, for integration tests and tools.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace brethren::testing {

// A fresh temporary folder, removed with the object.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

class ServerProcess {
 public:
  // Starts the server (port 0 on 127.0.0.1) and waits until it listens.
  // command_prefix runs it through another program that then executes it
  // in its place (the same pid), e.g. {"prlimit", "--nofile=64:64", "--"}.
  ServerProcess(const std::string& db_path, std::vector<std::string> extra_args = {},
                std::vector<std::string> command_prefix = {});
  ~ServerProcess();  // SIGKILL if still running
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  std::uint16_t port() const { return port_; }
  pid_t pid() const { return pid_; }
  // Sends the signal and waits; returns the exit status as from waitpid
  // (use WIFEXITED/WEXITSTATUS) or -1 on timeout.
  int stop(int signal, int timeout_ms = 10000);
  bool running() const { return pid_ > 0; }
  // Without waiting: the exit status once the process has ended by itself
  // (as from waitpid), nullopt while it runs.
  std::optional<int> exit_status();
  // Everything the server wrote to stderr (its log), once stopped.
  std::string log() const;

 private:
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
  std::string log_path_;
};

// The brethren-server binary this build produced (or the one named by
// BRETHREN_TEST_SERVER_BINARY).
std::string server_binary();

}  // namespace brethren::testing
