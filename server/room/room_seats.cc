#include "server/room/room_seats.h"

#include "server/base/secrets.h"

namespace brethren::server {

std::optional<Refusal> RoomSeats::pick(int requested, int& seat) const {
  if (requested == -1) {
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      if (!slots_[i].taken) {
        seat = static_cast<int>(i);
        return std::nullopt;
      }
    }
    return Refusal{v1::ROOM_FULL, "every seat is taken"};
  }
  if (requested < 0 || requested >= static_cast<int>(slots_.size())) {
    return Refusal{v1::INVALID_ARGUMENT, "no seat " + std::to_string(requested) + "; seats are numbered 0 to " +
                                             std::to_string(slots_.size() - 1) + ", or -1 for any"};
  }
  if (slots_[static_cast<std::size_t>(requested)].taken) {
    return Refusal{v1::SEAT_TAKEN, "seat " + std::to_string(requested) + " is taken"};
  }
  seat = requested;
  return std::nullopt;
}

void RoomSeats::take(int seat, std::string display_name, const std::string& token, std::uint64_t client_id,
                     std::int64_t account_id) {
  slots_[static_cast<std::size_t>(seat)] =
      SeatSlot{true, std::move(display_name), sha256_hex(token), client_id, "", account_id};
}

void RoomSeats::give_bot(int seat, const std::string& kind) {
  slots_[static_cast<std::size_t>(seat)] = SeatSlot{true, "Bot (" + kind + ")", "", 0, kind, 0};
}

int RoomSeats::seat_of_token(const std::string& token) const {
  const std::string hash = sha256_hex(token);
  int seat = -1;
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    if (slots_[i].taken && slots_[i].token_hash == hash) seat = static_cast<int>(i);
  }
  return seat;
}

int RoomSeats::seat_of_account(std::int64_t account_id) const {
  if (account_id == 0) return -1;
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    if (slots_[i].taken && slots_[i].account_id == account_id) return static_cast<int>(i);
  }
  return -1;
}

int RoomSeats::taken_count() const {
  int taken = 0;
  for (const SeatSlot& slot : slots_) taken += slot.taken ? 1 : 0;
  return taken;
}

int RoomSeats::first_taken_from(int count) const {
  for (std::size_t s = static_cast<std::size_t>(count); s < slots_.size(); ++s) {
    if (slots_[s].taken) return static_cast<int>(s);
  }
  return -1;
}

void RoomSeats::resize_keeping_taken(int count) {
  std::size_t keep = static_cast<std::size_t>(count);
  for (std::size_t s = keep; s < slots_.size(); ++s) {
    if (slots_[s].taken) keep = s + 1;
  }
  slots_.resize(keep);
}

}  // namespace brethren::server
