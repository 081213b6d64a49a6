// High Card's decoded action, shared by the legal moves, apply, the illegal
// reasons and the proto codec.
//
// Action encoding (ActionId): stake - 1, for stakes 1..kMaxStake. A game with
// several kinds of move adds `Kind kind` here and one range of ids per kind.
#pragma once

#include <optional>

#include "brethren/v1/game.pb.h"
#include "tests/games/high_card/high_card.h"

namespace brethren::rules::high_card {

struct Action {
  int stake = 0;  // 1..kMaxStake
};

inline constexpr ActionId kActionSpaceSize = kMaxStake;

// nullopt for an id outside [0, kActionSpaceSize).
std::optional<Action> decode(ActionId id);
ActionId encode(Action action);

v1::GameAction to_proto(Action action);
// nullopt when the message holds no High Card action or its stake is out of range.
std::optional<Action> from_proto(const v1::GameAction& message);

}  // namespace brethren::rules::high_card
