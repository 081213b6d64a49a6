// Port Royal: metadata, the setup check and the match factory.
#include "rules/port_royal_pfister/port_royal_pfister.h"

namespace brethren::rules::port_royal_pfister {
namespace {

class PortRoyalGame final : public Game {
 public:
  PortRoyalGame() {
    info_.set_id(kGameId);
    // Every decision in its log is public at the table as it is made; the
    // revealed seed shows the coin fronts, which PRP-H-2 hides only while
    // they are coins (docs/fairness.md).
    info_.set_action_log_public(true);
    info_.set_display_name("Port Royal");
    // Bumped whenever a seeded match could play differently, with the reason
    // in docs/rules/port-royal-pfister.md ("Rules versions"); tests/rules/golden/ fails otherwise.
    info_.set_rules_version(1);
    info_.set_min_seats(2);
    info_.set_max_seats(5);
    info_.set_summary(
        "Push your luck in the harbor: draw ships and persons until you stop or two ships of a colour "
        "scare you off, then trade ships for coins and hire persons for points and abilities.");
    info_.mutable_default_options()->mutable_port_royal_pfister();
    auto* opt = info_.add_options();
    opt->set_name("end_condition");
    opt->set_description(
        "END_CONDITION_STANDARD: 12 victory points trigger the end (PRP-40). END_CONDITION_EXPEDITION: "
        "12 victory points and at least one Expedition; only players with an Expedition can win (PRP-43).");
    opt->set_default_value("\"END_CONDITION_STANDARD\"");
  }

  const v1::GameInfo& info() const override { return info_; }
  std::uint64_t max_moves() const override { return kMaxMoves; }

  Status check_setup(const v1::GameOptions& options, int seats) const override {
    if (auto st = check_seat_count(seats); !st) return st;
    if (options.game_case() != v1::GameOptions::GAME_NOT_SET && !options.has_port_royal_pfister()) {
      return make_error(ErrorCode::kInvalidOptions, "the options are not Port Royal options");
    }
    if (!v1::port_royal_pfister::EndCondition_IsValid(options.port_royal_pfister().end_condition())) {
      return make_error(ErrorCode::kInvalidOptions, "unknown end_condition value");
    }
    return Ok{};
  }

  Result<std::unique_ptr<State>> new_match(const MatchSetup& setup) const override {
    if (auto st = check_setup(setup.options, setup.seats); !st) return st.error();
    return std::unique_ptr<State>(
        std::make_unique<PortRoyalState>(setup.options.port_royal_pfister(), setup.seats, setup.seed));
  }

  Result<std::unique_ptr<State>> deserialize(std::string_view bytes) const override {
    return load_state<PortRoyalState>(bytes);
  }

 private:
  v1::GameInfo info_;
};

}  // namespace

std::unique_ptr<Game> make_game() { return std::make_unique<PortRoyalGame>(); }

}  // namespace brethren::rules::port_royal_pfister
