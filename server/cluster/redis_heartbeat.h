// The thread behind the cluster's soft state in Redis (the lobby, myRooms):
// every period it connects if need be and runs one exchange (publish this
// node's part, read the others'); a failed exchange drops the connection,
// reports why, and the next period tries again. No room or connection
// ever waits for it. The owner stops it before the state the exchange reads
// goes away, and may then delete its own key with the last connection.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "server/cluster/redis_connection.h"

namespace brethren::server {

class RedisHeartbeat {
 public:
  // One round on a connected context; false when Redis failed or answered
  // something unexpected.
  using Exchange = std::function<bool(redisContext*)>;
  // Redis is unreachable or failed (each failed round), with the reason.
  using Down = std::function<void(const std::string& why)>;

  // Starts the thread; `address` is "host:port" as the flags take it.
  RedisHeartbeat(const std::string& address, std::chrono::milliseconds period, Exchange exchange, Down down);
  // Stops the thread if stop() was not called.
  ~RedisHeartbeat();
  RedisHeartbeat(const RedisHeartbeat&) = delete;
  RedisHeartbeat& operator=(const RedisHeartbeat&) = delete;

  // Stops the thread (idempotent); then, if connected and `key` is not
  // empty, deletes `key`: a node that stops on purpose leaves at once, a
  // dead one after its key's time to live.
  void stop(const std::string& key = {});

 private:
  void run();

  RedisAddress address_;
  std::chrono::milliseconds period_;
  Exchange exchange_;
  Down down_;
  RedisContext redis_;  // only the thread touches it until it is joined
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace brethren::server
