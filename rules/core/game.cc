#include "rules/core/game.h"

#include <algorithm>

namespace brethren::rules {

const char* to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::kNotYourTurn: return "NOT_YOUR_TURN";
    case ErrorCode::kIllegalAction: return "ILLEGAL_ACTION";
    case ErrorCode::kMalformedAction: return "MALFORMED_ACTION";
    case ErrorCode::kGameOver: return "GAME_OVER";
    case ErrorCode::kInvalidOptions: return "INVALID_OPTIONS";
    case ErrorCode::kInvalidSeatCount: return "INVALID_SEAT_COUNT";
    case ErrorCode::kUnknownGame: return "UNKNOWN_GAME";
    case ErrorCode::kCorruptState: return "CORRUPT_STATE";
    case ErrorCode::kRulesVersionMismatch: return "RULES_VERSION_MISMATCH";
  }
  return "UNKNOWN";
}

Status Game::check_seat_count(int seats) const {
  if (seats < info().min_seats() || seats > info().max_seats()) {
    return make_error(ErrorCode::kInvalidSeatCount,
                      info().display_name() + " is played by " + std::to_string(info().min_seats()) + " to " +
                          std::to_string(info().max_seats()) + " players, not " + std::to_string(seats));
  }
  return Ok{};
}

std::uint32_t Game::rules_version() const { return info().rules_version(); }

Status check_rules_version(const Game& game, std::uint32_t rules_version) {
  const std::uint32_t current = game.rules_version();
  const std::uint32_t oldest = game.oldest_playable_rules_version();
  if (rules_version >= oldest && rules_version <= current) return Ok{};
  const std::string older = oldest < current
                                ? " (and still " + std::to_string(oldest) + (oldest + 1 < current ? " and later" : "") +
                                      " for matches started under it)"
                                : "";
  return make_error(ErrorCode::kRulesVersionMismatch,
                    game.info().display_name() + " match started under rules version " + std::to_string(rules_version) +
                        ", but this build plays rules version " + std::to_string(current) + older +
                        ": its log would not replay as it was played");
}

Result<std::unique_ptr<State>> replay(const Game& game, const MatchSetup& setup, std::span<const LoggedAction> log) {
  if (setup.rules_version != 0) {
    if (auto st = check_rules_version(game, setup.rules_version); !st) return st.error();
  }
  auto state = game.new_match(setup);
  if (!state) return state.error();
  for (std::size_t i = 0; i < log.size(); ++i) {
    if (auto st = (*state)->apply(log[i].seat, log[i].action); !st) {
      return make_error(st.error().code, "action " + std::to_string(i + 1) + " of the log: " + st.error().message);
    }
  }
  return state;
}

v1::MatchOutcome rank_outcome(const std::vector<std::vector<int>>& keys, std::string summary) {
  v1::MatchOutcome out;
  for (std::size_t seat = 0; seat < keys.size(); ++seat) {
    int better = 0;
    for (const auto& other : keys) {
      if (std::lexicographical_compare(keys[seat].begin(), keys[seat].end(), other.begin(), other.end())) ++better;
    }
    auto* r = out.add_seats();
    r->set_seat(static_cast<int>(seat));
    r->set_score(keys[seat].empty() ? 0 : keys[seat][0]);
    r->set_rank(better + 1);
    r->set_winner(better == 0);
  }
  out.set_summary(std::move(summary));
  return out;
}

}  // namespace brethren::rules
