#include "server/recovery.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <unordered_map>

#include "server/room_directory.h"

namespace brethren::server {

RecoveryReport recover_rooms(Services& services, RoomDirectory& rooms) {
  const auto start = std::chrono::steady_clock::now();
  RecoveryReport report;
  std::unordered_map<std::string, std::shared_ptr<Room>> by_code;
  for (auto& record : services.store.load_rooms()) {
    const rules::Game* game = services.games.find(record.game_id);
    if (!game) {
      spdlog::error("room {}: game '{}' is not known to this server; skipped", record.code, record.game_id);
      ++report.failed;
      continue;
    }
    auto room = std::make_shared<Room>(services, *game, record);
    by_code.emplace(record.code, room);
  }
  for (const auto& seat : services.store.load_seats()) {
    if (auto it = by_code.find(seat.room_code); it != by_code.end()) it->second->restore_seat(seat);
  }
  // The newest match of each room is the room's match.
  std::unordered_map<std::string, persistence::MatchRecord> latest;
  for (auto& match : services.store.load_matches()) latest[match.room_code] = std::move(match);
  auto actions = services.store.load_actions();
  std::unordered_map<std::int64_t, std::string> final_states;
  for (auto& result : services.store.load_results()) {
    if (!result.final_state.empty()) final_states.emplace(result.match_id, std::move(result.final_state));
  }
  for (auto& [code, match] : latest) {
    auto it = by_code.find(code);
    if (it == by_code.end()) continue;
    std::string error;
    if (!it->second->restore_match(match, actions[match.id], final_states[match.id], error)) {
      spdlog::error("room {}: match {} does not replay: {}", code, match.id, error);
      ++report.failed;
      continue;
    }
    ++(match.status == "finished" || it->second->summary().status() == v1::ROOM_STATUS_FINISHED
           ? report.finished_matches
           : report.live_matches);
  }
  auto chat = services.store.load_recent_chat(Room::kChatHistorySize);
  for (auto& [code, room] : by_code) {
    if (auto it = chat.find(code); it != chat.end()) room->restore_chat(it->second);
    rooms.add(room);
    ++report.rooms;
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace brethren::server
