#include "server/room_directory.h"

#include "server/secrets.h"

namespace brethren::server {

std::shared_ptr<Room> RoomDirectory::find(std::string_view code) const {
  const std::string normalized = normalize_room_code(code);
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(normalized);
  return it == rooms_.end() ? nullptr : it->second;
}

void RoomDirectory::add(std::shared_ptr<Room> room) {
  std::lock_guard lock(mutex_);
  if (rooms_.emplace(room->code(), room).second) ++services_.metrics.rooms;
}

std::vector<v1::RoomSummary> RoomDirectory::list_public(std::string_view game_id) const {
  std::vector<std::shared_ptr<Room>> rooms = all();
  std::vector<v1::RoomSummary> out;
  for (const auto& room : rooms) {
    if (!room->listed()) continue;
    auto s = room->summary();
    if (!game_id.empty() && s.game_id() != game_id) continue;
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<std::shared_ptr<Room>> RoomDirectory::all() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<Room>> out;
  out.reserve(rooms_.size());
  for (const auto& [code, room] : rooms_) out.push_back(room);
  return out;
}

}  // namespace brethren::server
