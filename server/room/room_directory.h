// All rooms by code. The map itself is the only state shared between
// strands here, so it sits behind a mutex held only for look-ups.
// A periodic sweep asks every room whether it has expired; an expired room
// is dropped from the map (and so from ListRooms and JoinRoom).
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/room/room.h"
#include "server/base/room_code.h"

namespace brethren::server {

class RoomDirectory {
 public:
  // Starts the expiry sweep (on the io_context, once it runs).
  explicit RoomDirectory(Services& services);

  // nullptr when no room has that code (codes are normalized first).
  std::shared_ptr<Room> find(std::string_view code) const;
  // Why no room may be created now (the node is draining before a restart:
  // docs/operations.md), in words for the DRAINING error; nullopt: it may.
  std::optional<std::string> creation_refused() const;
  // Adds a room under a fresh code; `record.code` is filled in. `finish` sees
  // the code before the room is published (to derive the password hash).
  template <class Finish>
  std::shared_ptr<Room> create(const rules::Game& game, persistence::RoomRecord record, Finish finish);
  void add(std::shared_ptr<Room> room);
  std::vector<v1::RoomSummary> list_public(std::string_view game_id) const;
  // One page of public rooms in room-code order, after `after_code` (empty:
  // from the start); `next_after` is the last code when more may follow.
  struct Page {
    std::vector<v1::RoomSummary> rooms;
    std::string next_after;
  };
  Page list_public_page(std::string_view game_id, bool with_free_seats, std::string_view after_code,
                        std::size_t limit) const;
  // The other nodes' public rooms (cluster lobby, server/cluster/lobby_redis.h),
  // sorted by code; merged into list_public_page. nullptr: none.
  using RemoteRooms = std::shared_ptr<const std::vector<v1::RoomSummary>>;
  void set_remote_rooms(RemoteRooms rooms);
  // Rooms held in memory.
  std::size_t size() const;
  std::vector<std::shared_ptr<Room>> all() const;
  // Drops `room` if it is still the one under its code (thread-safe).
  void remove(const std::shared_ptr<Room>& room);

 private:
  void schedule_sweep();
  void sweep();

  Services& services_;
  Room::ExpiryPolicy expiry_;
  std::chrono::milliseconds sweep_interval_{0};  // 0: rooms never expire
  boost::asio::steady_timer sweep_timer_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  RemoteRooms remote_rooms_;  // under mutex_
};

template <class Finish>
std::shared_ptr<Room> RoomDirectory::create(const rules::Game& game, persistence::RoomRecord record, Finish finish) {
  for (;;) {
    record.code = new_room_code(services_.config.node_id);
    {
      std::lock_guard lock(mutex_);
      if (rooms_.count(record.code)) continue;  // 45 bits: practically never
    }
    finish(record);
    auto room = std::make_shared<Room>(services_, game, record);
    std::lock_guard lock(mutex_);
    if (!rooms_.emplace(record.code, room).second) continue;
    ++services_.metrics.rooms;
    return room;
  }
}

}  // namespace brethren::server
