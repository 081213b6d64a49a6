// A throwaway PostgreSQL for one test: initdb into a temporary folder, the
// server on a unix socket inside it (no TCP port), fsync off; removed with
// the object. Run as the `postgres` user when the test runs as root
// (PostgreSQL refuses root). Tests call skip_unless_postgres() first, which
// reports the test as skipped (exit 77) where the binaries are missing.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace brethren::persistence::postgres {
class AccountStore;
}

namespace brethren::testing {

// A guest account with one session in the shared store: `id` is also its
// creation time and the end of its session's hash.
void add_guest_account(persistence::postgres::AccountStore& accounts, std::int64_t id);

class PostgresServer {
 public:
  // Why no server can be started here ("" when one can): missing binaries,
  // or root without a `postgres` user. BRETHREN_PG_BINDIR names the
  // binaries' folder; else the newest /usr/lib/postgresql/<n>/bin, else PATH.
  static std::string missing();

  // Starts it and waits until it accepts connections (throws with its log
  // when it does not within a minute).
  PostgresServer();
  ~PostgresServer();
  PostgresServer(const PostgresServer&) = delete;
  PostgresServer& operator=(const PostgresServer&) = delete;

  // libpq's connection string for `database` (the superuser `brethren`, trusted).
  std::string conninfo(const std::string& database = "postgres") const;
  // A new, empty database; returns its connection string.
  std::string create_database(const std::string& name);
  const std::string& log_path() const { return log_path_; }

  // Stops the server (fast shutdown: its sessions are ended, its clients'
  // connections closed) and waits until it has exited; the data stays.
  // start() runs it again on the same data and socket, and returns once it
  // accepts connections. For tests of a PostgreSQL that goes away.
  void shut_down();
  void start();

  // Stops every process of the server (SIGSTOP to the postmaster and its
  // children) until thaw(): connections stay open and nothing answers, as
  // from a server that hangs. For tests of requests that wait on it.
  void freeze();
  void thaw();

 private:
  void stop();  // the server and its folder

  std::string dir_;
  std::string log_path_;
  pid_t pid_ = -1;
  std::vector<pid_t> frozen_;  // stopped by freeze()
};

// Prints "SKIPPED: ..." and exits with 77 (CTest's SKIP_RETURN_CODE in
// tests/CMakeLists.txt) when no PostgreSQL can run here: never a pass.
void skip_unless_postgres();

}  // namespace brethren::testing
