// Letter of Marque heuristic bot: legal, finishing, and better than random.
#include <catch2/catch.hpp>
#include <memory>
#include <vector>

#include "rules/letter_of_marque/letter_of_marque.h"
#include "rules/letter_of_marque/letter_of_marque_bot.h"
#include "tools/simulation.h"

using namespace brethren;
using namespace brethren::rules;

namespace {

// Wraps a bot and records whether it ever returned an action that is not one
// of the view's legal actions (compared as serialized messages).
class CheckingBot final : public Bot {
 public:
  explicit CheckingBot(std::unique_ptr<Bot> inner) : inner_(std::move(inner)) {}
  std::optional<v1::GameAction> choose(const v1::MatchView& view) override {
    auto action = inner_->choose(view);
    ++calls;
    if (!action) {
      if (view.legal_actions_size() > 0) ++illegal;
      return action;
    }
    bool found = false;
    for (const auto& a : view.legal_actions()) found |= a.SerializeAsString() == action->SerializeAsString();
    if (!found) ++illegal;
    return action;
  }
  int calls = 0;
  int illegal = 0;

 private:
  std::unique_ptr<Bot> inner_;
};

}  // namespace

TEST_CASE("LOM heuristic bot: only legal actions, games finish", "[letter_of_marque][bot]") {
  const auto game = letter_of_marque::make_game();
  for (int players = 3; players <= 6; ++players) {
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
      const int hseat = static_cast<int>(seed % static_cast<std::uint64_t>(players));
      CheckingBot heuristic(letter_of_marque::make_heuristic_bot(seed * 7));
      std::vector<std::unique_ptr<Bot>> randoms;
      std::vector<Bot*> bots;
      for (int s = 0; s < players; ++s) {
        if (s == hseat) {
          bots.push_back(&heuristic);
        } else {
          randoms.push_back(std::make_unique<RandomBot>(seed * 1000 + static_cast<std::uint64_t>(s)));
          bots.push_back(randoms.back().get());
        }
      }
      auto match = play_bots_match(*game, {{}, players, seed}, bots, seed, 10'000);
      REQUIRE(match.ok());
      REQUIRE(match->state->is_terminal());
      REQUIRE(heuristic.calls > 0);
      REQUIRE(heuristic.illegal == 0);
    }
  }
}

TEST_CASE("LOM heuristic bot wins more often than a random seat", "[letter_of_marque][bot]") {
  const auto game = letter_of_marque::make_game();
  for (int players : {3, 5}) {
    double heuristic_wins = 0, random_wins = 0;
    const int games = 200;
    for (int i = 0; i < games; ++i) {
      const auto seed = static_cast<std::uint64_t>(1000 + i);
      const int hseat = i % players;  // rotate the heuristic seat
      std::vector<std::unique_ptr<Bot>> owned;
      std::vector<Bot*> bots;
      for (int s = 0; s < players; ++s) {
        const auto bot_seed = seed * 1000003 + static_cast<std::uint64_t>(s);
        owned.push_back(s == hseat ? letter_of_marque::make_heuristic_bot(bot_seed)
                                   : std::unique_ptr<Bot>(std::make_unique<RandomBot>(bot_seed)));
        bots.push_back(owned.back().get());
      }
      auto match = play_bots_match(*game, {{}, players, seed}, bots, seed);
      REQUIRE(match.ok());
      REQUIRE(match->state->is_terminal());
      const auto outcome = match->state->outcome();
      for (const auto& r : outcome.seats()) {
        if (!r.winner()) continue;
        (r.seat() == hseat ? heuristic_wins : random_wins) += 1;
      }
    }
    const double heuristic_rate = heuristic_wins / games;
    const double random_rate = random_wins / (games * (players - 1.0));
    INFO(players << " players: heuristic " << heuristic_rate << ", random seat " << random_rate);
    CHECK(heuristic_rate > 1.5 * random_rate);
    CHECK(heuristic_rate > 1.0 / players);
  }
}
