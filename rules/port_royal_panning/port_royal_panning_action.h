// Port Royal (Panning): the decoded action (kind + parameters), its ActionId
// encoding and its proto form. The one place that maps ActionId ranges to
// kinds: legal moves, apply, illegal reasons and the codec share it.
//
// Action encoding (ActionId), 355 in all; stored action logs depend on it:
//     0..18   bid 1..19 tons (id = amount - 1)          19  pass (auction)
//    20..54   set aside crew card c (20 + c)            55..58  name trump colour
//    59..62   name leader seat                          63..111 pirate on loot id
//   112..146  play crew card c (112 + c)                147..150 place won card on ship
//   151 pay down the bid   152 discard with the kept Remove-1-card   153 keep Remove-1-card
//   154..202  Remove 1 card: discard loot id from own ship (154 + id)
//   203..226  Remove 1 card: discard prisoner (203 + ship * 6 + index)
//   227..254  Move 1 card: special id 40..46 to ship (227 + (id - 40) * 4 + to)
//   255..350  Move 1 card: prisoner (255 + ((from * 6) + index) * 4 + to)
//   351..354  place the next won prisoner face down on ship
#pragma once

#include <cstdint>

#include "brethren/v1/game.pb.h"
#include "rules/core/result.h"
#include "rules/core/types.h"
#include "rules/port_royal_panning/port_royal_panning_cards.h"

namespace brethren::rules::port_royal_panning {

namespace action {
inline constexpr ActionId kBid = 0;
inline constexpr ActionId kPass = kBid + kMaxDebt;
inline constexpr ActionId kSetAside = kPass + 1;
inline constexpr ActionId kTrump = kSetAside + kCrewCards;
inline constexpr ActionId kLeader = kTrump + kColours;
inline constexpr ActionId kChooseLoot = kLeader + 4;
inline constexpr ActionId kPlay = kChooseLoot + kLootCards;
inline constexpr ActionId kPlaceLoot = kPlay + kCrewCards;
inline constexpr ActionId kPayDown = kPlaceLoot + kGoods;
inline constexpr ActionId kDiscardWithRemove = kPayDown + 1;
inline constexpr ActionId kKeepRemove = kDiscardWithRemove + 1;
inline constexpr ActionId kRemoveLoot = kKeepRemove + 1;
inline constexpr ActionId kRemovePrisoner = kRemoveLoot + kLootCards;
inline constexpr ActionId kMoveSpecial = kRemovePrisoner + kGoods * kMaxPrisonersOnShip;
inline constexpr ActionId kMovePrisoner = kMoveSpecial + kPlacedSpecials * kGoods;
inline constexpr ActionId kPlacePrisoner = kMovePrisoner + kGoods * kMaxPrisonersOnShip * kGoods;
inline constexpr ActionId kSpaceSize = kPlacePrisoner + kGoods;

constexpr ActionId bid(int amount) { return kBid + static_cast<ActionId>(amount - 1); }
constexpr ActionId set_aside(int card) { return kSetAside + static_cast<ActionId>(card); }
constexpr ActionId trump(int colour) { return kTrump + static_cast<ActionId>(colour); }
constexpr ActionId leader(int seat) { return kLeader + static_cast<ActionId>(seat); }
constexpr ActionId choose_loot(int loot) { return kChooseLoot + static_cast<ActionId>(loot); }
constexpr ActionId play(int card) { return kPlay + static_cast<ActionId>(card); }
constexpr ActionId place_loot(int ship) { return kPlaceLoot + static_cast<ActionId>(ship); }
constexpr ActionId remove_loot(int loot) { return kRemoveLoot + static_cast<ActionId>(loot); }
constexpr ActionId remove_prisoner(int ship, int index) {
  return kRemovePrisoner + static_cast<ActionId>(ship * kMaxPrisonersOnShip + index);
}
constexpr ActionId move_special(int loot, int to) {
  return kMoveSpecial + static_cast<ActionId>((loot - kStandardLoot) * kGoods + to);
}
constexpr ActionId move_prisoner(int from, int index, int to) {
  return kMovePrisoner + static_cast<ActionId>((from * kMaxPrisonersOnShip + index) * kGoods + to);
}
constexpr ActionId place_prisoner(int ship) { return kPlacePrisoner + static_cast<ActionId>(ship); }
// The encoding documented at the top of this file.
static_assert(kPass == 19 && kTrump == 55 && kPlay == 112 && kPayDown == 151 && kRemoveLoot == 154 &&
              kMoveSpecial == 227 && kMovePrisoner == 255 && kPlacePrisoner == 351 && kSpaceSize == 355);
}  // namespace action

enum class Kind : std::uint8_t {
  kBid,
  kPass,
  kSetAside,
  kNameTrump,
  kNameLeader,
  kChooseLoot,
  kPlayCard,
  kPlaceLoot,
  kPayDown,
  kDiscardWithRemove,
  kKeepRemove,
  kRemoveLoot,
  kRemovePrisoner,
  kMoveSpecial,
  kMovePrisoner,
  kPlacePrisoner,
};

// One action with its parameters; the fields a kind does not use stay -1.
struct Action {
  Kind kind = Kind::kPass;
  int amount = -1;  // kBid: tons, 1..19
  int card = -1;    // kSetAside, kPlayCard: crew card id
  int colour = -1;  // kNameTrump: 0..3
  int seat = -1;    // kNameLeader
  int loot = -1;    // kChooseLoot, kRemoveLoot, kMoveSpecial: loot id
  int ship = -1;    // kPlaceLoot, kRemovePrisoner, kPlacePrisoner; kMovePrisoner: the ship it leaves
  int index = -1;   // kRemovePrisoner, kMovePrisoner: the prisoner's index on its ship
  int to = -1;      // kMoveSpecial, kMovePrisoner: the ship it goes to
};

// `id` must lie in [0, action::kSpaceSize).
Action decode(ActionId id);
ActionId encode(const Action& action);

// The proto form. from_proto refuses out-of-range parameters with
// kMalformedAction; `seats` bounds the leader seat.
v1::port_royal_panning::Action to_proto(const Action& action);
Result<Action> from_proto(const v1::port_royal_panning::Action& action, int seats);

// Card and ship conversions shared by the action codec, events and views.
v1::port_royal_panning::Good good_pb(int ship);
void set_crew(v1::port_royal_panning::CrewCard* out, int card);
// The card id a wire crew card names; kMalformedAction if none.
Result<int> crew_from(const v1::port_royal_panning::CrewCard& card);

}  // namespace brethren::rules::port_royal_panning
