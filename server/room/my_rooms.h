// myRooms (issue #27, item 4; docs/accounts.md): an account's live rooms,
// this node's and, in a cluster, the other nodes' as they published them
// (server/cluster/my_rooms_redis.h). Everything here is thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "brethren/v1/protocol.pb.h"

namespace brethren::server {

class AccountRooms;
class RoomDirectory;

// myRooms answers at most this many rooms (docs/protocol.md).
inline constexpr std::size_t kMaxMyRooms = 50;

struct MyRoomEntry {
  v1::MyRoom room;
  // Grows with every change of any room of this node (Room::my_room); 0
  // for another node's room, ordered by active_unix_ms alone.
  std::uint64_t activity = 0;
};

// This node's open and playing rooms where the account holds a seat, each
// from the room's own snapshot (no room strand is waited for).
std::vector<MyRoomEntry> local_my_rooms(const AccountRooms& account_rooms, const RoomDirectory& rooms,
                                        std::int64_t account_id);
// His turn first, then the most recently changed.
void order_my_rooms(std::vector<MyRoomEntry>& entries);

// The other nodes' entries, by account: replaced whole by the cluster's
// reader, read by connections.
class RemoteMyRooms {
 public:
  using ByAccount = std::unordered_map<std::int64_t, v1::MyRoomList>;
  void set(std::shared_ptr<const ByAccount> entries);
  // The account's rooms on other nodes (empty: none known).
  v1::MyRoomList of(std::int64_t account_id) const;

 private:
  mutable std::mutex mutex_;
  std::shared_ptr<const ByAccount> entries_;
};

}  // namespace brethren::server
