// Start-up errors in words (issue #13, item 16): a database path that is a
// directory, or on a read-only file system, ends the server at once with
// one clear line and a non-zero exit code.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <vector>
#include <string>

#include "tests/support/server_process.h"

using namespace brethren::testing;

namespace {

struct Outcome {
  int exit_code = -1;
  std::string output;
};

// Runs a shell command (stderr with stdout), with a time limit so that a
// server that starts after all cannot hang the test.
Outcome run(const std::string& command) {
  Outcome out;
  FILE* pipe = ::popen(("timeout 20 " + command + " 2>&1").c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::array<char, 4096> chunk{};
  while (std::fgets(chunk.data(), chunk.size(), pipe)) out.output += chunk.data();
  const int status = ::pclose(pipe);
  out.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

std::string server_command(const std::string& db) {
  return server_binary() + " --bind 127.0.0.1 --port 0 --threads 1 --db '" + db + "'";
}

std::size_t lines_with(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("Start-up errors: --db naming a directory says so in one line and exits non-zero") {
  TempDir dir;
  const auto outcome = run(server_command(dir.path()));
  INFO(outcome.output);
  REQUIRE(outcome.exit_code != 0);
  REQUIRE(outcome.exit_code != 124);  // not the time limit: it did not start
  REQUIRE(outcome.output.find("cannot open database " + dir.path() + ": it is a directory") != std::string::npos);
  REQUIRE(lines_with(outcome.output, "cannot open database") == 1);
}

TEST_CASE("Start-up errors: a database on a read-only file system says so in one line and exits non-zero") {
  TempDir dir;
  // Root ignores permission bits, so a 0555 folder proves nothing in a test
  // run as root; a read-only mount binds everyone. A private mount namespace
  // (unshare -m) mounts a read-only tmpfs that only this command sees.
  const bool can_mount =
      std::system("unshare -m true >/dev/null 2>&1") == 0 &&
      std::system(("unshare -m mount -t tmpfs -o ro tmpfs '" + dir.path() + "' >/dev/null 2>&1").c_str()) == 0;
  if (can_mount) {
    for (const std::string& db :
         std::vector<std::string>{dir.path() + "/brethren.db", dir.path() + "/data/brethren.db"}) {
      INFO(db);
      const auto outcome = run("unshare -m sh -c \"mount -t tmpfs -o ro tmpfs '" + dir.path() + "' && exec " +
                               server_command(db) + "\"");
      INFO(outcome.output);
      REQUIRE(outcome.exit_code != 0);
      REQUIRE(outcome.exit_code != 124);
      REQUIRE(outcome.output.find("cannot open database " + db + ": read-only file system") != std::string::npos);
      REQUIRE(lines_with(outcome.output, "cannot open database") == 1);
    }
  } else {
    // No mount namespaces here: a folder the server may not write, as an
    // unprivileged user (setpriv drops root when the test has it).
    const std::string ro = dir.path() + "/ro";
    std::filesystem::create_directory(ro);
    ::chmod(dir.path().c_str(), 0755);
    ::chmod(ro.c_str(), 0555);
    const std::string prefix = ::geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
    const auto outcome = run(prefix + server_command(ro + "/brethren.db"));
    INFO(outcome.output);
    REQUIRE(outcome.exit_code != 0);
    REQUIRE(outcome.exit_code != 124);
    REQUIRE(outcome.output.find("cannot open database " + ro + "/brethren.db: permission denied") != std::string::npos);
  }
}
