#include "server/room/recovery.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <unordered_map>

#include "server/room/room_directory.h"
#include "server/base/unix_time.h"

namespace brethren::server {
namespace {

// The index of UnrestorableMatches::kCauses.
std::size_t metric_cause(ReplayFailure failure) {
  switch (failure) {
    case ReplayFailure::kRulesVersion: return 0;
    case ReplayFailure::kRefusedStep: return 1;
    case ReplayFailure::kCorruptRow: return 2;
    case ReplayFailure::kNone: break;
  }
  return 1;
}

}  // namespace

RecoveryReport recover_rooms(Services& services, RoomDirectory& rooms) {
  const auto start = std::chrono::steady_clock::now();
  RecoveryReport report;
  // Finished rooms past their retention would expire at the first sweep:
  // not read at all (0: kept forever, so every finished room comes back).
  const auto retention_ms = static_cast<std::int64_t>(services.config.finished_room_retention_s * 1000);
  const std::int64_t finished_since = retention_ms > 0 ? unix_millis() - retention_ms : 0;
  auto stored = services.store.load_recovery(finished_since, Room::kChatHistorySize);
  std::unordered_map<std::string, std::shared_ptr<Room>> by_code;
  for (auto& record : stored.rooms) {
    const rules::Game* game = services.games.find(record.game_id);
    if (!game) {
      spdlog::error("room {}: game '{}' is not known to this server; skipped", record.code, record.game_id);
      ++report.failed;
      continue;
    }
    auto room = std::make_shared<Room>(services, *game, record);
    by_code.emplace(record.code, room);
  }
  // With a shared account store this node's SQLite has no accounts rows:
  // the claimed username of a seat's account is read from that store (once
  // per account; start-up, before anything is served).
  std::unordered_map<std::int64_t, std::string> usernames;
  for (auto& seat : stored.seats) {
    if (seat.account_username.empty() && seat.account_id != 0 && services.claimed_username) {
      auto [known, added] = usernames.try_emplace(seat.account_id);
      if (added) {
        try {
          known->second = services.claimed_username(seat.account_id);
        } catch (const std::exception& e) {
          spdlog::error("room {}: the username of account {} not read ({}): its seat shows unclaimed", seat.room_code,
                        seat.account_id, e.what());
        }
      }
      seat.account_username = known->second;
    }
    if (auto it = by_code.find(seat.room_code); it != by_code.end()) it->second->restore_seat(seat);
  }
  // Each room's newest match is the room's match.
  for (const auto& match : stored.matches) {
    auto it = by_code.find(match.room_code);
    if (it == by_code.end()) continue;
    std::string error;
    static const std::vector<persistence::ActionRecord> kNoActions;
    auto actions = stored.actions.find(match.id);
    auto final_state = stored.final_states.find(match.id);
    const ReplayFailure failure = it->second->restore_match(
        match, actions == stored.actions.end() ? kNoActions : actions->second,
        final_state == stored.final_states.end() ? std::string() : final_state->second, error);
    if (failure != ReplayFailure::kNone) {
      // The room comes back without it, saying why (room_restore.cc);
      // counted for /metrics and named in /healthz.
      spdlog::error("room {}: match {} does not replay: {}; ended as abandoned", match.room_code, match.id, error);
      ++report.failed;
      if (failure == ReplayFailure::kRulesVersion) ++report.rules_version_mismatches;
      services.metrics.unrestorable.record(metric_cause(failure), match.id);
      continue;
    }
    ++(match.status == persistence::MatchStatus::kFinished || it->second->summary().status() == v1::ROOM_STATUS_FINISHED
           ? report.finished_matches
           : report.live_matches);
  }
  for (auto& [code, room] : by_code) {
    if (auto it = stored.chat.find(code); it != stored.chat.end()) room->restore_chat(it->second);
    rooms.add(room);
    ++report.rooms;
  }
  // Matches ended above are stored as abandoned before the first request:
  // no one reads one as live while its room says it has ended.
  if (report.failed > 0) services.store.flush();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace brethren::server
