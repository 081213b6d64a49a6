#include "persistence/backup.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <thread>

#include "persistence/sqlite.h"

namespace brethren::persistence {
namespace {

namespace fs = std::filesystem;

std::string errno_text(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}

// Data and directory entries on disk before the rename is trusted.
void fsync_path(const std::string& path, bool directory) {
  const int fd = ::open(path.c_str(), (directory ? O_DIRECTORY : 0) | O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error(errno_text("cannot open", path));
  const int rc = ::fsync(fd);
  const int saved = errno;
  ::close(fd);
  errno = saved;
  if (rc != 0) throw std::runtime_error(errno_text("cannot fsync", path));
}

void remove_leftovers(const std::string& tmp) {
  std::error_code ignored;
  for (const char* suffix : {"", "-journal", "-wal", "-shm"}) fs::remove(tmp + suffix, ignored);
}

void copy_pages(Connection& source, const std::string& tmp, const BackupOptions& options) {
  Connection target(tmp);
  // The temporary file is thrown away on any failure and synced by hand
  // before the rename: no journal, no syncs of its own.
  target.exec("PRAGMA journal_mode = OFF");
  target.exec("PRAGMA synchronous = OFF");
  // Finished on every path, an exception from after_step included.
  std::unique_ptr<sqlite3_backup, int (*)(sqlite3_backup*)> handle(
      sqlite3_backup_init(target.handle(), "main", source.handle(), "main"), &sqlite3_backup_finish);
  if (!handle) throw SqliteError(std::string("backup: ") + sqlite3_errmsg(target.handle()));
  sqlite3_backup* backup = handle.get();
  const int pages = options.pages_per_step > 0 ? options.pages_per_step : -1;
  int rc = SQLITE_OK;
  int busy_retries = 0;
  for (;;) {
    rc = sqlite3_backup_step(backup, pages);
    if (rc == SQLITE_DONE) break;
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
      // Cannot happen while the snapshot is held, but never spin forever.
      if (++busy_retries > 1000) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      continue;
    }
    if (rc != SQLITE_OK) break;
    if (options.after_step) options.after_step(sqlite3_backup_remaining(backup), sqlite3_backup_pagecount(backup));
    if (options.pause_between_steps.count() > 0) std::this_thread::sleep_for(options.pause_between_steps);
  }
  handle.reset();
  if (rc != SQLITE_DONE) {
    throw SqliteError(std::string("backup: ") + sqlite3_errstr(rc) + " (" + sqlite3_errmsg(target.handle()) + ")");
  }
}

void vacuum_into(Connection& source, const std::string& tmp) {
  auto st = source.prepare("VACUUM INTO ?1");
  st.bind(1, std::string_view(tmp));
  st.run();
}

// The copy keeps the source's WAL mode in its header; it becomes a
// rollback-journal file, complete on its own (no -wal or -shm beside it, so
// read-only tools open it as it is). A server opening it turns WAL back on.
void finish_copy(const std::string& tmp) {
  Connection copy(tmp);
  copy.exec("PRAGMA journal_mode = DELETE");
  auto st = copy.prepare("PRAGMA quick_check");
  if (!st.step() || st.column_text(0) != "ok") {
    throw SqliteError("backup: the copy fails its check: " + st.column_text(0));
  }
}

}  // namespace

BackupResult backup_database(const std::string& source_path, const std::string& target_path,
                             const BackupOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const std::string tmp = target_path + ".tmp";
  remove_leftovers(tmp);
  try {
    {
      Connection source(source_path, /*read_only=*/true);
      if (options.method == BackupMethod::kVacuumInto) {
        vacuum_into(source, tmp);  // one statement, one snapshot
      } else {
        // One read transaction for the whole copy: its snapshot is the
        // backup, and copying in steps does not restart when the server
        // commits (as it would between steps without it).
        source.exec("BEGIN");
        source.prepare("SELECT COUNT(*) FROM sqlite_schema").step();
        copy_pages(source, tmp, options);
        source.exec("COMMIT");
      }
    }
    finish_copy(tmp);
    fsync_path(tmp, false);
    if (::rename(tmp.c_str(), target_path.c_str()) != 0) throw std::runtime_error(errno_text("cannot rename", tmp));
    const fs::path folder = fs::path(target_path).has_parent_path() ? fs::path(target_path).parent_path() : ".";
    fsync_path(folder.string(), true);
    remove_leftovers(tmp);  // nothing is left of the temporary name
  } catch (...) {
    remove_leftovers(tmp);
    throw;
  }
  BackupResult result;
  result.bytes = fs::file_size(target_path);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return result;
}

}  // namespace brethren::persistence
