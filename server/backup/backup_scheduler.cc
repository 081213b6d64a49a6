#include "server/backup/backup_scheduler.h"

#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>

namespace brethren::server {

BackupScheduler::BackupScheduler(BackupSchedule schedule, Metrics& metrics)
    : schedule_(std::move(schedule)), folder_(schedule_.dir, schedule_.keep), metrics_(metrics) {
  thread_ = std::thread([this] { loop(); });
}

BackupScheduler::~BackupScheduler() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

BackupOutcome BackupScheduler::backup_now() {
  std::lock_guard one_at_a_time(backing_up_);
  const auto now = std::chrono::system_clock::now();
  BackupOutcome out;
  try {
    folder_.create();
    out.path = folder_.path_for(now);
    const auto result = persistence::backup_database(schedule_.db, out.path, schedule_.options);
    const int removed = folder_.rotate();
    out.ok = true;
    out.bytes = result.bytes;
    out.seconds = result.seconds;
    metrics_.backups.fetch_add(1, std::memory_order_relaxed);
    metrics_.backup_last_bytes.store(static_cast<std::int64_t>(result.bytes), std::memory_order_relaxed);
    metrics_.backup_last_duration_ms.store(std::llround(result.seconds * 1000), std::memory_order_relaxed);
    metrics_.backup_last_success_unix.store(
        std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count(), std::memory_order_relaxed);
    spdlog::info("backup {}: {} bytes in {:.3f} s ({} old backups deleted)", out.path, result.bytes, result.seconds,
                 removed);
  } catch (const std::exception& e) {
    out.ok = false;
    out.error = e.what();
    metrics_.backup_failures.fetch_add(1, std::memory_order_relaxed);
    spdlog::error("backup of {} into {} failed: {}", schedule_.db, schedule_.dir, e.what());
  }
  return out;
}

bool BackupScheduler::request(std::function<void(BackupOutcome)> done) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || running_ || requested_) return false;
    requested_ = std::move(done);
  }
  wake_.notify_all();
  return true;
}

void BackupScheduler::loop() {
  // A backup is never urgent: its thread runs 19 nice steps below the
  // network threads, so that it takes only the CPU they leave.
  errno = 0;
  const int base = ::getpriority(PRIO_PROCESS, 0);
  const int nice = std::min(19, (errno == 0 ? base : 0) + 19);
  if (::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), nice) != 0) {
    spdlog::warn("backups: could not set their thread's nice value to {}", nice);
  }
  const bool scheduled = schedule_.interval_s > 0;
  const auto interval = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(scheduled ? schedule_.interval_s : 0));
  auto next = scheduled ? std::chrono::steady_clock::now() + interval : std::chrono::steady_clock::time_point::max();
  std::unique_lock lock(mutex_);
  for (;;) {
    const auto woken = [this] { return stopping_ || requested_; };
    if (scheduled) {
      wake_.wait_until(lock, next, woken);
    } else {
      wake_.wait(lock, woken);
    }
    if (stopping_) return;
    auto done = std::move(requested_);
    requested_ = nullptr;
    running_ = true;
    lock.unlock();
    auto outcome = backup_now();
    lock.lock();
    running_ = false;  // before `done`: a request made once it has answered is taken
    if (done) {
      lock.unlock();
      done(std::move(outcome));
      lock.lock();
    }
    // The next scheduled one an interval after this one ended: a backup
    // slower than the interval never queues another behind it.
    if (scheduled) next = std::chrono::steady_clock::now() + interval;
  }
}

}  // namespace brethren::server
