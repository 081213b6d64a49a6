// A room's seats: who holds each one (a person, known by his seat token's
// hash and, when he was signed in, by his account; or a server-side bot), who is connected on it, and which seat a
// TakeSeat or AddBot gets. No I/O: the room stores a seat's change and
// calls these on its strand.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/room/refusal.h"

namespace brethren::server {

struct SeatSlot {
  bool taken = false;
  std::string display_name;
  std::string token_hash;
  std::uint64_t client_id = 0;  // 0: nobody connected on this seat
  std::string bot_kind;         // non-empty: a server-side bot holds the seat
  std::int64_t account_id = 0;  // the holder's account (persistence::SeatRecord::account_id)
  // A claimed account sits here under its username (SeatInfo.claimed).
  bool claimed = false;
};

class RoomSeats {
 public:
  explicit RoomSeats(int count) : slots_(static_cast<std::size_t>(count)) {}

  std::size_t size() const { return slots_.size(); }
  SeatSlot& operator[](std::size_t seat) { return slots_[seat]; }
  const SeatSlot& operator[](std::size_t seat) const { return slots_[seat]; }

  // The seat a TakeSeat or AddBot names (-1: the first free one) in
  // `seat`, or why there is none.
  std::optional<Refusal> pick(int requested, int& seat) const;
  // A person takes `seat`, connected as `client_id`; his token is kept as
  // its hash, his account (0: none) as it is.
  void take(int seat, std::string display_name, const std::string& token, std::uint64_t client_id,
            std::int64_t account_id = 0);
  // A server-side bot of `kind` holds `seat` (named after its kind).
  void give_bot(int seat, const std::string& kind);
  void free(int seat) { slots_[static_cast<std::size_t>(seat)] = SeatSlot{}; }
  // The taken seat whose token this is; -1 when none.
  int seat_of_token(const std::string& token) const;
  // The seat `account_id` holds; -1 when none (or account_id is 0).
  int seat_of_account(std::int64_t account_id) const;

  int taken_count() const;
  bool all_taken() const { return taken_count() == static_cast<int>(slots_.size()); }
  // The first taken seat at `count` or above (seats an UpdateRoom to
  // `count` seats would remove); -1 when none.
  int first_taken_from(int count) const;
  void resize(int count) { slots_.resize(static_cast<std::size_t>(count)); }
  // `count` seats, or more where seats beyond are taken (a change of the
  // seat count that could not be stored: seats added meanwhile go again
  // unless taken).
  void resize_keeping_taken(int count);

 private:
  std::vector<SeatSlot> slots_;
};

}  // namespace brethren::server
