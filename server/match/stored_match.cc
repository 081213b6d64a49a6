#include "server/match/stored_match.h"

#include <string>

namespace brethren::server {

rules::MatchSetup stored_setup(const persistence::MatchRecord& match) {
  v1::GameOptions options;
  options.ParseFromString(match.options);
  return rules::MatchSetup{std::move(options), match.seat_count, match.seed, match.secret_seed, match.rules_version};
}

rules::Result<std::vector<rules::LoggedAction>> parse_action_log(
    const std::vector<persistence::ActionRecord>& actions) {
  std::vector<rules::LoggedAction> log;
  log.reserve(actions.size());
  for (const auto& a : actions) {
    rules::LoggedAction step{a.seat, {}};
    if (!step.action.ParseFromString(a.action)) {
      return rules::Error{rules::ErrorCode::kCorruptState,
                          "stored action " + std::to_string(a.seq) + " does not parse"};
    }
    log.push_back(std::move(step));
  }
  return log;
}

rules::Result<std::unique_ptr<rules::State>> replay_stored(const rules::Game& game,
                                                           const persistence::MatchRecord& match,
                                                           std::span<const rules::LoggedAction> log) {
  return rules::replay(game, stored_setup(match), log);
}

}  // namespace brethren::server
