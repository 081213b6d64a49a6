// Which rooms each account holds a seat in (issue #27, item 4: myRooms), for
// the rooms this node holds in memory. Rooms add an entry when a signed-in
// player's seat is stored (or restored at start-up) and drop it when the
// seat is freed or the room is forgotten; a reader asks each room whether
// the seat is still his, so an entry left behind does no harm. Thread-safe:
// rooms write from their strands, connections read.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace brethren::server {

class AccountRooms {
 public:
  void add(std::int64_t account_id, const std::string& room_code);
  void remove(std::int64_t account_id, const std::string& room_code);
  // The rooms recorded for the account (unordered).
  std::vector<std::string> rooms_of(std::int64_t account_id) const;
  // Every account with its rooms (unordered): what a cluster node publishes
  // (server/cluster/my_rooms_redis.h).
  std::vector<std::pair<std::int64_t, std::vector<std::string>>> all() const;
  void forget_account(std::int64_t account_id);

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::int64_t, std::vector<std::string>> rooms_;
};

}  // namespace brethren::server
