// Random full games per second, per game and seat count: the brethren-sim
// loop (uniform random legal actions straight from the state) and the same
// through each seat's view and RandomBot, as remote bots play.
#include <benchmark/benchmark.h>

#include "rules/registry/all_games.h"
#include "tools/simulation.h"

namespace {

using namespace brethren::rules;

const GameRegistry& registry() {
  static const GameRegistry r = make_all_games_registry();
  return r;
}

void random_games(benchmark::State& st, const char* game_id, int seats, bool through_views) {
  const Game* game = registry().find(game_id);
  std::uint64_t seed = 1, actions = 0;
  for (auto _ : st) {
    auto match = through_views ? play_random_match_through_views(*game, MatchSetup{{}, seats, seed}, seed)
                               : play_random_match(*game, MatchSetup{{}, seats, seed}, seed);
    if (!match || !match->state->is_terminal()) {
      st.SkipWithError("a random game did not finish");
      return;
    }
    actions += match->actions;
    ++seed;
  }
  st.SetItemsProcessed(st.iterations());  // items/s = games/s
  st.counters["actions_per_game"] = static_cast<double>(actions) / static_cast<double>(st.iterations());
}

BENCHMARK_CAPTURE(random_games, letter_of_marque_4, "letter-of-marque", 4, false);
BENCHMARK_CAPTURE(random_games, letter_of_marque_3, "letter-of-marque", 3, false);
BENCHMARK_CAPTURE(random_games, letter_of_marque_6, "letter-of-marque", 6, false);
BENCHMARK_CAPTURE(random_games, port_royal_pfister_4, "port-royal-pfister", 4, false);
BENCHMARK_CAPTURE(random_games, port_royal_panning_4, "port-royal-panning", 4, false);
BENCHMARK_CAPTURE(random_games, tortuga_1667_4, "tortuga-1667", 4, false);
BENCHMARK_CAPTURE(random_games, letter_of_marque_4_views, "letter-of-marque", 4, true);

}  // namespace
