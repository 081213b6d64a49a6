// Letter of Marque: metadata, the setup check and the match factory.
#include "rules/letter_of_marque/letter_of_marque.h"

namespace brethren::rules::letter_of_marque {
namespace {

class LetterOfMarqueGame final : public Game {
 public:
  LetterOfMarqueGame() {
    info_.set_id(kGameId);
    // No action_log_public: "depart with an armed ship" followed by "return
    // ship 7" would tell the base of a ship that went home unrevealed, which
    // must never be revealed, not even after the game (LOM-H-3).
    info_.set_display_name("Letter of Marque");
    // Bumped whenever a seeded match could play differently, with the reason
    // in docs/rules/letter-of-marque.md ("Rules versions"); tests/rules/golden/ fails otherwise.
    info_.set_rules_version(2);
    info_.set_min_seats(3);
    info_.set_max_seats(6);
    info_.set_summary(
        "Bluffing with ships: send treasure to sea guarded by armed or unarmed ships, "
        "attack the ships you believe unarmed, and bring your own treasure home.");
    info_.mutable_default_options()->mutable_letter_of_marque();
    auto* opt = info_.add_options();
    opt->set_name("cannon_tiebreak");
    opt->set_description(
        "Which cannon cards break a tie on points (LOM-15): CANNON_TIEBREAK_ALL_HELD counts unused own "
        "cannons and captured ones (LOM-A-3); CANNON_TIEBREAK_CAPTURED_ONLY counts captured ones only.");
    opt->set_default_value("\"CANNON_TIEBREAK_ALL_HELD\"");
  }

  const v1::GameInfo& info() const override { return info_; }
  // Version 2 only added a public count to the views (revealed_armed): a
  // match started under version 1 has the same legal actions, events and
  // outcome under this code, so it stays playable and finishes here.
  std::uint32_t oldest_playable_rules_version() const override { return 1; }
  std::uint64_t max_moves() const override { return kMaxMoves; }

  Status check_setup(const v1::GameOptions& options, int seats) const override {
    if (auto st = check_seat_count(seats); !st) return st;
    if (options.game_case() != v1::GameOptions::GAME_NOT_SET && !options.has_letter_of_marque()) {
      return make_error(ErrorCode::kInvalidOptions, "the options are not Letter of Marque options");
    }
    if (!v1::letter_of_marque::CannonTiebreak_IsValid(options.letter_of_marque().cannon_tiebreak())) {
      return make_error(ErrorCode::kInvalidOptions, "unknown cannon_tiebreak value");
    }
    return Ok{};
  }

  Result<std::unique_ptr<State>> new_match(const MatchSetup& setup) const override {
    if (auto st = check_setup(setup.options, setup.seats); !st) return st.error();
    return std::unique_ptr<State>(
        std::make_unique<LetterOfMarqueState>(setup.options.letter_of_marque(), setup.seats, setup.seed));
  }

  Result<std::unique_ptr<State>> deserialize(std::string_view bytes) const override {
    return load_state<LetterOfMarqueState>(bytes);
  }

 private:
  v1::GameInfo info_;
};

}  // namespace

std::unique_ptr<Game> make_game() { return std::make_unique<LetterOfMarqueGame>(); }

}  // namespace brethren::rules::letter_of_marque
