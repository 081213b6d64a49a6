#include "server/cluster/redis_heartbeat.h"

#include <utility>

namespace brethren::server {

RedisHeartbeat::RedisHeartbeat(const std::string& address, std::chrono::milliseconds period, Exchange exchange,
                               Down down)
    : address_(parse_redis_address(address)),
      period_(period),
      exchange_(std::move(exchange)),
      down_(std::move(down)),
      thread_([this] { run(); }) {}

RedisHeartbeat::~RedisHeartbeat() { stop(); }

void RedisHeartbeat::stop(const std::string& key) {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  if (redis_ && !key.empty())
    RedisReply(static_cast<redisReply*>(redisCommand(redis_.get(), "DEL %b", key.data(), key.size())));
  redis_.reset();
}

void RedisHeartbeat::run() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    lock.unlock();
    std::string why;
    if (!redis_) redis_ = redis_connect(address_, &why);
    if (redis_ && !exchange_(redis_.get())) {
      why = redis_->errstr[0] ? redis_->errstr : "unexpected reply";
      redis_.reset();
    }
    if (!redis_) down_(why);
    lock.lock();
    wake_.wait_for(lock, period_, [this] { return stopping_; });
  }
}

}  // namespace brethren::server
