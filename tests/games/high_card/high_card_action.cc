#include "tests/games/high_card/high_card_action.h"

#include "tests/games/high_card/high_card.h"
#include "tests/games/test_game_wire.h"

namespace brethren::rules::high_card {

std::optional<Action> decode(ActionId id) {
  if (id >= kActionSpaceSize) return std::nullopt;
  return Action{static_cast<int>(id) + 1};
}

ActionId encode(Action action) { return static_cast<ActionId>(action.stake - 1); }

v1::GameAction to_proto(Action action) {
  v1::high_card::Action inner;
  inner.set_stake(action.stake);
  v1::GameAction out;
  tests::pack(out, inner);
  return out;
}

std::optional<Action> from_proto(const v1::GameAction& message) {
  v1::high_card::Action inner;
  if (!tests::unpack(message, inner)) return std::nullopt;
  if (inner.stake() < 1 || inner.stake() > kMaxStake) return std::nullopt;
  return Action{inner.stake()};
}

}  // namespace brethren::rules::high_card
