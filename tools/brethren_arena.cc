// brethren-arena: plays N games of one game and seat count with the given
// bot kinds rotated over the seats, in parallel on threads, and prints each
// kind's win share with a 95 % (Wilson) interval and its time per move.
//
//   brethren-arena --game letter-of-marque --bots hard,heuristic,heuristic,heuristic --games 2000
//   brethren-arena --game tortuga-1667 --bots hard,heuristic,heuristic,heuristic --iterations-per-second 8000
//   brethren-arena --pool bench/arena/ledger.txt   (batches pooled: tools/arena_ledger.h)
#include <boost/program_options.hpp>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <thread>

#include "rules/registry/all_bots.h"
#include "rules/registry/all_games.h"
#include "tools/arena.h"
#include "tools/arena_ledger.h"
#include "tools/command_line.h"

namespace po = boost::program_options;
using namespace brethren::rules;

namespace {

int print_pooled(const GameRegistry& registry, const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "brethren-arena: cannot read " << path << "\n";
    return 2;
  }
  const PoolOutcome outcome = pool_ledger(in);
  if (!outcome.error.empty()) {
    std::cerr << "brethren-arena: " << path << ", " << outcome.error << "\n";
    return 2;
  }
  for (std::size_t i = 0; i < outcome.pools.size(); ++i) {
    const Game* game = registry.find(outcome.pools[i].game_id);
    if (!game) {
      std::cerr << "brethren-arena: " << path << ": unknown game " << outcome.pools[i].game_id << "\n";
      return 2;
    }
    std::fputs(((i ? "\n" : "") + format_pooled(*game, outcome.pools[i])).c_str(), stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string game_id, bot_list, ledger_path, build, pool_path;
  ArenaOptions options;
  bool fixed_seats = false;
  options.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  po::options_description desc("brethren-arena: bots against bots, win shares with 95% intervals");
  // clang-format off
  desc.add_options()
      ("help,h", "this text")
      ("game", po::value(&game_id), "game id")
      ("bots", po::value(&bot_list),
       "bot kind per seat, comma-separated (random, heuristic, medium, hard); the count sets the seats")
      ("games", po::value(&options.games)->default_value(100), "number of games")
      ("seed", po::value(&options.seed)->default_value(1), "seed of game 0; game i uses seed + i")
      ("fixed-seats", po::bool_switch(&fixed_seats), "do not rotate the kinds around the table")
      ("threads", po::value(&options.threads), "games played at once (default: the cores)")
      ("iterations", po::value(&options.iterations)->default_value(0),
       "search kinds: this iteration cap per move instead of their time budget")
      ("iterations-per-second", po::value(&options.iterations_per_second)->default_value(0),
       "search kinds: an iteration cap of this many per second of their time budget (hard 1 s, medium 0.2 s)")
      ("heuristic-rollout", po::value(&options.heuristic_rollout_moves)->default_value(-1),
       "search kinds: the first N rollout moves by the heuristic bot (0: random rollouts)")
      ("exploration", po::value(&options.exploration)->default_value(0), "search kinds: UCB constant (0: default)")
      ("opponents-by-rollout-policy", po::value(&options.opponents_by_rollout_policy)->default_value(-1),
       "search kinds: 1: only the bot's own decisions in the tree, others by the rollout policy (default); 0: every seat's")
      ("inference", po::value(&options.inference)->default_value(-1),
       "search kinds: 0: uniform samples of what a seat cannot see; 1: weighed by the others' public acts where the game has a belief (default)")
      ("stop-when-settled", po::value(&options.stop_when_settled)->default_value(-1),
       "search kinds: 1: stop once no other move can overtake the leader (default); 0: search the whole budget")
      ("max-seconds", po::value(&options.max_seconds)->default_value(0),
       "stop after this many seconds; games under way are cut off and not counted (0: no limit)")
      ("ledger", po::value(&ledger_path),
       "append the batch's line to this ledger file (needs --build; bench/arena/run.sh passes both)")
      ("build", po::value(&build), "the bots' code, for the ledger: batches pool only under the same build")
      ("pool", po::value(&pool_path),
       "instead of playing: pool this ledger's batches, one report per configuration and build");
  // clang-format on
  po::variables_map vm;
  if (auto exit_code = brethren::tools::parse_command_line(argc, argv, desc, vm, "brethren-arena")) return *exit_code;
  options.rotate = !fixed_seats;

  const GameRegistry registry = make_all_games_registry();
  if (!pool_path.empty()) return print_pooled(registry, pool_path);
  if (game_id.empty() || bot_list.empty()) {
    std::cerr << "brethren-arena: --game and --bots are required (or --pool)\n";
    return 2;
  }
  if (!ledger_path.empty() && (build.empty() || build.find_first_of(" |=") != std::string::npos)) {
    std::cerr << "brethren-arena: --ledger needs --build, a word without spaces, '|' or '='\n";
    return 2;
  }
  const Game* game = registry.find(game_id);
  if (!game) {
    std::cerr << "brethren-arena: unknown game '" << game_id << "'\n";
    return 2;
  }
  std::size_t start = 0;
  while (start <= bot_list.size()) {
    const auto comma = bot_list.find(',', start);
    options.kinds.push_back(bot_list.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  options.seats = static_cast<int>(options.kinds.size());
  if (options.seats < game->info().min_seats() || options.seats > game->info().max_seats()) {
    std::cerr << "brethren-arena: " << game_id << " takes " << game->info().min_seats() << " to "
              << game->info().max_seats() << " seats, not " << options.seats << "\n";
    return 2;
  }
  if (auto problem = check_arena_kinds(game_id, options.kinds); !problem.empty()) {
    std::cerr << "brethren-arena: " << problem << "\n";
    return 2;
  }
  auto result = run_arena(*game, options);
  if (!result) {
    std::cerr << "brethren-arena: " << to_string(result.error().code) << ": " << result.error().message << "\n";
    return 1;
  }
  std::fputs(format_arena(*game, options, *result).c_str(), stdout);
  if (!ledger_path.empty()) {
    std::ofstream ledger(ledger_path, std::ios::app);
    ledger << ledger_line(*game, options, *result, build) << "\n";
    if (!ledger.flush()) {
      std::cerr << "brethren-arena: cannot append to " << ledger_path << "\n";
      return 1;
    }
  }
  return result->unfinished ? 1 : 0;
}
