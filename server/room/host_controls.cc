#include "server/room/host_controls.h"

#include <algorithm>

#include "server/match/wire_errors.h"

namespace brethren::server {

std::optional<Refusal> HostControls::check_host(std::uint64_t client_id, std::string_view not_host) const {
  const RoomMember* me = members_.find(client_id);
  if (!me) return Refusal{v1::NOT_IN_ROOM, "join the room first"};
  if (!me->host) return Refusal{v1::NOT_HOST, std::string(not_host)};
  return std::nullopt;
}

std::optional<Refusal> HostControls::plan_kick(std::uint64_t host, const v1::KickMember& request, Kick& kick) const {
  if (auto refused = check_host(host)) return refused;
  if (request.seat() >= 0) {
    if (request.seat() >= static_cast<int>(seats_.size())) {
      return Refusal{v1::INVALID_ARGUMENT, "no seat " + std::to_string(request.seat())};
    }
    return plan_seat_kick(host, request.seat(), kick);
  }
  if (request.seat() != -1) {
    return Refusal{v1::INVALID_ARGUMENT, "seat is a seat number, or -1 to name a member by member_id"};
  }
  const std::uint64_t target = members_.client_of(request.member_id());
  if (target == 0) {
    return Refusal{v1::INVALID_ARGUMENT, "no member " + std::to_string(request.member_id()) + " in this room"};
  }
  if (target == host) {
    return Refusal{v1::INVALID_ARGUMENT, "you cannot kick yourself; transfer host or leave the room"};
  }
  const int seat = members_.find(target)->seat;
  if (seat >= 0) return plan_seat_kick(host, seat, kick);
  kick = Kick{-1, {target}};
  return std::nullopt;
}

std::optional<Refusal> HostControls::plan_seat_kick(std::uint64_t host, int seat, Kick& kick) const {
  const SeatSlot& slot = seats_[static_cast<std::size_t>(seat)];
  if (!slot.taken) return Refusal{v1::INVALID_ARGUMENT, "seat " + std::to_string(seat) + " is free"};
  if (phase_ == RoomPhase::kStarting) {
    return Refusal{v1::ALREADY_STARTED, "the match is starting; kick once it has started"};
  }
  if (phase_ != RoomPhase::kOpen && !slot.bot_kind.empty()) {
    return Refusal{v1::INVALID_ARGUMENT, "a bot already plays seat " + std::to_string(seat)};
  }
  std::vector<std::uint64_t> holders = members_.on_seat(seat);
  if (std::find(holders.begin(), holders.end(), host) != holders.end()) {
    return Refusal{v1::INVALID_ARGUMENT, "you cannot kick yourself; leave your seat instead"};
  }
  kick = Kick{seat, std::move(holders)};
  return std::nullopt;
}

std::optional<Refusal> HostControls::plan_transfer(std::uint64_t host, const v1::TransferHost& request,
                                                   std::uint64_t& new_host) const {
  if (auto refused = check_host(host)) return refused;
  const std::uint64_t target = members_.client_of(request.member_id());
  if (target == 0) {
    return Refusal{v1::INVALID_ARGUMENT, "no member " + std::to_string(request.member_id()) + " in this room"};
  }
  if (members_.find(target)->host) return Refusal{v1::INVALID_ARGUMENT, "that member is the host already"};
  new_host = target;
  return std::nullopt;
}

std::optional<Refusal> HostControls::plan_update(std::uint64_t host, const v1::UpdateRoom& request,
                                                 const rules::Game& game,
                                                 const std::optional<std::string>& autopilot_problem,
                                                 persistence::RoomRecord& record, v1::GameOptions& options,
                                                 v1::RoomSettings& settings) const {
  if (auto refused = check_host(host)) return refused;
  if (phase_ != RoomPhase::kOpen) {
    return Refusal{v1::ALREADY_STARTED, "the room can be changed before the start only"};
  }
  const v1::GameOptions new_options = request.has_options() ? request.options() : options;
  const int seat_count = request.has_seat_count() ? request.seat_count() : record.seat_count;
  // The rules validate seat count and options, exactly as at creation.
  if (auto checked = game.check_setup(new_options, seat_count); !checked) {
    return Refusal{to_protocol_error(checked.error().code), checked.error().message};
  }
  if (const int taken = seats_.first_taken_from(seat_count); taken >= 0) {
    return Refusal{v1::SEAT_TAKEN, "seat " + std::to_string(taken) + " is taken; only free seats can be removed"};
  }
  if (request.has_settings() && !v1::SpectatorPolicy_IsValid(request.settings().spectators())) {
    return Refusal{v1::INVALID_ARGUMENT, "unknown spectator policy"};
  }
  if (request.has_settings() && autopilot_problem) return Refusal{v1::INVALID_ARGUMENT, *autopilot_problem};
  options = new_options;
  record.options = options.SerializeAsString();
  record.seat_count = seat_count;
  if (request.has_turn_time_limit_ms()) record.turn_time_limit_ms = request.turn_time_limit_ms();
  if (request.has_public_()) record.is_public = request.public_();
  // Settings are one value: a client sends them all, as RoomInfo shows them.
  if (request.has_settings()) {
    const bool rated = settings.rated();  // set at creation only (docs/ratings.md)
    settings = request.settings();
    settings.set_rated(rated);
    record.settings = settings.SerializeAsString();
  }
  return std::nullopt;
}

std::optional<Refusal> HostControls::check_start(std::uint64_t host) const {
  if (auto refused = check_host(host, "only the host can start the match")) return refused;
  if (phase_ != RoomPhase::kOpen) return Refusal{v1::ALREADY_STARTED, "the match has already started"};
  if (!seats_.all_taken()) return Refusal{v1::SEATS_NOT_FILLED, "every seat needs a player before the start"};
  return std::nullopt;
}

std::optional<Refusal> HostControls::check_rematch(std::uint64_t host, bool shutting_down) const {
  if (auto refused = check_host(host)) return refused;
  if (phase_ != RoomPhase::kFinished) {
    return Refusal{v1::NOT_FINISHED,
                   phase_ == RoomPhase::kOpen ? "no match has been played yet; start one" : "the match has not ended"};
  }
  if (shutting_down) return Refusal{v1::SHUTTING_DOWN, "the server is shutting down"};
  if (!seats_.all_taken()) return Refusal{v1::SEATS_NOT_FILLED, "every seat needs a player"};
  return std::nullopt;
}

}  // namespace brethren::server
