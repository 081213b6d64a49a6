#include "server/room/my_rooms.h"

#include <algorithm>

#include "server/room/account_rooms.h"
#include "server/room/room_directory.h"

namespace brethren::server {

std::vector<MyRoomEntry> local_my_rooms(const AccountRooms& account_rooms, const RoomDirectory& rooms,
                                        std::int64_t account_id) {
  std::vector<MyRoomEntry> found;
  for (const auto& code : account_rooms.rooms_of(account_id)) {
    auto room = rooms.find(code);
    if (!room) continue;
    MyRoomEntry entry;
    if (auto mine = room->my_room(account_id, entry.activity)) {
      entry.room = std::move(*mine);
      found.push_back(std::move(entry));
    }
  }
  return found;
}

void order_my_rooms(std::vector<MyRoomEntry>& entries) {
  // The change counter breaks ties of the millisecond clock on this node.
  std::sort(entries.begin(), entries.end(), [](const MyRoomEntry& a, const MyRoomEntry& b) {
    if (a.room.your_turn() != b.room.your_turn()) return a.room.your_turn();
    if (a.room.active_unix_ms() != b.room.active_unix_ms()) return a.room.active_unix_ms() > b.room.active_unix_ms();
    return a.activity > b.activity;
  });
}

void RemoteMyRooms::set(std::shared_ptr<const ByAccount> entries) {
  std::lock_guard lock(mutex_);
  entries_ = std::move(entries);
}

v1::MyRoomList RemoteMyRooms::of(std::int64_t account_id) const {
  std::shared_ptr<const ByAccount> entries;
  {
    std::lock_guard lock(mutex_);
    entries = entries_;
  }
  if (!entries) return {};
  auto it = entries->find(account_id);
  return it == entries->end() ? v1::MyRoomList{} : it->second;
}

}  // namespace brethren::server
