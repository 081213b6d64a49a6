// Port Royal (Pfister): the heuristic bot plays only legal actions and beats
// random seats.
#include <catch2/catch.hpp>

#include <google/protobuf/util/message_differencer.h>

#include "rules/port_royal_pfister/port_royal_pfister_bot.h"
#include "rules/registry/all_games.h"
#include "tools/simulation.h"

namespace brethren::rules {
namespace {

// Checks every choice of the wrapped bot against the view's legal actions.
class CheckingBot final : public Bot {
 public:
  explicit CheckingBot(std::unique_ptr<Bot> inner) : inner_(std::move(inner)) {}
  std::optional<v1::GameAction> choose(const v1::MatchView& view) override {
    auto action = inner_->choose(view);
    ++choices;
    bool listed = false;
    if (action) {
      for (const auto& legal : view.legal_actions()) {
        listed |= google::protobuf::util::MessageDifferencer::Equals(legal, *action);
      }
    }
    if (!listed) ++illegal;
    return action;
  }
  int choices = 0;
  int illegal = 0;

 private:
  std::unique_ptr<Bot> inner_;
};

const Game& pfister() {
  static const GameRegistry registry = make_all_games_registry();
  const Game* game = registry.find("port-royal-pfister");
  REQUIRE(game != nullptr);
  return *game;
}

TEST_CASE("Port Royal heuristic bot: only legal actions, games finish", "[port_royal_pfister][bot]") {
  const Game& game = pfister();
  for (int seats : {2, 4}) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const int bot_seat = static_cast<int>(seed % static_cast<std::uint64_t>(seats));
      CheckingBot checker(port_royal_pfister::make_heuristic_bot(seed * 7));
      std::vector<std::unique_ptr<Bot>> randoms;
      std::vector<Bot*> bots;
      for (int s = 0; s < seats; ++s) {
        if (s == bot_seat) {
          bots.push_back(&checker);
        } else {
          randoms.push_back(std::make_unique<RandomBot>(seed * 1000 + static_cast<std::uint64_t>(s)));
          bots.push_back(randoms.back().get());
        }
      }
      auto match = play_bots_match(game, MatchSetup{{}, seats, seed}, bots, seed);
      REQUIRE(match);
      REQUIRE(match->state->is_terminal());
      REQUIRE(checker.choices > 0);
      REQUIRE(checker.illegal == 0);
    }
  }
}

TEST_CASE("Port Royal heuristic bot: wins more than a random seat", "[port_royal_pfister][bot]") {
  const Game& game = pfister();
  constexpr int kSeats = 3;
  constexpr std::uint64_t kGames = 200;
  double heuristic_wins = 0, random_wins = 0;
  for (std::uint64_t i = 0; i < kGames; ++i) {
    const int bot_seat = static_cast<int>(i % kSeats);  // rotated around the table
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> bots;
    for (int s = 0; s < kSeats; ++s) {
      const std::uint64_t seed = (i + 1) * 1000003 + static_cast<std::uint64_t>(s);
      if (s == bot_seat) {
        owned.push_back(port_royal_pfister::make_heuristic_bot(seed));
      } else {
        owned.push_back(std::make_unique<RandomBot>(seed));
      }
      bots.push_back(owned.back().get());
    }
    auto match = play_bots_match(game, MatchSetup{{}, kSeats, i + 1}, bots, i + 1);
    REQUIRE(match);
    REQUIRE(match->state->is_terminal());
    const auto outcome = match->state->outcome();
    for (const auto& r : outcome.seats()) {
      if (!r.winner()) continue;
      if (r.seat() == bot_seat) heuristic_wins += 1;
      else random_wins += 1;
    }
  }
  // The average random seat wins random_wins / (kSeats - 1) games.
  const double random_per_seat = random_wins / (kSeats - 1);
  INFO("heuristic seat won " << heuristic_wins << " of " << kGames << ", average random seat " << random_per_seat);
  REQUIRE(heuristic_wins > 1.5 * random_per_seat);
}

}  // namespace
}  // namespace brethren::rules
