// ISMCTS iterations per second on one core, per game (rules/bots/ismcts.h):
// one search of a fixed number of iterations (heuristic rollouts, the search
// bots' default) from decisions early, in the middle and late in a match.
// items/s = iterations/s; hard gets about that many per move (1 s budget),
// medium a fifth.
#include <benchmark/benchmark.h>

#include "rules/bots/ismcts.h"
#include "rules/registry/all_bots.h"
#include "rules/registry/all_games.h"

namespace {

using namespace brethren::rules;

const GameRegistry& registry() {
  static const GameRegistry r = make_all_games_registry();
  return r;
}

struct Decision {
  std::unique_ptr<State> state;
  Seat seat;
};

// Decisions with a real choice at about 10 %, 40 % and 70 % of a random match.
std::vector<Decision> decisions(const Game& game, int seats) {
  std::vector<Decision> out;
  for (std::uint64_t seed = 1; out.size() < 3 && seed < 50; ++seed) {
    auto full = game.new_match(MatchSetup{{}, seats, seed});
    if (!full) return out;
    // The match's length first, then the decisions along the same moves.
    std::vector<std::pair<Seat, ActionId>> moves;
    Rng rng(seed);
    auto& state = **full;
    while (!state.is_terminal()) {
      const auto acting = state.acting_seats();
      const Seat s = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
      const auto legal = state.legal_actions(s);
      const ActionId a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      moves.emplace_back(s, a);
      state.apply_legal(s, a);
    }
    const double at = 0.1 + 0.3 * static_cast<double>(out.size());
    auto replay = game.new_match(MatchSetup{{}, seats, seed});
    auto& again = **replay;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (static_cast<double>(i) >= at * static_cast<double>(moves.size())) {
        bool taken = false;
        for (Seat s : again.acting_seats()) {
          if (!taken && again.legal_actions(s).size() > 1) {
            out.push_back({again.clone(), s});
            taken = true;
          }
        }
        if (taken) break;
      }
      again.apply_legal(moves[i].first, moves[i].second);
    }
  }
  return out;
}

// `inference`: the game's belief on (as `hard` plays) or off (uniform
// samples), for what the inference costs.
void ismcts_iterations(benchmark::State& st, const char* game_id, int seats, bool inference = true) {
  const Game* game = registry().find(game_id);
  const auto points = decisions(*game, seats);
  if (points.size() < 3) {
    st.SkipWithError("no decisions found");
    return;
  }
  auto config = *search_bot_config(game_id, "hard");
  config.time_budget = std::chrono::milliseconds(0);
  config.max_iterations = 100;
  if (!inference) config.make_belief = nullptr;
  std::uint64_t iterations = 0, seed = 1;
  for (auto _ : st) {
    for (const auto& d : points) {
      IsmctsBot bot(config, seed++);
      benchmark::DoNotOptimize(bot.choose(*d.state, d.seat, {}));
      iterations += bot.last_stats().iterations;
    }
  }
  st.SetItemsProcessed(static_cast<std::int64_t>(iterations));  // items/s = iterations/s
}

BENCHMARK_CAPTURE(ismcts_iterations, letter_of_marque_4, "letter-of-marque", 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ismcts_iterations, letter_of_marque_6, "letter-of-marque", 6)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ismcts_iterations, port_royal_pfister_4, "port-royal-pfister", 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ismcts_iterations, port_royal_panning_4, "port-royal-panning", 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ismcts_iterations, tortuga_1667_4, "tortuga-1667", 4)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ismcts_iterations, tortuga_1667_6, "tortuga-1667", 6)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ismcts_iterations, letter_of_marque_4_uniform, "letter-of-marque", 4, false)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ismcts_iterations, tortuga_1667_4_uniform, "tortuga-1667", 4, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(ismcts_iterations, port_royal_panning_4_uniform, "port-royal-panning", 4, false)
    ->Unit(benchmark::kMillisecond);

}  // namespace
