#include "server/account/password_pool.h"

#include <spdlog/spdlog.h>

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
