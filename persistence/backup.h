// Online backups of a live database: a consistent copy taken while another
// connection (the store's writer thread, or another process) keeps
// committing. The database runs in WAL mode, where a reader never blocks the
// writer: the copy reads one snapshot through its own read-only connection,
// so every commit that finished before the backup started is in it, and no
// commit waits for it (the WAL only grows until the copy has ended, because
// checkpoints cannot pass a snapshot still being read).
//
// The copy goes to `<target>.tmp`, is checked (PRAGMA quick_check), synced
// and renamed over `target`: a target that exists is always a whole backup.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

namespace brethren::persistence {

enum class BackupMethod {
  // sqlite3_backup_step: the pages as they are, a few at a time.
  kPages,
  // VACUUM INTO: a compacted copy (no free pages, rebuilt indexes), one statement.
  kVacuumInto,
};

struct BackupOptions {
  BackupMethod method = BackupMethod::kPages;
  // kPages: pages copied per step, and the pause after each step, which
  // leaves the disk and the CPU to the server between steps.
  int pages_per_step = 1024;
  std::chrono::microseconds pause_between_steps{0};
  // kPages: called after each step but the last, with the pages left and
  // the total (tests use it to commit while the snapshot is held).
  std::function<void(int remaining, int total)> after_step;
};

struct BackupResult {
  std::uint64_t bytes = 0;  // the backup file's size
  double seconds = 0;       // from the snapshot's start to the rename
};

// Copies the database at `source_path` to `target_path` (replaced if it
// exists). Throws SqliteError or std::runtime_error; a failure before the
// rename leaves `target_path` as it was (only the folder's fsync comes after).
BackupResult backup_database(const std::string& source_path, const std::string& target_path,
                             const BackupOptions& options = {});

}  // namespace brethren::persistence
