// Port Royal (Panning): metadata, the setup check and the match factory.
#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules::port_royal_panning {
namespace pb = v1::port_royal_panning;
namespace {

class PortRoyalPanningGame final : public Game {
 public:
  PortRoyalPanningGame() {
    info_.set_id(kGameId);
    // Its log names what was played, bid and set aside; only the set-aside
    // cards are private (PRQ-H-3), and only while the match runs.
    info_.set_action_log_public(true);
    info_.set_display_name("Port Royal (Panning)");
    // Bumped whenever a seeded match could play differently, with the reason
    // in docs/rules/port-royal-panning.md ("Rules versions"); tests/rules/golden/ fails otherwise.
    info_.set_rules_version(1);
    info_.set_min_seats(3);
    info_.set_max_seats(4);
    info_.set_summary(
        "Six rounds of pirate trick-taking: bid for the privileges (trump, leader, card exchange), "
        "win loot cards with crew cards and ghosts, and load your four ships without sinking them.");
    info_.mutable_default_options()->mutable_port_royal_panning();
    auto* values = info_.add_options();
    values->set_name("loot_values");
    values->set_description(
        "Values (= tons) of a good's 10 standard loot cards (PRQ-A-6): 10 values for every good, or 40 good by "
        "good (biscuits, tobacco, rum, gunpowder), each 1..30. Empty means the default.");
    values->set_default_value("[2, 3, 4, 5, 6, 7, 8, 9, 10, 12]");
    auto* rotation = info_.add_options();
    rotation->set_name("dealer_rotation");
    rotation->set_description(
        "Where the deal passes after a round (PRQ-42, PRQ-A-4): DEALER_ROTATION_RIGHT as in the rules text, or "
        "DEALER_ROTATION_LEFT.");
    rotation->set_default_value("\"DEALER_ROTATION_RIGHT\"");
    auto* tie = info_.add_options();
    tie->set_name("tie_break");
    tie->set_description(
        "Equal final scores (PRQ-47, PRQ-A-7): TIE_BREAK_SHARED shares the victory; TIE_BREAK_LOWER_DEBT lets "
        "the lower debt win first.");
    tie->set_default_value("\"TIE_BREAK_SHARED\"");
  }

  const v1::GameInfo& info() const override { return info_; }
  std::uint64_t max_moves() const override { return kMaxMoves; }

  Status check_setup(const v1::GameOptions& game_options, int seats) const override {
    if (auto st = check_seat_count(seats); !st) return st.error();
    if (game_options.game_case() != v1::GameOptions::GAME_NOT_SET && !game_options.has_port_royal_panning()) {
      return make_error(ErrorCode::kInvalidOptions, "the options are not Port Royal (Panning) options");
    }
    const auto& options = game_options.port_royal_panning();
    const int n = options.loot_values_size();
    if (n != 0 && n != kLootPerGood && n != kStandardLoot) {
      return make_error(ErrorCode::kInvalidOptions, "loot_values needs 10 or 40 values, not " + std::to_string(n));
    }
    for (int v : options.loot_values()) {
      if (v < 1 || v > 30) return make_error(ErrorCode::kInvalidOptions, "loot values must be 1..30 tons");
    }
    if (!pb::DealerRotation_IsValid(options.dealer_rotation())) {
      return make_error(ErrorCode::kInvalidOptions, "unknown dealer_rotation value");
    }
    if (!pb::TieBreak_IsValid(options.tie_break())) {
      return make_error(ErrorCode::kInvalidOptions, "unknown tie_break value");
    }
    return Ok{};
  }

  Result<std::unique_ptr<State>> new_match(const MatchSetup& setup) const override {
    if (auto st = check_setup(setup.options, setup.seats); !st) return st.error();
    return std::unique_ptr<State>(
        std::make_unique<PortRoyalPanningState>(setup.options.port_royal_panning(), setup.seats, setup.seed));
  }

  Result<std::unique_ptr<State>> deserialize(std::string_view bytes) const override {
    return load_state<PortRoyalPanningState>(bytes);
  }

 private:
  v1::GameInfo info_;
};

}  // namespace

std::unique_ptr<Game> make_game() { return std::make_unique<PortRoyalPanningGame>(); }

}  // namespace brethren::rules::port_royal_panning
