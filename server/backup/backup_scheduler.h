// Online backups of the server's database (--backup-dir, --backup-interval,
// --backup-keep; docs/operations.md#backups): on a schedule and on request
// (POST /admin/backup). A thread of its own copies the database through its
// own read-only connection (persistence/backup.h), so neither the network
// threads nor the store's writer wait for it. Each backup's time, duration,
// size and any failure go to the metrics.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "persistence/backup.h"
#include "server/backup/backup_folder.h"
#include "server/base/metrics.h"

namespace brethren::server {

struct BackupSchedule {
  std::string db;         // the live database
  std::string dir;        // where the backups go
  double interval_s = 0;  // 0: on request only
  int keep = 24;
  persistence::BackupOptions options;
};

// One backup taken, or why not.
struct BackupOutcome {
  bool ok = false;
  std::string path;  // the backup's file
  std::uint64_t bytes = 0;
  double seconds = 0;
  std::string error;  // when !ok
};

class BackupScheduler {
 public:
  // Starts the thread; the first scheduled backup comes one interval after start.
  BackupScheduler(BackupSchedule schedule, Metrics& metrics);
  // Stops the thread; a backup in progress finishes first, and a request
  // not yet started is dropped (its callback destroyed, never called).
  ~BackupScheduler();
  BackupScheduler(const BackupScheduler&) = delete;
  BackupScheduler& operator=(const BackupScheduler&) = delete;

  // Takes one backup now on the caller's thread (one at a time with the
  // scheduled ones).
  BackupOutcome backup_now();
  // Asks for one backup now, taken on the backups' thread, which then
  // calls `done` with it. False (and `done` dropped) while a backup runs
  // or another request waits: one at a time.
  bool request(std::function<void(BackupOutcome)> done);

 private:
  void loop();

  BackupSchedule schedule_;
  BackupFolder folder_;
  Metrics& metrics_;
  std::mutex backing_up_;  // one backup at a time
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool running_ = false;                          // a backup is being taken (under mutex_)
  std::function<void(BackupOutcome)> requested_;  // a request not yet started (under mutex_)
  std::thread thread_;
};

}  // namespace brethren::server
