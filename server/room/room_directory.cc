#include "server/room/room_directory.h"

#include <algorithm>
#include <initializer_list>

#include "server/base/room_code.h"

namespace brethren::server {

namespace {
std::chrono::milliseconds from_seconds(double seconds) {
  return std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
}
}  // namespace

RoomDirectory::RoomDirectory(Services& services)
    : services_(services),
      expiry_{from_seconds(services.config.idle_room_expiry_s), from_seconds(services.config.finished_room_retention_s),
              from_seconds(services.config.abandoned_match_expiry_s)},
      sweep_timer_(services.io) {
  // A tenth of the shortest expiry: a room goes at most 10 % late; never
  // more often than 20 times a second, nor less than twice a minute.
  std::chrono::milliseconds shortest{0};
  for (auto limit : {expiry_.idle_open, expiry_.finished_retention, expiry_.abandoned_match}) {
    if (limit.count() > 0 && (shortest.count() == 0 || limit < shortest)) shortest = limit;
  }
  if (shortest.count() == 0) return;
  sweep_interval_ = std::clamp(shortest / 10, std::chrono::milliseconds(50), std::chrono::milliseconds(30000));
  schedule_sweep();
}

void RoomDirectory::schedule_sweep() {
  sweep_timer_.expires_after(sweep_interval_);
  sweep_timer_.async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    sweep();
    schedule_sweep();
  });
}

void RoomDirectory::sweep() {
  if (services_.shutting_down) return;
  // Each room decides on its own strand; the map is locked only to copy it.
  for (auto& room : all()) {
    room->expire_if_idle(expiry_, [this, weak = std::weak_ptr<Room>(room)] {
      if (auto expired = weak.lock()) remove(expired);
    });
  }
}

void RoomDirectory::remove(const std::shared_ptr<Room>& room) {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(room->code());
  if (it == rooms_.end() || it->second != room) return;
  rooms_.erase(it);
  --services_.metrics.rooms;
}

std::optional<std::string> RoomDirectory::creation_refused() const {
  if (!services_.draining) return std::nullopt;
  return "this server is draining before a restart and takes no new rooms; create the room again to get another "
         "server";
}

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
  // cursor even when rooms come and go between pages. Other nodes' rooms
  // (a cluster's lobby) have codes of their own, so one order holds all.
  std::vector<std::pair<std::string, std::shared_ptr<Room>>> candidates;
  RemoteRooms remote;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [code, room] : rooms_) {
      if (code > after_code) candidates.emplace_back(code, room);
    }
    remote = remote_rooms_;
  }
  std::sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::size_t next_remote = 0;
  if (remote) {
    next_remote = static_cast<std::size_t>(
        std::upper_bound(remote->begin(), remote->end(), after_code,
                         [](std::string_view code, const v1::RoomSummary& s) { return code < s.room_code(); }) -
        remote->begin());
  }
  Page page;
  std::string last_code;
  // False once the page is full and another room follows.
  auto take = [&](v1::RoomSummary s) {
    if (!game_id.empty() && s.game_id() != game_id) return true;
    if (with_free_seats && (s.status() != v1::ROOM_STATUS_OPEN || s.seats_taken() >= s.seat_count())) return true;
    if (page.rooms.size() == limit) {
      page.next_after = last_code;
      return false;
    }
    last_code = s.room_code();
    page.rooms.push_back(std::move(s));
    return true;
  };
  auto local = candidates.begin();
  for (;;) {
    const bool have_local = local != candidates.end();
    const bool have_remote = remote && next_remote < remote->size();
    if (!have_local && !have_remote) break;
    if (have_local && (!have_remote || local->first < (*remote)[next_remote].room_code())) {
      const auto& room = (local++)->second;
      if (room->listed() && !take(room->summary())) break;
    } else if (!take((*remote)[next_remote++])) {
      break;
    }
  }
  return page;
}

void RoomDirectory::set_remote_rooms(RemoteRooms rooms) {
  std::lock_guard lock(mutex_);
  remote_rooms_ = std::move(rooms);
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
