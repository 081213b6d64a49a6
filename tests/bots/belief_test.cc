// The search bots' inference (rules/core/belief.h, resample_by_belief in
// rules/bots/ismcts.h) in Tortuga 1667, the game that has one: samples of
// the others' loyalties (T67-H-1) weighed by how they moved treasure
// (T67-6, T67-24). That the search still cannot cheat with it on is
// proved by the pairs of tests/bots/ismcts_test.cc (search_bot_config
// turns it on for Tortuga).
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <vector>

#include "brethren/v1/tortuga_1667.pb.h"
#include "rules/bots/ismcts.h"
#include "rules/registry/all_bots.h"
#include "rules/registry/all_games.h"
#include "rules/tortuga_1667/tortuga_1667.h"
#include "rules/tortuga_1667/tortuga_1667_bot.h"

using namespace brethren;
using namespace brethren::rules;
using tortuga_1667::TortugaState;

namespace {

std::unique_ptr<State> tortuga_match(int seats, std::uint64_t seed) {
  static const GameRegistry games = make_all_games_registry();
  const Game* game = games.find("tortuga-1667");
  REQUIRE(game);
  auto created = game->new_match(MatchSetup{game->info().default_options(), seats, seed, 0});
  REQUIRE(created.ok());
  return std::move(created).value();
}

struct Placement {
  Seat seat;
  int hold;  // 0 British, 1 French
};

// T67-6: the two captains put their chests (random holds); returns them.
std::vector<Placement> place_setup_chests(State& state, Rng& rng) {
  std::vector<Placement> out;
  while (out.size() < 2 && !state.is_terminal()) {
    const Seat seat = state.acting_seats().front();
    const auto legal = state.legal_actions(seat);
    const auto before = state.version();
    state.apply_legal(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    for (std::uint64_t v = before; v < state.version(); ++v) {
      const auto& e = *state.events()[v].event;
      if (e.tortuga_1667().has_treasure_placed()) {
        out.push_back({e.tortuga_1667().treasure_placed().seat(), e.tortuga_1667().treasure_placed().hold()});
      }
    }
  }
  return out;
}

// The share of `draws` samples (for `viewer`) in which `seat` holds `team`.
double share(const State& state, Seat viewer, Seat seat, int team, const Belief* belief, int draws) {
  Rng rng(99);
  int hits = 0;
  for (int i = 0; i < draws; ++i) {
    auto sample = state.clone();
    resample_by_belief(*sample, viewer, belief, 16, rng);
    hits += static_cast<const TortugaState&>(*sample).loyalty(seat) == team ? 1 : 0;
  }
  return static_cast<double>(hits) / draws;
}

// The belief's own answer, P(seat holds team | the acts): uniform samples,
// each counted by its weight (self-normalised importance sampling).
double posterior(const State& state, Seat viewer, Seat seat, int team, const Belief& belief, int draws) {
  Rng rng(1234);
  double total = 0, hits = 0;
  for (int i = 0; i < draws; ++i) {
    auto sample = state.clone();
    sample->resample_hidden(Viewer::player(viewer), rng);
    const double w = belief.weight(*sample);
    total += w;
    if (static_cast<const TortugaState&>(*sample).loyalty(seat) == team) hits += w;
  }
  return hits / total;
}

}  // namespace

TEST_CASE("Belief T67-6, T67-H-1: before anyone moves treasure there is nothing to infer", "[bots]") {
  auto state = tortuga_match(4, 5);
  REQUIRE(tortuga_1667::make_belief(*state, 0) == nullptr);
  REQUIRE(search_bot_config("tortuga-1667", "hard")->make_belief == &tortuga_1667::make_belief);
  // The other games sample uniformly.
  REQUIRE(search_bot_config("letter-of-marque", "hard")->make_belief == nullptr);
}

TEST_CASE("Belief T67-6, T67-H-1: a captain is sampled more often on the side he put his chest", "[bots]") {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    for (int seats : {4, 5, 6}) {
      auto state = tortuga_match(seats, seed);
      Rng rng(seed * 7 + static_cast<std::uint64_t>(seats));
      const auto placements = place_setup_chests(*state, rng);
      REQUIRE(placements.size() == 2);
      // A viewer who is neither captain, and so knows neither's card.
      Seat viewer = 0;
      while (viewer == placements[0].seat || viewer == placements[1].seat) ++viewer;
      const auto belief = tortuga_1667::make_belief(*state, viewer);
      REQUIRE(belief);
      for (const auto& [captain, hold] : placements) {
        INFO("seed " << seed << ", " << seats << " seats, viewer " << viewer << ", captain " << captain << ", hold "
                     << hold);
        const double uniform = share(*state, viewer, captain, hold, nullptr, 600);
        const double exact = posterior(*state, viewer, captain, hold, *belief, 3000);
        const double inferred = share(*state, viewer, captain, hold, belief.get(), 600);
        // The acts make his side likelier (each one 9 x, kSlip 0.1) ...
        CHECK(exact > uniform + 0.1);
        // ... and the search's samples follow the belief (16 candidates an
        // iteration come close to it).
        CHECK(std::abs(inferred - exact) < 0.07);
        ++checked;
      }
    }
  }
  REQUIRE(checked == 18);
}

TEST_CASE("Belief: a weighed sample is a sample, and the same stream gives the same one", "[bots]") {
  auto state = tortuga_match(5, 11);
  Rng rng(3);
  place_setup_chests(*state, rng);
  const Seat viewer = state->acting_seats().front();
  const auto belief = tortuga_1667::make_belief(*state, viewer);
  REQUIRE(belief);
  const Viewer me = Viewer::player(viewer);
  for (int i = 0; i < 20; ++i) {
    auto a = state->clone(), b = state->clone();
    Rng ra(100 + static_cast<std::uint64_t>(i)), rb(100 + static_cast<std::uint64_t>(i));
    resample_by_belief(*a, viewer, belief.get(), 16, ra);
    resample_by_belief(*b, viewer, belief.get(), 16, rb);
    REQUIRE(a->serialize() == b->serialize());
    // What the viewer sees is unchanged: only the hidden part was drawn.
    REQUIRE(a->view(me).SerializeAsString() == state->view(me).SerializeAsString());
    REQUIRE(a->legal_actions(viewer) == state->legal_actions(viewer));
  }
}
