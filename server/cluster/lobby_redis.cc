#include "server/cluster/lobby_redis.h"

#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "server/room/room_directory.h"
#include "server/base/room_code.h"
#include "server/cluster/redis_connection.h"

namespace brethren::server {

std::string RedisLobby::node_key(int node_id) { return "brethren:lobby:node:" + std::to_string(node_id); }

RedisLobby::RedisLobby(const Config& config, RoomDirectory& rooms, Metrics& metrics)
    : config_(config), rooms_(rooms), metrics_(metrics) {
  metrics_.lobby_store_up = 0;
  heartbeat_ = std::make_unique<RedisHeartbeat>(
      config.lobby_redis, std::chrono::milliseconds(static_cast<std::int64_t>(config.lobby_heartbeat_s * 1000)),
      [this](redisContext* redis) { return exchange(redis); }, [this](const std::string& why) { mark_down(why); });
}

RedisLobby::~RedisLobby() { heartbeat_->stop(config_.node_id >= 0 ? node_key(config_.node_id) : std::string()); }

void RedisLobby::mark_down(const std::string& why) {
  ++metrics_.lobby_store_failures;
  metrics_.lobby_store_up = 0;
  // Without the store the lobby shows this node's rooms only: stale rooms of
  // other nodes could be dead ones.
  rooms_.set_remote_rooms({});
  if (up_ || !down_logged_) {
    spdlog::warn("lobby store {} unreachable ({}): the lobby lists this node's rooms only until it is back",
                 config_.lobby_redis, why);
  }
  up_ = false;
  down_logged_ = true;
}

bool RedisLobby::exchange(redisContext* redis) {
  const int own = config_.node_id;
  const auto ttl_ms = static_cast<std::int64_t>(config_.lobby_heartbeat_s * 3000);
  // Publish: the whole hash is replaced atomically, so readers never see
  // half of it, and it expires unless the next heartbeat renews it.
  std::size_t expected = 0;
  if (own >= 0) {
    const std::string key = node_key(own);
    std::vector<std::string> hset = {"HSET", key};
    for (const auto& summary : rooms_.list_public("")) {
      hset.push_back(summary.room_code());
      hset.push_back(summary.SerializeAsString());
    }
    redis_append(redis, {"MULTI"});
    redis_append(redis, {"DEL", key});
    expected = 3;
    if (hset.size() > 2) {
      redis_append(redis, hset);
      ++expected;
    }
    redis_append(redis, {"PEXPIRE", key, std::to_string(ttl_ms)});
    redis_append(redis, {"EXEC"});
    expected += 1;
  }
  // Fetch every other node's hash in the same round trip.
  std::vector<int> nodes;
  for (int node = 0; node < kMaxClusterNodes; ++node) {
    if (node == own) continue;
    redis_append(redis, {"HGETALL", node_key(node)});
    nodes.push_back(node);
  }
  for (std::size_t i = 0; i < expected; ++i) {
    RedisReply reply = redis_next_reply(redis);
    if (!reply || reply->type == REDIS_REPLY_ERROR) return false;
  }
  auto remote = std::make_shared<std::vector<v1::RoomSummary>>();
  for (int node : nodes) {
    RedisReply reply = redis_next_reply(redis);
    if (!reply || reply->type != REDIS_REPLY_ARRAY) return false;
    for (std::size_t i = 0; i + 1 < reply->elements; i += 2) {
      const redisReply* value = reply->element[i + 1];
      v1::RoomSummary summary;
      if (value->type != REDIS_REPLY_STRING || !summary.ParseFromArray(value->str, static_cast<int>(value->len))) {
        continue;
      }
      // Only what the key's node may hold: a stray entry cannot shadow ours.
      if (room_code_node(summary.room_code()) != node) continue;
      remote->push_back(std::move(summary));
    }
  }
  std::sort(remote->begin(), remote->end(), [](const auto& a, const auto& b) { return a.room_code() < b.room_code(); });
  rooms_.set_remote_rooms(std::move(remote));
  if (!up_) spdlog::info("lobby store {} reachable: the lobby lists every live node's rooms", config_.lobby_redis);
  up_ = true;
  metrics_.lobby_store_up = 1;
  return true;
}

}  // namespace brethren::server
