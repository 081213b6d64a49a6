#include "server/room_directory.h"

#include <algorithm>

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

RoomDirectory::Page RoomDirectory::list_public_page(std::string_view game_id, bool with_free_seats,
                                                   std::string_view after_code, std::size_t limit) const {
  // Codes are unique and never change, so "after this code" is a stable
  // cursor even when rooms come and go between pages.
  std::vector<std::pair<std::string, std::shared_ptr<Room>>> candidates;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [code, room] : rooms_) {
      if (code > after_code) candidates.emplace_back(code, room);
    }
  }
  std::sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  Page page;
  std::string_view last_code;
  for (const auto& [code, room] : candidates) {
    if (!room->listed()) continue;
    auto s = room->summary();
    if (!game_id.empty() && s.game_id() != game_id) continue;
    if (with_free_seats && (s.status() != v1::ROOM_STATUS_OPEN || s.seats_taken() >= s.seat_count())) continue;
    if (page.rooms.size() == limit) {
      page.next_after = last_code;
      break;
    }
    page.rooms.push_back(std::move(s));
    last_code = code;
  }
  return page;
}

std::size_t RoomDirectory::size() const {
  std::lock_guard lock(mutex_);
  return rooms_.size();
}

std::vector<std::shared_ptr<Room>> RoomDirectory::all() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<Room>> out;
  out.reserve(rooms_.size());
  for (const auto& [code, room] : rooms_) out.push_back(room);
  return out;
}

}  // namespace brethren::server
