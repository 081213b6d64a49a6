// Small vocabulary shared by every game: seats, viewers, actions, audiences.
#pragma once

#include <cstdint>
#include <initializer_list>

namespace brethren::rules {

// Seats are numbered 0..N-1 in turn order ("clockwise" = increasing index).
using Seat = int;

// A game's actions are dense integers in [0, action_space_size()), in the
// spirit of OpenSpiel; each game documents its encoding and converts to and
// from its typed Protobuf Action at the edge (encode_action/decode_action).
using ActionId = std::uint32_t;

constexpr int kMaxSeats = 16;

// Who a view is built for: one seat, or a spectator (who sees only what is
// public to everyone).
class Viewer {
 public:
  static constexpr Viewer player(Seat seat) { return Viewer(seat); }
  static constexpr Viewer spectator() { return Viewer(-1); }

  constexpr bool is_spectator() const { return seat_ < 0; }
  constexpr Seat seat() const { return seat_; }
  friend constexpr bool operator==(Viewer, Viewer) = default;

 private:
  constexpr explicit Viewer(Seat seat) : seat_(seat) {}
  Seat seat_;
};

// Who may see one event: everyone (players and spectators) or a set of seats.
class Audience {
 public:
  static constexpr Audience everyone() { return Audience(true, 0); }
  static constexpr Audience only(Seat seat) { return Audience(false, 1u << seat); }
  static Audience seats(std::initializer_list<Seat> seats) {
    std::uint32_t mask = 0;
    for (Seat s : seats) mask |= 1u << s;
    return Audience(false, mask);
  }
  static constexpr Audience from_mask(bool everyone, std::uint32_t mask) { return Audience(everyone, mask); }

  constexpr bool is_everyone() const { return everyone_; }
  constexpr std::uint32_t seat_mask() const { return mask_; }
  constexpr bool includes(Viewer v) const { return everyone_ || (!v.is_spectator() && ((mask_ >> v.seat()) & 1u)); }

 private:
  constexpr Audience(bool everyone, std::uint32_t mask) : everyone_(everyone), mask_(mask) {}
  bool everyone_;
  std::uint32_t mask_;
};

}  // namespace brethren::rules
