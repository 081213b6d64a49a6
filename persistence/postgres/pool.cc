#include "persistence/postgres/pool.h"

#include <algorithm>
#include <vector>

namespace brethren::persistence::postgres {

Pool::Lease::~Lease() {
  if (connection_) pool_->give_back(std::move(connection_));
}

Pool::Pool(std::string conninfo, std::size_t size)
    : conninfo_(std::move(conninfo)), size_(std::max<std::size_t>(size, 1)) {}

Pool::~Pool() = default;

Pool::Lease Pool::lease() {
  std::vector<std::unique_ptr<Connection>> lost;  // closed after the lock is released
  std::unique_lock lock(mutex_);
  freed_.wait(lock, [&] { return !idle_.empty() || open_ < size_; });
  // An idle connection to a server that restarted meanwhile is closed at
  // the other end: dropped here, so that the first request after a restart
  // gets a new connection rather than an error.
  while (!idle_.empty()) {
    auto connection = std::move(idle_.back());
    idle_.pop_back();
    if (connection->alive()) return Lease(*this, std::move(connection));
    lost.push_back(std::move(connection));
    --open_;
  }
  if (lost.size() > 1) freed_.notify_all();  // room for others that wait
  ++open_;
  lock.unlock();
  try {
    return Lease(*this, std::make_unique<Connection>(conninfo_));
  } catch (...) {
    lock.lock();
    --open_;
    freed_.notify_one();
    throw;
  }
}

void Pool::give_back(std::unique_ptr<Connection> connection) {
  const bool reusable = connection->healthy() && connection->idle();
  if (!reusable) connection.reset();  // outside the lock: closing may take a round trip
  std::lock_guard lock(mutex_);
  if (reusable) {
    idle_.push_back(std::move(connection));
  } else {
    --open_;
  }
  freed_.notify_one();
}

}  // namespace brethren::persistence::postgres
