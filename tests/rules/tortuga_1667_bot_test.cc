// Tortuga 1667 heuristic bot: legal moves only, and it beats random seats.
#include <catch2/catch.hpp>

#include <memory>
#include <vector>

#include "rules/tortuga_1667/tortuga_1667.h"
#include "rules/tortuga_1667/tortuga_1667_bot.h"
#include "tools/simulation.h"

using namespace brethren;
using namespace brethren::rules;

namespace {

// Wraps a bot and checks that every action it returns is one of the view's
// legal actions (byte-for-byte).
class CheckingBot final : public Bot {
 public:
  explicit CheckingBot(std::unique_ptr<Bot> inner) : inner_(std::move(inner)) {}
  std::optional<v1::GameAction> choose(const v1::MatchView& view) override {
    auto a = inner_->choose(view);
    ++calls;
    if (!a) return a;
    const std::string bytes = a->SerializeAsString();
    bool found = false;
    for (const auto& l : view.legal_actions()) found = found || l.SerializeAsString() == bytes;
    if (!found) ++illegal;
    return a;
  }
  int calls = 0;
  int illegal = 0;

 private:
  std::unique_ptr<Bot> inner_;
};

}  // namespace

TEST_CASE("Tortuga heuristic bot plays only legal actions and games finish", "[tortuga_1667][bot]") {
  const auto game = tortuga_1667::make_game();
  for (int players : {4, 5, 7, 9}) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      CheckingBot checked(tortuga_1667::make_heuristic_bot(seed * 7));
      std::vector<std::unique_ptr<Bot>> randoms;
      std::vector<Bot*> bots;
      const int hseat = static_cast<int>(seed % static_cast<std::uint64_t>(players));
      for (int s = 0; s < players; ++s) {
        if (s == hseat) {
          bots.push_back(&checked);
        } else {
          randoms.push_back(std::make_unique<RandomBot>(seed * 100 + static_cast<std::uint64_t>(s)));
          bots.push_back(randoms.back().get());
        }
      }
      auto match = play_bots_match(*game, {{}, players, seed}, bots, seed);
      INFO("players " << players << " seed " << seed);
      REQUIRE(match.ok());
      REQUIRE(match->state->is_terminal());
      CHECK(checked.calls > 0);
      CHECK(checked.illegal == 0);
    }
  }
}

TEST_CASE("Tortuga heuristic bot wins more often than a random seat", "[tortuga_1667][bot]") {
  const auto game = tortuga_1667::make_game();
  const int players = 4;
  const int games = 200;
  double heuristic_wins = 0, random_wins = 0;
  for (int i = 0; i < games; ++i) {
    const std::uint64_t seed = 5000 + static_cast<std::uint64_t>(i);
    const int hseat = i % players;  // rotate the heuristic seat around the table
    std::vector<std::unique_ptr<Bot>> owned;
    std::vector<Bot*> bots;
    for (int s = 0; s < players; ++s) {
      const std::uint64_t bot_seed = seed * 1000003 + static_cast<std::uint64_t>(s);
      owned.push_back(s == hseat ? tortuga_1667::make_heuristic_bot(bot_seed)
                                 : std::unique_ptr<Bot>(std::make_unique<RandomBot>(bot_seed)));
      bots.push_back(owned.back().get());
    }
    auto match = play_bots_match(*game, {{}, players, seed}, bots, seed);
    REQUIRE(match.ok());
    REQUIRE(match->state->is_terminal());
    const v1::MatchOutcome outcome = match->state->outcome();
    for (const auto& r : outcome.seats()) {
      if (!r.winner()) continue;
      if (r.seat() == hseat) {
        heuristic_wins += 1;
      } else {
        random_wins += 1;
      }
    }
  }
  const double heuristic_rate = heuristic_wins / games;
  const double random_rate = random_wins / (games * (players - 1));
  INFO("heuristic " << heuristic_rate << " random " << random_rate);
  CHECK(heuristic_rate > random_rate);
}
