// High Card: the legal moves and why others are not.
#include "tests/games/high_card/high_card.h"
#include "tests/games/high_card/high_card_action.h"

namespace brethren::rules::high_card {

ActionId HighCardState::action_space_size() const { return kActionSpaceSize; }

void HighCardState::fill_legal_actions(Seat seat, std::vector<ActionId>& out) const {
  out.clear();
  if (is_terminal() || seat < 0 || seat >= num_seats() || players_[seat].stake != 0) return;
  for (int stake = 1; stake <= max_stake(seat); ++stake) out.push_back(encode(Action{stake}));  // HC-4
}

std::string HighCardState::illegal_reason(Seat seat, ActionId id) const {
  const Action action = *decode(id);  // State::apply checked the range
  return "a stake of " + std::to_string(action.stake) + " would not leave a chip for each round to come: at most " +
         std::to_string(max_stake(seat)) + " (HC-4)";
}

v1::GameAction HighCardState::encode_action(Seat, ActionId id) const { return to_proto(*decode(id)); }

Result<ActionId> HighCardState::decode_action(Seat, const v1::GameAction& message) const {
  const auto action = from_proto(message);
  if (!action) return make_error(ErrorCode::kMalformedAction, "not a High Card action (a stake of 1 to 3)");
  return encode(*action);
}

}  // namespace brethren::rules::high_card
