// A match as the store keeps it, played back: its setup from the match row,
// its moves from the action rows. The one way the room (a restart's
// recovery), the move pipeline (rolling back a move that was not stored) and
// the history API rebuild a match, so that all three read rows alike.
#pragma once

#include <memory>
#include <span>
#include <string>
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

// The match's state after `log`, every step checked by the rules, under the
// rules version the match was stored with (one the game no longer plays, or
// 0, which no build ever stored: kRulesVersionMismatch).
rules::Result<std::unique_ptr<rules::State>> replay_stored(const rules::Game& game,
                                                           const persistence::MatchRecord& match,
                                                           std::span<const rules::LoggedAction> log);

// Why a stored match does not replay (issue #26): its rules version is not
// one this build plays, a row does not read (an action that does not parse,
// a final state that does not load), or the rules refuse a step.
enum class ReplayFailure { kNone, kRulesVersion, kCorruptRow, kRefusedStep };

// A stored match as far as it replays: the state after the longest prefix
// of its rows that reads and that the rules accept (nullptr when not even
// its setup plays), those rows, and why the next one (or the setup) does
// not replay.
struct StoredPrefix {
  std::unique_ptr<rules::State> state;
  std::vector<rules::LoggedAction> log;
  ReplayFailure failure = ReplayFailure::kNone;
  std::string reason;  // words; empty with kNone
};
StoredPrefix replay_stored_prefix(const rules::Game& game, const persistence::MatchRecord& match,
                                  const std::vector<persistence::ActionRecord>& actions);

}  // namespace brethren::server
