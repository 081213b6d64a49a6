// Tortuga 1667: the decoded action (kind + parameters), its ActionId encoding
// and its proto form. The one place that maps ActionId ranges to kinds:
// legal moves, apply, illegal reasons and the codec share it.
//
// Action encoding (ActionId), 273 in all; stored action logs depend on it:
//   0 pass | 1+p look pair p (10 pairs) | 11+s reveal slot s |
//   16+p*9+t force pair p on seat t | 106+a move to area a (FD, JR, Tortuga,
//   FD boat, JR boat) | 111 attack | 112+t maroon seat t | 121 mutiny |
//   122+h shift from hold h | 124 brawl | 125+src*2+h place treasure |
//   131+s pick forced slot s | 136 forced timeout | 137+k vote kind k |
//   149+i vote El Dorado pair i (78) | 227 use Atlantis | 228 use Fountain |
//   229 decline | 230+t choose player t | 239+t*2+ship Letter move |
//   257 Letter draw | 258+k put vote card k | 270+a place pawn (FD, JR, Tortuga)
#pragma once

#include <cstdint>

#include "brethren/v1/game.pb.h"
#include "rules/core/result.h"
#include "rules/core/types.h"
#include "rules/tortuga_1667/tortuga_1667_cards.h"

namespace brethren::rules::tortuga_1667 {

namespace action {
inline constexpr ActionId kPass = 0;
inline constexpr ActionId kLook = 1;
inline constexpr ActionId kReveal = kLook + 10;
inline constexpr ActionId kForce = kReveal + kRowSize;
inline constexpr ActionId kMove = kForce + 10 * kMaxPlayers;
inline constexpr ActionId kAttack = kMove + 5;
inline constexpr ActionId kMaroon = kAttack + 1;
inline constexpr ActionId kMutiny = kMaroon + kMaxPlayers;
inline constexpr ActionId kShift = kMutiny + 1;
inline constexpr ActionId kBrawl = kShift + 2;
inline constexpr ActionId kPlace = kBrawl + 1;
inline constexpr ActionId kPick = kPlace + 6;
inline constexpr ActionId kForcedTimeout = kPick + kRowSize;
inline constexpr ActionId kVote = kForcedTimeout + 1;
inline constexpr ActionId kVote2 = kVote + kVoteKinds;
inline constexpr ActionId kUseAtlantis = kVote2 + kVotePairs;
inline constexpr ActionId kUseFountain = kUseAtlantis + 1;
inline constexpr ActionId kDecline = kUseFountain + 1;
inline constexpr ActionId kChoose = kDecline + 1;
inline constexpr ActionId kLetterMove = kChoose + kMaxPlayers;
inline constexpr ActionId kLetterDraw = kLetterMove + 2 * kMaxPlayers;
inline constexpr ActionId kPut = kLetterDraw + 1;
inline constexpr ActionId kPlacePawn = kPut + kVoteKinds;
inline constexpr ActionId kSpaceSize = kPlacePawn + 3;

constexpr ActionId look(int a, int b) { return kLook + static_cast<ActionId>(slot_pair_index(a, b)); }
constexpr ActionId reveal(int slot) { return kReveal + static_cast<ActionId>(slot); }
constexpr ActionId force(int a, int b, int target) {
  return kForce + static_cast<ActionId>(slot_pair_index(a, b) * kMaxPlayers + target);
}
constexpr ActionId move(int area) { return kMove + static_cast<ActionId>(area); }
constexpr ActionId maroon(int target) { return kMaroon + static_cast<ActionId>(target); }
constexpr ActionId shift(int from_hold) { return kShift + static_cast<ActionId>(from_hold); }
constexpr ActionId place(int source, int hold) { return kPlace + static_cast<ActionId>(source * 2 + hold); }
constexpr ActionId pick(int slot) { return kPick + static_cast<ActionId>(slot); }
constexpr ActionId vote(int kind) { return kVote + static_cast<ActionId>(kind); }
constexpr ActionId vote2(int a, int b) { return kVote2 + static_cast<ActionId>(vote_pair_index(a, b)); }
constexpr ActionId choose(int seat) { return kChoose + static_cast<ActionId>(seat); }
constexpr ActionId letter_move(int seat, int ship) { return kLetterMove + static_cast<ActionId>(seat * 2 + ship); }
constexpr ActionId put(int kind) { return kPut + static_cast<ActionId>(kind); }
constexpr ActionId place_pawn(int area) { return kPlacePawn + static_cast<ActionId>(area); }
// The encoding documented at the top of this file.
static_assert(kMove == 106 && kAttack == 111 && kPlace == 125 && kVote == 137 && kUseAtlantis == 227 &&
              kChoose == 230 && kLetterDraw == 257 && kPlacePawn == 270 && kSpaceSize == 273);
}  // namespace action

enum class Kind : std::uint8_t {
  kPass,
  kLook,
  kReveal,
  kForce,
  kMove,
  kAttack,
  kMaroon,
  kMutiny,
  kShift,
  kBrawl,
  kPlace,
  kPick,
  kForcedTimeout,
  kVote,     // one vote card
  kVoteTwo,  // two vote cards with El Dorado (T67-35)
  kUseAtlantis,
  kUseFountain,
  kDecline,
  kChoose,
  kLetterMove,
  kLetterDraw,
  kPut,
  kPlacePawn,
};

// One action with its parameters; the fields a kind does not use stay -1.
struct Action {
  Kind kind = Kind::kPass;
  int slot_a = -1, slot_b = -1;  // kLook, kForce: two row positions, slot_a < slot_b
  int slot = -1;                 // kReveal, kPick: a row position
  int seat = -1;                 // kForce, kMaroon: the target; kChoose; kLetterMove: the seat moved
  int area = -1;                 // kMove, kPlacePawn: where the pawn goes
  int source = -1;               // kPlace: 0 the Galleon, 1 + h the other ship's hold h
  int hold = -1;                 // kPlace: the hold it goes to; kShift: the hold it leaves
  int ship = -1;                 // kLetterMove: the ship moved to
  int vote = -1, vote2 = -1;     // kVote, kPut: a vote kind; kVoteTwo: two kinds, vote <= vote2
};

// `id` must lie in [0, action::kSpaceSize).
Action decode(ActionId id);
ActionId encode(const Action& action);

// The proto form. from_proto refuses out-of-range parameters with
// kMalformedAction; `seats` bounds the seats named.
v1::tortuga_1667::Action to_proto(const Action& action);
Result<Action> from_proto(const v1::tortuga_1667::Action& action, int seats);

}  // namespace brethren::rules::tortuga_1667
