// Port Royal: the decoded action, its ActionId and its proto form.
//
// Action encoding (ActionId), fixed: stored action logs depend on it.
//   0 draw (PRP-11)        1 stop drawing (PRP-11)
//   2 repel the drawn ship (PRP-13)   3 dock it in the harbor (PRP-14)
//   4 pass: end one's Phase-2 opportunity (PRP-23)
//   5 + p          take the harbor card at position p, 0 <= p < 65 (PRP-24/25)
//   70 + 27*e + 9*a + 3*c + h
//                  fulfil expedition kind e (0 EXP-AA, 1 EXP-CC, 2 EXP-HH,
//                  3 EXP-AAH, 4 EXP-CCH, 5 EXP-ACH-5P) discarding a / c / h
//                  Jacks of all Trades as anchor / cross / house, the rest of
//                  each symbol by Captains / Priests / Settlers (PRP-26, 33)
//   232 ids in all.
#pragma once

#include <cassert>
#include <cstdint>

#include "brethren/v1/game.pb.h"
#include "rules/core/result.h"
#include "rules/core/types.h"
#include "rules/port_royal_pfister/port_royal_pfister_cards.h"

namespace brethren::rules::port_royal_pfister {

inline constexpr int kMaxHarbor = 65;         // 60 persons + at most 5 ships
inline constexpr int kMaxJacksPerSymbol = 2;  // no Expedition needs more of one symbol

// The layout of the ActionId space (encode/decode and action_space_size are
// its only readers in the rules; tests name ids through the shortcuts below).
namespace action {
inline constexpr ActionId kDraw = 0;
inline constexpr ActionId kStop = 1;
inline constexpr ActionId kRepel = 2;
inline constexpr ActionId kDock = 3;
inline constexpr ActionId kPass = 4;
inline constexpr ActionId kTakeBase = 5;
inline constexpr ActionId kFulfilBase = kTakeBase + kMaxHarbor;
inline constexpr ActionId kFulfilPerKind = 27;
inline constexpr ActionId kSpaceSize = kFulfilBase + kFulfilPerKind * kNumExpeditionKinds;
inline constexpr ActionId take(int position) { return kTakeBase + static_cast<ActionId>(position); }
inline constexpr ActionId fulfil(int expedition, int jacks_anchor, int jacks_cross, int jacks_house) {
  return kFulfilBase +
         static_cast<ActionId>(kFulfilPerKind * expedition + 9 * jacks_anchor + 3 * jacks_cross + jacks_house);
}
}  // namespace action

enum class Kind : std::uint8_t { kDraw, kStop, kRepel, kDock, kPass, kTake, kFulfil };

struct Action {
  Kind kind = Kind::kPass;
  int position = 0;    // kTake: harbor position, 0..kMaxHarbor-1
  int expedition = 0;  // kFulfil: expedition kind, 0..kNumExpeditionKinds-1
  // kFulfil: Jacks of all Trades standing for each symbol, 0..kMaxJacksPerSymbol.
  int jacks_anchor = 0, jacks_cross = 0, jacks_house = 0;

  static constexpr Action simple(Kind kind) { return {kind, 0, 0, 0, 0, 0}; }
  static constexpr Action take(int position) { return {Kind::kTake, position, 0, 0, 0, 0}; }
  static constexpr Action fulfil(int expedition, int jacks_anchor, int jacks_cross, int jacks_house) {
    return {Kind::kFulfil, 0, expedition, jacks_anchor, jacks_cross, jacks_house};
  }
  friend constexpr bool operator==(const Action&, const Action&) = default;
};

// `id` < action::kSpaceSize (State::apply refuses larger ids before any
// game code sees them).
constexpr Action decode(ActionId id) {
  assert(id < action::kSpaceSize);
  if (id >= action::kFulfilBase) {
    const int rel = static_cast<int>(id - action::kFulfilBase);
    const int in_kind = rel % static_cast<int>(action::kFulfilPerKind);
    return Action::fulfil(rel / static_cast<int>(action::kFulfilPerKind), in_kind / 9, (in_kind / 3) % 3, in_kind % 3);
  }
  if (id >= action::kTakeBase) return Action::take(static_cast<int>(id - action::kTakeBase));
  switch (id) {
    case action::kDraw: return Action::simple(Kind::kDraw);
    case action::kStop: return Action::simple(Kind::kStop);
    case action::kRepel: return Action::simple(Kind::kRepel);
    case action::kDock: return Action::simple(Kind::kDock);
    default: return Action::simple(Kind::kPass);
  }
}

constexpr ActionId encode(const Action& a) {
  switch (a.kind) {
    case Kind::kDraw: return action::kDraw;
    case Kind::kStop: return action::kStop;
    case Kind::kRepel: return action::kRepel;
    case Kind::kDock: return action::kDock;
    case Kind::kPass: return action::kPass;
    case Kind::kTake: return action::take(a.position);
    case Kind::kFulfil: return action::fulfil(a.expedition, a.jacks_anchor, a.jacks_cross, a.jacks_house);
  }
  return action::kPass;
}

// The ids are part of stored logs: these must never change.
static_assert(encode(Action::simple(Kind::kDraw)) == 0 && encode(Action::simple(Kind::kStop)) == 1);
static_assert(encode(Action::simple(Kind::kRepel)) == 2 && encode(Action::simple(Kind::kDock)) == 3);
static_assert(encode(Action::simple(Kind::kPass)) == 4);
static_assert(encode(Action::take(0)) == 5 && encode(Action::take(kMaxHarbor - 1)) == 69);
static_assert(encode(Action::fulfil(0, 0, 0, 0)) == 70 && encode(Action::fulfil(5, 2, 2, 2)) == 231);
static_assert(encode(Action::fulfil(3, 1, 0, 1)) == 70 + 27 * 3 + 9 + 1);
static_assert(action::kSpaceSize == 232);
static_assert(decode(69) == Action::take(64) && decode(70 + 27 * 4 + 3 * 2 + 1) == Action::fulfil(4, 0, 2, 1));

v1::GameAction to_proto(const Action& a);
// kMalformedAction when the message is not a Port Royal action or a field is
// out of range; says nothing about legality.
Result<Action> from_proto(const v1::GameAction& action);

}  // namespace brethren::rules::port_royal_pfister
