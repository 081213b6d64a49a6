// Tortuga 1667: metadata, the setup check and the match factory.
#include <algorithm>
#include <numeric>

#include "rules/tortuga_1667/tortuga_1667.h"

namespace brethren::rules::tortuga_1667 {
namespace {

class TortugaGame final : public Game {
 public:
  TortugaGame() {
    info_.set_id(kGameId);
    info_.set_display_name("Tortuga 1667");
    // Bumped whenever a seeded match could play differently, with the reason
    // in docs/rules/tortuga-1667.md ("Rules versions"); tests/rules/golden/ fails otherwise.
    info_.set_rules_version(1);
    // T67-H: who played which vote card must never be learnable, and the
    // action log (seat + vote) would tell.
    info_.set_action_log_secret(true);
    // T67-H-3 again: the vote deck is drawn from MatchSetup.secret_seed,
    // which is never revealed; a revealed match seed shows the rest.
    info_.set_secret_randomness(true);
    info_.set_min_seats(kMinPlayers);
    info_.set_max_seats(kMaxPlayers);
    info_.set_summary(
        "Hidden teams of British and French pirates (and maybe one Dutch) fight over treasure with secret "
        "votes, mutinies and marooning until the Spanish Armada arrives.");
    info_.mutable_default_options()->mutable_tortuga_1667();
    auto add = [this](const char* name, const char* description, const char* value) {
      auto* opt = info_.add_options();
      opt->set_name(name);
      opt->set_description(description);
      opt->set_default_value(value);
    };
    add("vote_card_copies",
        "Copies of each of the 12 vote card kinds (kind = top*4 + flag*2 + blank; T67-A-1). Empty: the "
        "reference deck [2,2,3,2,3,3,3,3,2,3,2,2] of 30 cards.",
        "[]");
    add("star_cards",
        "Star event cards chosen openly by the host (3 to 6 distinct, T67-3, T67-9). Empty: random and hidden.", "[]");
    add("random_star_count", "Number of random hidden star cards when star_cards is empty (3 to 6; 0 = 3).", "0");
    add("advanced_setup", "The optional advanced set-up (T67-8).", "false");
    add("turn_timer", "The optional 30-second rule (T67-16), applied by the server's clock.", "false");
  }

  const v1::GameInfo& info() const override { return info_; }
  std::uint64_t max_moves() const override { return kMaxMoves; }

  Status check_setup(const v1::GameOptions& options, int seats) const override {
    if (auto st = check_seat_count(seats); !st) return st.error();
    if (options.game_case() != v1::GameOptions::GAME_NOT_SET && !options.has_tortuga_1667()) {
      return make_error(ErrorCode::kInvalidOptions, "the options are not Tortuga 1667 options");
    }
    const auto& o = options.tortuga_1667();
    if (o.vote_card_copies_size() != 0) {
      if (o.vote_card_copies_size() != kVoteKinds)
        return make_error(ErrorCode::kInvalidOptions, "vote_card_copies needs exactly 12 entries (T67-A-1)");
      int total = 0;
      for (int c : o.vote_card_copies()) {
        if (c < 0 || c > 30) return make_error(ErrorCode::kInvalidOptions, "vote_card_copies entries must be 0..30");
        total += c;
      }
      if (total < 30 || total > 60)
        return make_error(ErrorCode::kInvalidOptions, "the vote deck must hold 30..60 cards (T67-A-1)");
    }
    if (o.star_cards_size() != 0) {
      std::vector<int> stars(o.star_cards().begin(), o.star_cards().end());
      std::sort(stars.begin(), stars.end());
      if (std::adjacent_find(stars.begin(), stars.end()) != stars.end())
        return make_error(ErrorCode::kInvalidOptions, "star_cards must be distinct");
      for (int c : stars) {
        if (c < kFirstStar || c >= kFirstStar + kStarCount)
          return make_error(ErrorCode::kInvalidOptions, "star_cards may name only the six star cards (T67-3)");
      }
      if (stars.size() < 3)
        return make_error(ErrorCode::kInvalidOptions, "choose at least 3 star cards (T67-3, T67-9)");
      if (o.random_star_count() != 0)
        return make_error(ErrorCode::kInvalidOptions, "random_star_count applies only without star_cards");
    }
    if (o.random_star_count() != 0 && (o.random_star_count() < 3 || o.random_star_count() > kStarCount))
      return make_error(ErrorCode::kInvalidOptions, "random_star_count must be 3..6 (T67-9)");
    return Ok{};
  }

  Result<std::unique_ptr<State>> new_match(const MatchSetup& setup) const override {
    if (auto st = check_setup(setup.options, setup.seats); !st) return st.error();
    return std::unique_ptr<State>(
        std::make_unique<TortugaState>(setup.options.tortuga_1667(), setup.seats, setup.seed, setup.secret_seed));
  }

  Result<std::unique_ptr<State>> deserialize(std::string_view bytes) const override {
    return load_state<TortugaState>(bytes);
  }

 private:
  v1::GameInfo info_;
};

}  // namespace

std::unique_ptr<Game> make_game() { return std::make_unique<TortugaGame>(); }

}  // namespace brethren::rules::tortuga_1667
