// A match as the store keeps it, played back: its setup from the match row,
// its moves from the action rows. The one way the room (a restart's
// recovery), the move pipeline (rolling back a move that was not stored) and
// the history API rebuild a match, so that all three read rows alike.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "persistence/records.h"
#include "rules/core/game.h"
#include "rules/core/result.h"

namespace brethren::server {

// The setup the match was created with: options, seats and both seeds.
rules::MatchSetup stored_setup(const persistence::MatchRecord& match);

// The stored actions as the rules' log, in order; kCorruptState naming the
// first row whose action does not parse.
rules::Result<std::vector<rules::LoggedAction>> parse_action_log(const std::vector<persistence::ActionRecord>& actions);

// The match's state after `log`, every step checked by the rules.
rules::Result<std::unique_ptr<rules::State>> replay_stored(const rules::Game& game,
                                                           const persistence::MatchRecord& match,
                                                           std::span<const rules::LoggedAction> log);

}  // namespace brethren::server
