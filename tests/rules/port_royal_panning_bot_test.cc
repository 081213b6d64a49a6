// Port Royal (Panning) heuristic bot: it only ever picks one of its view's
// legal actions, games finish, and it beats random seats (seeded, so the
// numbers are deterministic).
#include <catch2/catch.hpp>
#include <google/protobuf/util/message_differencer.h>

#include <memory>
#include <vector>

#include "rules/port_royal_panning/port_royal_panning.h"
#include "rules/port_royal_panning/port_royal_panning_bot.h"
#include "tools/simulation.h"

using namespace brethren;
using namespace brethren::rules;

namespace {

const auto game = port_royal_panning::make_game();

// Wraps the heuristic bot and checks each choice against the view it got.
class CheckedBot final : public Bot {
 public:
  explicit CheckedBot(std::uint64_t seed) : inner_(port_royal_panning::make_heuristic_bot(seed)) {}
  std::optional<v1::GameAction> choose(const v1::MatchView& view) override {
    auto a = inner_->choose(view);
    REQUIRE(a.has_value());
    bool listed = false;
    for (const auto& l : view.legal_actions())
      listed = listed || google::protobuf::util::MessageDifferencer::Equals(l, *a);
    REQUIRE(listed);
    ++choices;
    return a;
  }
  int choices = 0;

 private:
  std::unique_ptr<Bot> inner_;
};

}  // namespace

TEST_CASE("Panning heuristic bot: returns legal actions and games finish", "[port-royal-panning][bot]") {
  for (int seats : {3, 4}) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      CheckedBot bot(seed * 17);
      std::vector<std::unique_ptr<RandomBot>> randoms;
      std::vector<Bot*> bots;
      const int bot_seat = static_cast<int>(seed % static_cast<std::uint64_t>(seats));
      for (int s = 0; s < seats; ++s) {
        if (s == bot_seat) {
          bots.push_back(&bot);
        } else {
          randoms.push_back(std::make_unique<RandomBot>(seed * 101 + static_cast<std::uint64_t>(s)));
          bots.push_back(randoms.back().get());
        }
      }
      auto match = play_bots_match(*game, MatchSetup{{}, seats, seed}, bots, seed);
      REQUIRE(match.ok());
      REQUIRE(match->state->is_terminal());
      REQUIRE(bot.choices > 0);
    }
  }
}

TEST_CASE("Panning heuristic bot: wins more often than a random seat", "[port-royal-panning][bot]") {
  for (int seats : {3, 4}) {
    double bot_wins = 0, random_wins = 0;
    const int games = 200;
    for (int i = 0; i < games; ++i) {
      const auto seed = static_cast<std::uint64_t>(1000 + i);
      const int bot_seat = i % seats;  // rotate the bot around the table
      std::vector<std::unique_ptr<Bot>> owned;
      std::vector<Bot*> bots;
      for (int s = 0; s < seats; ++s) {
        const auto bot_seed = seed * 1000003 + static_cast<std::uint64_t>(s);
        owned.push_back(s == bot_seat ? port_royal_panning::make_heuristic_bot(bot_seed)
                                      : std::make_unique<RandomBot>(bot_seed));
        bots.push_back(owned.back().get());
      }
      auto match = play_bots_match(*game, MatchSetup{{}, seats, seed}, bots, seed);
      REQUIRE(match.ok());
      REQUIRE(match->state->is_terminal());
      const auto outcome = match->state->outcome();
      for (const auto& r : outcome.seats()) {
        if (!r.winner()) continue;
        (r.seat() == bot_seat ? bot_wins : random_wins) += 1;
      }
    }
    const double bot_rate = bot_wins / games;
    const double random_rate = random_wins / (games * (seats - 1.0));
    INFO(seats << " seats: heuristic " << bot_rate << ", random seat " << random_rate);
    CHECK(bot_rate > random_rate);
    CHECK(bot_rate > 1.0 / seats);
  }
}
