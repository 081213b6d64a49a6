#include "server/cluster/my_rooms_redis.h"

#include <hiredis/hiredis.h>
#include <spdlog/spdlog.h>

#include <charconv>
#include <chrono>
#include <memory>
#include <unordered_map>

#include "server/base/room_code.h"
#include "server/cluster/redis_connection.h"
#include "server/room/account_rooms.h"
#include "server/room/room_directory.h"

namespace brethren::server {

std::string RedisMyRooms::node_key(int node_id) { return "brethren:myrooms:node:" + std::to_string(node_id); }

std::vector<RedisMyRooms::Field> RedisMyRooms::encode(Gathered by_account, std::size_t* left_out) {
  std::vector<Field> fields;
  std::size_t node_bytes = 0;
  std::size_t dropped = 0;
  for (auto& [account, entries] : by_account) {
    if (account <= 0 || entries.empty()) continue;
    order_my_rooms(entries);
    v1::MyRoomList list;
    list.set_truncated(entries.size() > kMaxMyRooms);
    for (std::size_t i = 0; i < entries.size() && i < kMaxMyRooms; ++i) *list.add_rooms() = entries[i].room;
    // The least recent rooms go first when the value is too long.
    while (list.rooms_size() > 0 && list.ByteSizeLong() > kMaxValueBytes) {
      list.mutable_rooms()->RemoveLast();
      list.set_truncated(true);
    }
    if (list.rooms_size() == 0) continue;
    Field field{std::to_string(account), list.SerializeAsString()};
    const std::size_t bytes = field.account.size() + field.value.size();
    if (fields.size() == kMaxAccountsPerNode || node_bytes + bytes > kMaxNodeBytes) {
      ++dropped;
      continue;
    }
    node_bytes += bytes;
    fields.push_back(std::move(field));
  }
  if (left_out) *left_out = dropped;
  return fields;
}

std::optional<std::pair<std::int64_t, v1::MyRoomList>> RedisMyRooms::decode(int node, std::string_view field,
                                                                            std::string_view value) {
  std::int64_t account = 0;
  const char* end = field.data() + field.size();
  // Digits only (from_chars takes no '+' and refuses out-of-range numbers).
  if (field.empty() || field.size() > 19 || field.front() == '-') return std::nullopt;
  const auto parsed = std::from_chars(field.data(), end, account);
  if (parsed.ec != std::errc{} || parsed.ptr != end || account <= 0) return std::nullopt;
  if (value.size() > kMaxValueBytes) return std::nullopt;
  v1::MyRoomList list;
  if (!list.ParseFromArray(value.data(), static_cast<int>(value.size()))) return std::nullopt;
  if (list.rooms_size() == 0 || static_cast<std::size_t>(list.rooms_size()) > kMaxMyRooms) return std::nullopt;
  for (const auto& room : list.rooms()) {
    // Only rooms the key's node may hold: a stray entry cannot shadow ours.
    if (room_code_node(room.room_code()) != node) return std::nullopt;
    if (room.status() != v1::ROOM_STATUS_OPEN && room.status() != v1::ROOM_STATUS_PLAYING) return std::nullopt;
  }
  return std::make_pair(account, std::move(list));
}

RedisMyRooms::RedisMyRooms(const Config& config, const AccountRooms& account_rooms, const RoomDirectory& rooms,
                           RemoteMyRooms& remote)
    : config_(config), account_rooms_(account_rooms), rooms_(rooms), remote_(remote) {
  heartbeat_ = std::make_unique<RedisHeartbeat>(
      config.lobby_redis, std::chrono::milliseconds(static_cast<std::int64_t>(config.lobby_heartbeat_s * 1000)),
      [this](redisContext* redis) { return exchange(redis); }, [this](const std::string& why) { mark_down(why); });
}

RedisMyRooms::~RedisMyRooms() {
  heartbeat_->stop(config_.node_id >= 0 ? node_key(config_.node_id) : std::string());
  remote_.set(nullptr);
}

void RedisMyRooms::mark_down(const std::string& why) {
  // Other nodes' rooms could have ended meanwhile: none is better than stale.
  remote_.set(nullptr);
  if (up_ || !down_logged_) {
    spdlog::warn("myRooms store {} unreachable ({}): myRooms lists this node's rooms only until it is back",
                 config_.lobby_redis, why);
  }
  up_ = false;
  down_logged_ = true;
}

RedisMyRooms::Gathered RedisMyRooms::gather() const {
  Gathered out;
  for (auto& [account, codes] : account_rooms_.all()) {
    std::vector<MyRoomEntry> entries;
    for (const auto& code : codes) {
      auto room = rooms_.find(code);
      if (!room) continue;
      MyRoomEntry entry;
      if (auto mine = room->my_room(account, entry.activity)) {
        entry.room = std::move(*mine);
        entries.push_back(std::move(entry));
      }
    }
    if (!entries.empty()) out.emplace_back(account, std::move(entries));
  }
  return out;
}

bool RedisMyRooms::exchange(redisContext* redis) {
  const int own = config_.node_id;
  const auto ttl_ms = static_cast<std::int64_t>(config_.lobby_heartbeat_s * 3000);
  std::size_t left_out = 0;
  const auto fields = encode(gather(), &left_out);
  if (left_out > 0 && !over_bounds_logged_) {
    spdlog::warn(
        "myRooms: {} accounts' rooms exceed what a node publishes ({} bytes, {} accounts): other nodes "
        "do not list them",
        left_out, kMaxNodeBytes, kMaxAccountsPerNode);
  }
  over_bounds_logged_ = left_out > 0;
  // Publish: the whole hash is replaced atomically, so readers never see
  // half of it, and it expires unless the next heartbeat renews it.
  const std::string key = node_key(own);
  std::size_t expected = 3;  // MULTI, DEL, EXEC
  redis_append(redis, {"MULTI"});
  redis_append(redis, {"DEL", key});
  if (!fields.empty()) {
    std::vector<std::string> hset = {"HSET", key};
    hset.reserve(2 + 2 * fields.size());
    for (const auto& field : fields) {
      hset.push_back(field.account);
      hset.push_back(field.value);
    }
    redis_append(redis, hset);
    redis_append(redis, {"PEXPIRE", key, std::to_string(ttl_ms)});
    expected += 2;
  }
  redis_append(redis, {"EXEC"});
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
  auto remote = std::make_shared<RemoteMyRooms::ByAccount>();
  for (int node : nodes) {
    RedisReply reply = redis_next_reply(redis);
    if (!reply || reply->type != REDIS_REPLY_ARRAY) return false;
    std::size_t node_bytes = 0;
    std::size_t accounts = 0;
    for (std::size_t i = 0; i + 1 < reply->elements; i += 2) {
      const redisReply* field = reply->element[i];
      const redisReply* value = reply->element[i + 1];
      if (field->type != REDIS_REPLY_STRING || value->type != REDIS_REPLY_STRING) continue;
      // The writer's bounds hold for the reader too, whoever wrote the hash.
      node_bytes += field->len + value->len;
      if (node_bytes > kMaxNodeBytes || ++accounts > kMaxAccountsPerNode) break;
      auto entry = decode(node, {field->str, field->len}, {value->str, value->len});
      if (!entry) continue;
      auto& list = (*remote)[entry->first];
      list.set_truncated(list.truncated() || entry->second.truncated());
      for (auto& room : *entry->second.mutable_rooms()) *list.add_rooms() = std::move(room);
    }
  }
  remote_.set(std::move(remote));
  if (!up_) spdlog::info("myRooms store {} reachable: myRooms lists every live node's rooms", config_.lobby_redis);
  up_ = true;
  return true;
}

}  // namespace brethren::server
