// Scheduled online backups of the server's database (--backup-dir,
// --backup-interval, --backup-keep): a thread of its own that copies the
// database through its own read-only connection (persistence/backup.h), so
// neither the network threads nor the store's writer wait for it. Each
// backup's time, duration, size and any failure go to the metrics.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "persistence/backup.h"
#include "server/backup/backup_folder.h"
#include "server/base/metrics.h"

namespace brethren::server {

struct BackupSchedule {
  std::string db;   // the live database
  std::string dir;  // where the backups go
  double interval_s = 0;
  int keep = 24;
  persistence::BackupOptions options;
};

class BackupScheduler {
 public:
  // Starts the thread; the first backup comes one interval after start.
  BackupScheduler(BackupSchedule schedule, Metrics& metrics);
  // Stops the thread; a backup in progress finishes first.
  ~BackupScheduler();
  BackupScheduler(const BackupScheduler&) = delete;
  BackupScheduler& operator=(const BackupScheduler&) = delete;

  // Takes one backup now on the caller's thread (one at a time with the
  // scheduled ones); its path, or nullopt when it failed (logged, counted).
  std::optional<std::string> backup_now();

 private:
  void loop();

  BackupSchedule schedule_;
  BackupFolder folder_;
  Metrics& metrics_;
  std::mutex backing_up_;  // one backup at a time
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace brethren::server
