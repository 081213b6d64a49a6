#include "server/account/password_pool.h"

#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <exception>

namespace brethren::server {

PasswordPool::PasswordPool(int threads, std::size_t max_queued) : max_queued_(max_queued) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { work(); });
}

PasswordPool::~PasswordPool() { stop(); }

bool PasswordPool::submit(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= max_queued_) return false;
    queue_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void PasswordPool::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
    queue_.clear();
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
  threads_.clear();
}

std::size_t PasswordPool::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

void PasswordPool::work() {
  // Hashing yields to the network threads and the rooms when cores are
  // short: a sign-in storm must not slow anyone's move (docs/accounts.md).
  // Linux's nice is per thread; a failure (a kernel without it) changes nothing else.
  if (::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), kNice) != 0) {
    spdlog::warn("password pool: nice {} not set; hashes compete with moves for the cores", kNice);
  }
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    try {
      job();
    } catch (const std::exception& e) {
      // A job answers its own errors; this is a bug, not a reason to die.
      spdlog::error("password pool: a job threw: {}", e.what());
    }
  }
}

}  // namespace brethren::server
