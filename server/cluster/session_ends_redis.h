// Ended sessions told to every node of a cluster within a second (issue #27
// item 2; docs/accounts.md, "Revocation within a second"). A node's account
// service reports sign-outs, new passwords and deletions to its
// SignedInConnections, whose relay queues them here; this class publishes
// them on a Redis channel (the lobby's Redis) and hands those of the other
// nodes to this node's connections, which unbind and are told at once.
//
// Pub/sub is fire-and-forget: a message lost while Redis is down only
// delays the push, never the revocation itself, because every account
// request and every request that seats by account reads its session from
// the shared store anyway. Nothing here ever blocks the caller: a bounded
// queue and one thread of its own.
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "server/account/signed_in_connections.h"

struct redisContext;

namespace brethren::server {

class RedisSessionEnds {
 public:
  static constexpr const char* kChannel = "brethren:sessions:ended";
  // Beyond this many unsent ends (Redis down for long), the oldest go:
  // their connections learn it at their next request.
  static constexpr std::size_t kMaxQueued = 10000;

  // `redis_address`: host:port. Starts the thread and sets itself as the
  // relay of `connections`, which must outlive it.
  RedisSessionEnds(const std::string& redis_address, SignedInConnections& connections);
  ~RedisSessionEnds();
  RedisSessionEnds(const RedisSessionEnds&) = delete;
  RedisSessionEnds& operator=(const RedisSessionEnds&) = delete;

  // Queues an end of this node's for the others.
  void publish(std::int64_t account_id, const EndedSessions& ended);
  // True while subscribed (for the tests: wait for it before publishing).
  bool subscribed() const;

  // The message: "1 <origin> <account id> <only or -> <keep or ->".
  struct Message {
    std::uint64_t origin = 0;
    std::int64_t account_id = 0;
    EndedSessions ended;
  };
  static std::string encode(const Message& message);
  // Strict: anything else on the channel is ignored.
  static std::optional<Message> decode(const std::string& text);

 private:
  void run();
  bool connect();
  void disconnect();
  // Reads what the subscription received; false when the connection failed.
  bool receive();
  // Sends the queue; false when the connection failed (the rest stays queued).
  bool send_queued();
  void wait_for_work(int timeout_ms);

  SignedInConnections& connections_;
  std::string host_;
  int port_ = 0;
  const std::uint64_t origin_;          // this process: its own messages come back
  redisContext* subscriber_ = nullptr;  // only the thread touches these
  redisContext* publisher_ = nullptr;
  int wake_read_ = -1, wake_write_ = -1;
  bool down_logged_ = false;
  mutable std::mutex mutex_;
  std::deque<std::string> queue_;
  bool subscribed_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace brethren::server
