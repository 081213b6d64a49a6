// The one lobby of a cluster (docs/scaling.md). Every node publishes the
// summaries of its public rooms to Redis, a hash per node that expires
// unless renewed, and reads the other nodes' hashes back into the room
// directory, which merges them into ListRooms. All of it runs on a thread
// of its own: no room or connection ever waits for Redis. When Redis is
// unreachable the lobby shrinks to this node's rooms and recovers by itself.
#pragma once

#include <memory>
#include <string>

#include "server/base/config.h"
#include "server/base/metrics.h"
#include "server/cluster/redis_heartbeat.h"

namespace brethren::server {

class RoomDirectory;

class RedisLobby {
 public:
  // Starts the thread; `rooms` and `metrics` must outlive the lobby.
  RedisLobby(const Config& config, RoomDirectory& rooms, Metrics& metrics);
  // Stops the thread and takes this node's rooms out of the lobby.
  ~RedisLobby();
  RedisLobby(const RedisLobby&) = delete;
  RedisLobby& operator=(const RedisLobby&) = delete;

  // The key of one node's hash (room code -> serialized RoomSummary).
  static std::string node_key(int node_id);

 private:
  // One round: publish ours, fetch the others'. False when Redis failed.
  bool exchange(redisContext* redis);
  void mark_down(const std::string& why);

  const Config& config_;
  RoomDirectory& rooms_;
  Metrics& metrics_;
  bool up_ = false;  // these two: only the heartbeat's thread
  bool down_logged_ = false;
  std::unique_ptr<RedisHeartbeat> heartbeat_;  // last: started once the rest is ready
};

}  // namespace brethren::server
