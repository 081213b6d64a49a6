// High Card: metadata, set-up checks and the match factory.
#include "tests/games/high_card/high_card.h"

#include <string>

namespace brethren::rules::high_card {
namespace {

class HighCardGame final : public Game {
 public:
  HighCardGame() {
    info_.set_id(kGameId);
    info_.set_display_name("High Card (test only)");
    // Bumped whenever a seeded match could play differently, with the reason
    // in README.md beside it ("Rules versions"); tests/rules/golden/ fails otherwise.
    info_.set_rules_version(kRulesVersion);
    info_.set_min_seats(kSeats);
    info_.set_max_seats(kSeats);
    info_.set_summary("Stake chips on a hidden card, in secret; the higher card takes both stakes.");
    // No options: default_options stays empty. The action log names only
    // stakes, all revealed at the end of their round (HC-5).
    info_.set_action_log_public(true);
  }

  const v1::GameInfo& info() const override { return info_; }
  // Version 1 stays playable for matches started under it (README.md,
  // "Rules versions"): a stored version-1 match finishes under version 1.
  std::uint32_t oldest_playable_rules_version() const override { return kOldestRulesVersion; }
  std::uint64_t max_moves() const override { return kMaxMoves; }

  Status check_setup(const v1::GameOptions& options, int seats) const override {
    if (auto st = check_seat_count(seats); !st) return st.error();
    if (options.game_case() != v1::GameOptions::GAME_NOT_SET) {
      return make_error(ErrorCode::kInvalidOptions, "High Card has no options");
    }
    return Ok{};
  }

  Result<std::unique_ptr<State>> new_match(const MatchSetup& setup) const override {
    if (auto st = check_setup(setup.options, setup.seats); !st) return st.error();
    // 0: the current version; an older one still playable on request.
    const std::uint32_t version = setup.rules_version == 0 ? kRulesVersion : setup.rules_version;
    if (auto st = check_rules_version(*this, version); !st) return st.error();
    return std::unique_ptr<State>(std::make_unique<HighCardState>(setup.seats, setup.seed, version));
  }

  Result<std::unique_ptr<State>> deserialize(std::string_view bytes) const override {
    return load_state<HighCardState>(bytes);
  }

 private:
  v1::GameInfo info_;
};

}  // namespace

std::unique_ptr<Game> make_game() { return std::make_unique<HighCardGame>(); }

}  // namespace brethren::rules::high_card
