// Letter of Marque: the decoded action, its ActionId and its proto form.
//
// Action encoding (ActionId), fixed: stored action logs depend on it.
//   0 choose an unarmed ship (preliminary turn)   1 choose an armed ship
//   2 depart with an unarmed ship                 3 depart with an armed ship
//   4 pass
//   5 + (id - 1)   return own ship `id` (ids 1..30)
//   35 + (id - 1)  attack opponent ship `id`
//
// A player's ships of one kind are interchangeable, so actions name the kind
// (armed / unarmed), never a particular ship; a ship gets its public id only
// when it reaches the sea (LOM-H-7).
#pragma once

#include <cassert>
#include <cstdint>

#include "brethren/v1/game.pb.h"
#include "rules/core/result.h"
#include "rules/core/types.h"

namespace brethren::rules::letter_of_marque {

inline constexpr int kShipsPerPlayer = 5;
inline constexpr int kMaxShips = 6 * kShipsPerPlayer;

// The layout of the ActionId space (encode/decode and action_space_size are
// its only readers in the rules; tests name ids through the shortcuts below).
namespace action {
inline constexpr ActionId kChooseUnarmed = 0;
inline constexpr ActionId kChooseArmed = 1;
inline constexpr ActionId kDepartUnarmed = 2;
inline constexpr ActionId kDepartArmed = 3;
inline constexpr ActionId kPass = 4;
inline constexpr ActionId kReturnBase = 5;
inline constexpr ActionId kAttackBase = kReturnBase + kMaxShips;
inline constexpr ActionId kSpaceSize = kAttackBase + kMaxShips;
inline constexpr ActionId return_ship(int ship_id) { return kReturnBase + static_cast<ActionId>(ship_id - 1); }
inline constexpr ActionId attack(int ship_id) { return kAttackBase + static_cast<ActionId>(ship_id - 1); }
}  // namespace action

enum class Kind : std::uint8_t { kChooseShip, kDepart, kPass, kReturnShip, kAttack };

struct Action {
  Kind kind = Kind::kPass;
  bool armed = false;  // kChooseShip, kDepart: which kind of ship
  int ship_id = 0;     // kReturnShip, kAttack: 1..kMaxShips

  static constexpr Action choose_ship(bool armed) { return {Kind::kChooseShip, armed, 0}; }
  static constexpr Action depart(bool armed) { return {Kind::kDepart, armed, 0}; }
  static constexpr Action pass() { return {Kind::kPass, false, 0}; }
  static constexpr Action return_ship(int ship_id) { return {Kind::kReturnShip, false, ship_id}; }
  static constexpr Action attack(int ship_id) { return {Kind::kAttack, false, ship_id}; }
  friend constexpr bool operator==(const Action&, const Action&) = default;
};

// `id` < action::kSpaceSize (State::apply refuses larger ids before any
// game code sees them).
constexpr Action decode(ActionId id) {
  assert(id < action::kSpaceSize);
  if (id <= action::kChooseArmed) return Action::choose_ship(id == action::kChooseArmed);
  if (id <= action::kDepartArmed) return Action::depart(id == action::kDepartArmed);
  if (id == action::kPass) return Action::pass();
  if (id < action::kAttackBase) return Action::return_ship(static_cast<int>(id - action::kReturnBase) + 1);
  return Action::attack(static_cast<int>(id - action::kAttackBase) + 1);
}

constexpr ActionId encode(const Action& a) {
  switch (a.kind) {
    case Kind::kChooseShip: return a.armed ? action::kChooseArmed : action::kChooseUnarmed;
    case Kind::kDepart: return a.armed ? action::kDepartArmed : action::kDepartUnarmed;
    case Kind::kPass: return action::kPass;
    case Kind::kReturnShip: return action::return_ship(a.ship_id);
    case Kind::kAttack: return action::attack(a.ship_id);
  }
  return action::kPass;
}

// The ids are part of stored logs: these must never change.
static_assert(encode(Action::choose_ship(false)) == 0 && encode(Action::choose_ship(true)) == 1);
static_assert(encode(Action::depart(false)) == 2 && encode(Action::depart(true)) == 3);
static_assert(encode(Action::pass()) == 4);
static_assert(encode(Action::return_ship(1)) == 5 && encode(Action::return_ship(kMaxShips)) == 34);
static_assert(encode(Action::attack(1)) == 35 && encode(Action::attack(kMaxShips)) == 64);
static_assert(action::kSpaceSize == 65);
static_assert(decode(34) == Action::return_ship(30) && decode(35) == Action::attack(1));

v1::GameAction to_proto(const Action& a);
// kMalformedAction when the message is not a Letter of Marque action or a
// ship id is out of range; says nothing about legality.
Result<Action> from_proto(const v1::GameAction& action);

}  // namespace brethren::rules::letter_of_marque
