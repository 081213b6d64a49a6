// The host's controls over a room, as decisions: who may act, whom a kick
// removes and which seat it clears, whom host rights pass to, what an
// UpdateRoom makes of the room, whether a start or rematch may go ahead.
// Each check returns the Refusal the host gets, or nothing; the room
// (room_host.cc) carries a decision out, stores it and tells the members.
// No I/O and no clock: tested in-process with plain members and seats.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "brethren/v1/protocol.pb.h"
#include "persistence/records.h"
#include "rules/core/game.h"
#include "server/room/refusal.h"
#include "server/room/room_members.h"
#include "server/room/room_phase.h"
#include "server/room/room_seats.h"

namespace brethren::server {

class HostControls {
 public:
  HostControls(const RoomMembers& members, const RoomSeats& seats, RoomPhase phase)
      : members_(members), seats_(seats), phase_(phase) {}

  // Whether `client_id` is a member with host rights; `not_host` is the
  // reason a member without them is given.
  std::optional<Refusal> check_host(std::uint64_t client_id,
                                    std::string_view not_host = "only the host can do that") const;

  // What a KickMember comes to: the members removed at once and the seat
  // whose holder goes (-1: a spectator, nothing to store).
  struct Kick {
    int seat = -1;
    std::vector<std::uint64_t> expelled;
  };
  std::optional<Refusal> plan_kick(std::uint64_t host, const v1::KickMember& request, Kick& kick) const;

  // The member host rights pass to (TransferHost), by client id.
  std::optional<Refusal> plan_transfer(std::uint64_t host, const v1::TransferHost& request,
                                       std::uint64_t& new_host) const;

  // The room after an UpdateRoom, checked as at creation (the rules check
  // seats and options); `autopilot_problem` is what bot_kinds.h says of the
  // request's settings.autopilot_bot. Only `record`, `options` and
  // `settings` change, and only when the update is accepted.
  std::optional<Refusal> plan_update(std::uint64_t host, const v1::UpdateRoom& request, const rules::Game& game,
                                     const std::optional<std::string>& autopilot_problem,
                                     persistence::RoomRecord& record, v1::GameOptions& options,
                                     v1::RoomSettings& settings) const;

  // StartMatch: the host, an open room, every seat taken.
  std::optional<Refusal> check_start(std::uint64_t host) const;
  // Rematch: the host, a finished match, every seat taken, a server not
  // shutting down.
  std::optional<Refusal> check_rematch(std::uint64_t host, bool shutting_down) const;

 private:
  std::optional<Refusal> plan_seat_kick(std::uint64_t host, int seat, Kick& kick) const;

  const RoomMembers& members_;
  const RoomSeats& seats_;
  RoomPhase phase_;
};

}  // namespace brethren::server
