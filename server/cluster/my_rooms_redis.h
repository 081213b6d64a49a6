// myRooms across the nodes of a cluster (issue #27, item 4; docs/accounts.md,
// "myRooms across nodes"). Every heartbeat (--lobby-heartbeat) a node
// publishes its accounts' live rooms to the lobby's Redis, a hash per node
// (account id -> serialized MyRoomList) replaced atomically and expiring
// after three heartbeats unless renewed, and reads the other nodes' hashes
// into Services::remote_my_rooms, which myRooms merges with this node's
// fresh rooms. Soft state, like the lobby: when Redis is unreachable the
// cache is emptied and myRooms lists this node's rooms only.
//
// A thread of its own rather than a turn on the lobby's: the two exchanges
// differ in size (every seated account here, public rooms there), and a
// slow or failing one must delay neither the lobby nor anything else; it
// costs one mostly sleeping thread and one connection per node. No room
// strand or I/O thread ever waits for it: rooms are read through their
// thread-safe snapshots (Room::my_room), the cache through a mutex.
//
// Only wired where account ids mean the same account on every node
// (--accounts-postgres): an entry is only ever shown to its own account.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/base/config.h"
#include "server/cluster/redis_heartbeat.h"
#include "server/room/my_rooms.h"

namespace brethren::server {

class AccountRooms;
class RoomDirectory;

class RedisMyRooms {
 public:
  // Bounds, for the writer and the reader alike. One account's value: its
  // most recent rooms that fit (truncated set beyond). A value is about
  // 60 bytes plus the names of a room's seats, so one node's hash holds
  // tens of thousands of seated accounts; beyond either bound the rest are
  // left out (and logged). Each node's cache of the others is thus at most
  // (nodes - 1) * kMaxNodeBytes, and so is one heartbeat's read.
  static constexpr std::size_t kMaxValueBytes = 16 * 1024;
  static constexpr std::size_t kMaxNodeBytes = 4 * 1024 * 1024;
  static constexpr std::size_t kMaxAccountsPerNode = 65536;

  // The key of one node's hash.
  static std::string node_key(int node_id);

  struct Field {
    std::string account;  // decimal account id
    std::string value;    // serialized v1::MyRoomList
  };
  using Gathered = std::vector<std::pair<std::int64_t, std::vector<MyRoomEntry>>>;
  // A node's hash from its accounts' rooms, within the bounds above;
  // `left_out` counts the accounts the node bound left out.
  static std::vector<Field> encode(Gathered by_account, std::size_t* left_out = nullptr);
  // One field of node `node`'s hash, when it is a well-formed entry that
  // node may hold (its rooms' codes name it); nullopt otherwise.
  static std::optional<std::pair<std::int64_t, v1::MyRoomList>> decode(int node, std::string_view field,
                                                                       std::string_view value);

  // Starts the thread; everything passed must outlive this object.
  RedisMyRooms(const Config& config, const AccountRooms& account_rooms, const RoomDirectory& rooms,
               RemoteMyRooms& remote);
  // Stops the thread and takes this node's entries out of Redis.
  ~RedisMyRooms();
  RedisMyRooms(const RedisMyRooms&) = delete;
  RedisMyRooms& operator=(const RedisMyRooms&) = delete;

 private:
  Gathered gather() const;
  // One round: publish ours, fetch the others'. False when Redis failed.
  bool exchange(redisContext* redis);
  void mark_down(const std::string& why);

  const Config& config_;
  const AccountRooms& account_rooms_;
  const RoomDirectory& rooms_;
  RemoteMyRooms& remote_;
  bool up_ = false;  // these three: only the heartbeat's thread
  bool down_logged_ = false;
  bool over_bounds_logged_ = false;
  std::unique_ptr<RedisHeartbeat> heartbeat_;  // last: started once the rest is ready
};

}  // namespace brethren::server
