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
  // MatchSetup.rules_version 0 means "the current version": a stored 0 is
  // no version at all and must not replay as the current one.
  if (auto st = rules::check_rules_version(game, match.rules_version); !st) return st.error();
  return rules::replay(game, stored_setup(match), log);
}

StoredPrefix replay_stored_prefix(const rules::Game& game, const persistence::MatchRecord& match,
                                  const std::vector<persistence::ActionRecord>& actions) {
  StoredPrefix out;
  if (auto st = rules::check_rules_version(game, match.rules_version); !st) {
    out.failure = ReplayFailure::kRulesVersion;
    out.reason = st.error().message;
    return out;
  }
  auto state = game.new_match(stored_setup(match));
  if (!state) {
    out.failure = state.error().code == rules::ErrorCode::kRulesVersionMismatch ? ReplayFailure::kRulesVersion
                                                                                : ReplayFailure::kRefusedStep;
    out.reason = "the match does not start again: " + state.error().message;
    return out;
  }
  out.state = std::move(state).value();
  for (const auto& a : actions) {
    rules::LoggedAction step{a.seat, {}};
    if (!step.action.ParseFromString(a.action)) {
      out.failure = ReplayFailure::kCorruptRow;
      out.reason = "stored action " + std::to_string(a.seq) + " does not parse";
      return out;
    }
    if (auto st = out.state->apply(step.seat, step.action); !st) {
      out.failure = ReplayFailure::kRefusedStep;
      out.reason = "stored action " + std::to_string(a.seq) + " is refused by the rules: " + st.error().message;
      return out;
    }
    out.log.push_back(std::move(step));
  }
  return out;
}

}  // namespace brethren::server
