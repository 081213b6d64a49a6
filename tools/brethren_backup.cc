// brethren-backup: an online backup of a server's database, on request, from
// another process while the server runs (docs/operations.md#backups). The
// database is in WAL mode: this process reads one snapshot and the server's
// writer never waits for it. Prints one line, "backup PATH BYTES SECONDS".
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <iostream>

#include "persistence/backup.h"
#include "tools/command_line.h"

int main(int argc, char** argv) {
  namespace po = boost::program_options;
  std::string db;
  std::string out;
  std::string method = "pages";
  int pages_per_step = 1024;
  int pause_us = 0;
  int nice = 19;
  po::options_description desc(
      "brethren-backup: copies a live Brethren database (a consistent snapshot) to a file, "
      "while the server keeps playing\n\nOptions");
  // clang-format off
  desc.add_options()
      ("help,h", "this text")
      ("db", po::value(&db)->required(), "the server's database (its --db)")
      ("out", po::value(&out)->required(), "the backup file (replaced when it exists; written beside as OUT.tmp and renamed when whole)")
      ("method", po::value(&method)->default_value(method), "pages: SQLite's online backup, page by page; vacuum: VACUUM INTO, a compacted copy")
      ("pages-per-step", po::value(&pages_per_step)->default_value(pages_per_step), "pages: pages copied per step (the snapshot is held throughout)")
      ("pause-us", po::value(&pause_us)->default_value(pause_us), "pages: microseconds of pause after each step, to leave the disk to the server")
      ("nice", po::value(&nice)->default_value(nice), "nice steps added to this process's priority (0 to 19): the higher, the more the server's threads come first");
  // clang-format on
  po::variables_map vm;
  if (auto code = brethren::tools::parse_command_line(argc, argv, desc, vm, "brethren-backup")) return *code;
  if (method != "pages" && method != "vacuum") {
    std::cerr << "brethren-backup: --method must be pages or vacuum\n";
    return 2;
  }
  if (nice < 0 || nice > 19) {
    std::cerr << "brethren-backup: --nice must be between 0 and 19\n";
    return 2;
  }
  if (nice > 0) {
    errno = 0;
    if (::nice(nice) == -1 && errno != 0) std::cerr << "brethren-backup: could not lower its priority\n";
  }
  brethren::persistence::BackupOptions options;
  options.method = method == "vacuum" ? brethren::persistence::BackupMethod::kVacuumInto
                                      : brethren::persistence::BackupMethod::kPages;
  options.pages_per_step = pages_per_step;
  options.pause_between_steps = std::chrono::microseconds(pause_us);
  try {
    const auto result = brethren::persistence::backup_database(db, out, options);
    std::printf("backup %s %llu %.3f\n", out.c_str(), static_cast<unsigned long long>(result.bytes), result.seconds);
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "brethren-backup: " << e.what() << "\n";
    return 1;
  }
}
