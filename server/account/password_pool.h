// The threads that hash passwords (Argon2id, tens of milliseconds and
// 19 MiB each), so that a storm of sign-ins never stalls the network
// threads: `threads` workers and a FIFO queue of at most `max_queued` jobs.
// A full queue refuses the job at once (the caller answers SERVER_BUSY)
// instead of letting the wait grow. stop() drops what is queued and joins
// the threads once the running jobs end.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace brethren::server {

class PasswordPool {
 public:
  // The workers' nice value: below the network threads and the rooms.
  static constexpr int kNice = 10;
  PasswordPool(int threads, std::size_t max_queued);
  ~PasswordPool();  // stop()
  PasswordPool(const PasswordPool&) = delete;
  PasswordPool& operator=(const PasswordPool&) = delete;

  // False (and `job` dropped) when the queue is full or the pool stopped.
  bool submit(std::function<void()> job);
  void stop();
  std::size_t queued() const;

 private:
  void work();

  const std::size_t max_queued_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> queue_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace brethren::server
