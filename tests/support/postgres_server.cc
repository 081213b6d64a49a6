#include "tests/support/postgres_server.h"

#include "persistence/postgres/account_store.h"

#include <fcntl.h>
#include <grp.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

namespace brethren::testing {
namespace {

namespace fs = std::filesystem;

constexpr const char* kUser = "brethren";

bool has_server(const std::string& dir) {
  return ::access((dir + "/postgres").c_str(), X_OK) == 0 && ::access((dir + "/initdb").c_str(), X_OK) == 0;
}

std::string bin_dir() {
  if (const char* dir = std::getenv("BRETHREN_PG_BINDIR"); dir && *dir) return has_server(dir) ? dir : "";
  // Debian keeps the server's binaries out of PATH, per major version.
  std::vector<std::pair<int, std::string>> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", ec)) {
    const auto bin = entry.path() / "bin";
    if (has_server(bin.string())) {
      found.emplace_back(std::atoi(entry.path().filename().c_str()), bin.string());
    }
  }
  if (!found.empty()) return std::max_element(found.begin(), found.end())->second;
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (has_server(dir)) return dir;
  }
  return "";
}

// The account the server runs as: the `postgres` user when we are root.
const passwd* server_user() { return ::geteuid() == 0 ? ::getpwnam("postgres") : nullptr; }

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream out;
  out << in.rdbuf();
  return out.str();
}

// Forks, drops to `user` (if any), sends output to `log`, runs `args`.
pid_t spawn(const std::vector<std::string>& args, const passwd* user, const std::string& log, bool die_with_parent) {
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid > 0) return pid;
  const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd >= 0) {
    ::dup2(fd, STDOUT_FILENO);
    ::dup2(fd, STDERR_FILENO);
  }
  if (user) {
    if (::initgroups(user->pw_name, user->pw_gid) != 0 || ::setgid(user->pw_gid) != 0 || ::setuid(user->pw_uid) != 0) {
      _exit(126);
    }
  }
  // After the change of user, which clears it: a test that dies takes its server along.
  if (die_with_parent) ::prctl(PR_SET_PDEATHSIG, SIGQUIT);
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  ::execv(argv[0], argv.data());
  _exit(127);
}

}  // namespace

std::string PostgresServer::missing() {
  if (bin_dir().empty()) return "the PostgreSQL server binaries (initdb, postgres; apt-get install postgresql)";
  if (::geteuid() == 0 && !server_user()) return "a `postgres` user to run PostgreSQL as (the tests run as root)";
  return "";
}

PostgresServer::PostgresServer() {
  const std::string bin = bin_dir();
  if (bin.empty()) throw std::runtime_error("no PostgreSQL binaries: " + missing());
  std::string tmpl = (fs::temp_directory_path() / "brethren-pg-XXXXXX").string();
  if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
  dir_ = tmpl;
  log_path_ = dir_ + "/postgres.log";
  const passwd* user = server_user();
  if (user && ::chown(dir_.c_str(), user->pw_uid, user->pw_gid) != 0) throw std::runtime_error("chown failed");
  {
    // The log is the test's (root's) file, opened by the child before it drops.
    std::ofstream(log_path_).flush();
    if (user && ::chown(log_path_.c_str(), user->pw_uid, user->pw_gid) != 0) throw std::runtime_error("chown failed");
  }
  const std::string data = dir_ + "/data";
  const pid_t initdb = spawn({bin + "/initdb", "-D", data, "-U", kUser, "--auth=trust", "--encoding=UTF8", "--locale=C",
                              "--no-sync", "--no-instructions"},
                             user, log_path_, false);
  int status = 0;
  ::waitpid(initdb, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    const std::string log = read_file(log_path_);
    fs::remove_all(dir_);
    throw std::runtime_error("initdb failed:\n" + log);
  }
  start();
}

void PostgresServer::start() {
  if (pid_ > 0) return;
  // Only a unix socket in our own folder: no port to find or collide on.
  pid_ = spawn({bin_dir() + "/postgres", "-D", dir_ + "/data", "-k", dir_, "-c", "listen_addresses=", "-c", "fsync=off",
                "-c", "full_page_writes=off", "-c", "max_connections=40", "-c", "shared_buffers=16MB"},
               server_user(), log_path_, true);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  const std::string info = conninfo();
  int status = 0;
  while (PQping(info.c_str()) != PQPING_OK) {
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      const std::string log = read_file(log_path_);
      stop();
      throw std::runtime_error("postgres exited at start:\n" + log);
    }
    if (std::chrono::steady_clock::now() > deadline) {
      const std::string log = read_file(log_path_);
      stop();
      throw std::runtime_error("postgres did not accept connections within 60 s:\n" + log);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

PostgresServer::~PostgresServer() { stop(); }

void PostgresServer::stop() {
  shut_down();
  if (!dir_.empty()) {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
    dir_.clear();
  }
}

void PostgresServer::freeze() {
  if (pid_ <= 0 || !frozen_.empty()) return;
  // The postmaster first, so that it forks no more; then its children (each
  // backend makes itself a process group of its own, so one signal to a
  // group would not reach them).
  if (::kill(pid_, SIGSTOP) == 0) frozen_.push_back(pid_);
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces.
    const std::string stat = read_file(entry.path().string() + "/stat");
    const auto close = stat.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(stat.substr(close + 1));
    std::string state;
    pid_t parent = 0;
    rest >> state >> parent;
    const pid_t child = static_cast<pid_t>(std::stol(name));
    if (parent == pid_ && ::kill(child, SIGSTOP) == 0) frozen_.push_back(child);
  }
}

void PostgresServer::thaw() {
  for (const pid_t pid : frozen_) ::kill(pid, SIGCONT);
  frozen_.clear();
}

void PostgresServer::shut_down() {
  thaw();  // a stopped process handles no signal but SIGKILL
  if (pid_ > 0) {
    // Fast shutdown (SIGINT), then immediate (SIGQUIT), then SIGKILL.
    const int signals[] = {SIGINT, SIGQUIT, SIGKILL};
    for (const int sig : signals) {
      ::kill(pid_, sig);
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(sig == SIGKILL ? 60 : 20);
      int status = 0;
      while (std::chrono::steady_clock::now() < deadline) {
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
          pid_ = -1;
          break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      if (pid_ < 0) break;
    }
  }
}

std::string PostgresServer::conninfo(const std::string& database) const {
  return "host=" + dir_ + " port=5432 user=" + kUser + " dbname=" + database + " connect_timeout=30";
}

std::string PostgresServer::create_database(const std::string& name) {
  PGconn* conn = PQconnectdb(conninfo().c_str());
  // A test's own fixed name ([a-z0-9_]), quoted as an identifier all the same.
  char* quoted = PQescapeIdentifier(conn, name.c_str(), name.size());
  const std::string sql = std::string("CREATE DATABASE ") + (quoted ? quoted : "\"\"");
  if (quoted) PQfreemem(quoted);
  PGresult* result = PQexec(conn, sql.c_str());
  const bool ok = PQresultStatus(result) == PGRES_COMMAND_OK;
  const std::string error = PQerrorMessage(conn);
  PQclear(result);
  PQfinish(conn);
  if (!ok) throw std::runtime_error("CREATE DATABASE failed: " + error);
  return conninfo(name);
}

void skip_unless_postgres() {
  const std::string why = PostgresServer::missing();
  if (why.empty()) return;
  std::cout << "SKIPPED: the PostgreSQL tests need " << why << " (tools/setup.sh installs it)" << std::endl;
  std::exit(77);
}

void add_guest_account(persistence::postgres::AccountStore& accounts, std::int64_t id) {
  persistence::AccountRecord a;
  a.id = id;
  a.display_name = "Guest";
  a.created_at = id;
  persistence::SessionRecord s;
  const std::string digits = std::to_string(id);
  s.token_hash = std::string(64 - digits.size(), '0') + digits;
  s.account_id = id;
  accounts.create(a, s);
}

}  // namespace brethren::testing
