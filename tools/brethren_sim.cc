// brethren-sim: plays K seeded random games of one game and prints their
// outcomes and the speed in games per second.
//
//   brethren-sim --game letter-of-marque --players 4 --games 10000 --seed 1
#include <boost/program_options.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <vector>

#include "rules/registry/all_bots.h"
#include "rules/registry/all_games.h"
#include "tools/arena.h"
#include "tools/command_line.h"
#include "tools/simulation.h"

namespace po = boost::program_options;
using namespace brethren::rules;

int main(int argc, char** argv) {
  std::string game_id;
  int players = 0;
  std::uint64_t games = 1000;
  std::uint64_t seed = 1;
  bool through_views = false;
  bool rotate = false;
  std::string bot_list;
  bool quiet = false;
  // The help names the games and bot kinds of the registry, so that it
  // follows the game list (rules/games.cmake) by itself.
  const GameRegistry registry = make_all_games_registry();
  std::string game_ids, kind_names;
  std::vector<std::string_view> kinds_seen;
  for (const auto& g : registry.games()) {
    game_ids += (game_ids.empty() ? "" : ", ") + g->id();
    auto kinds_of_game = bot_kinds(g->id());
    for (std::string_view k : search_bot_kinds()) kinds_of_game.push_back(k);
    for (std::string_view kind : kinds_of_game) {
      if (std::find(kinds_seen.begin(), kinds_seen.end(), kind) != kinds_seen.end()) continue;
      kind_names += (kinds_seen.empty() ? "" : ", ") + std::string(kind);
      kinds_seen.push_back(kind);
    }
  }
  const std::string game_help = "game id (" + game_ids + ")";
  const std::string bots_help = "bot kind per seat, comma-separated (" + kind_names + "); missing seats: random";
  po::options_description desc("brethren-sim: random self-play of a Brethren game");
  // clang-format off
  desc.add_options()
      ("help,h", "this text")
      ("game", po::value(&game_id)->required(), game_help.c_str())
      ("players", po::value(&players), "number of seats (default: the game's minimum)")
      ("games", po::value(&games)->default_value(1000), "number of games to play")
      ("seed", po::value(&seed)->default_value(1), "seed of game 0; game i uses seed + i")
      ("through-views", po::bool_switch(&through_views), "play with RandomBot on each seat's view, as a remote bot does (slower)")
      ("bots", po::value(&bot_list), bots_help.c_str())
      ("rotate", po::bool_switch(&rotate), "with --bots: rotate the kinds around the table from game to game and count wins by kind")
      ("quiet,q", po::bool_switch(&quiet), "print only the summary");
  // clang-format on
  po::variables_map vm;
  if (auto exit_code = brethren::tools::parse_command_line(argc, argv, desc, vm, "brethren-sim")) return *exit_code;

  const Game* game = registry.find(game_id);
  if (!game) {
    std::cerr << "brethren-sim: unknown game '" << game_id << "'; known:";
    for (const auto& g : registry.games()) std::cerr << " " << g->id();
    std::cerr << "\n";
    return 2;
  }
  if (players == 0) players = game->info().min_seats();
  std::vector<std::string> kinds;
  if (!bot_list.empty()) {
    std::size_t start = 0;
    while (start <= bot_list.size()) {
      const auto comma = bot_list.find(',', start);
      kinds.push_back(bot_list.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    kinds.resize(players, "random");
    if (auto problem = check_arena_kinds(game_id, kinds); !problem.empty()) {
      std::cerr << "brethren-sim: " << problem << "\n";
      return 2;
    }
    // Search bots (medium, hard) play through the arena, on one thread.
    if (std::any_of(kinds.begin(), kinds.end(), [](const std::string& k) { return is_search_kind(k); })) {
      ArenaOptions options;
      options.seats = players;
      options.games = games;
      options.seed = seed;
      options.kinds = kinds;
      options.rotate = rotate;
      auto result = run_arena(*game, options);
      if (!result) {
        std::cerr << "brethren-sim: " << to_string(result.error().code) << ": " << result.error().message << "\n";
        return 1;
      }
      std::fputs(format_arena(*game, options, *result).c_str(), stdout);
      return result->unfinished ? 1 : 0;
    }
  }
  std::map<std::string, std::pair<double, double>> by_kind;  // wins, seats played

  std::vector<std::uint64_t> wins(players, 0);
  std::vector<double> score_sum(players, 0);
  std::uint64_t total_actions = 0, unfinished = 0;
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < games; ++i) {
    MatchSetup setup{{}, players, seed + i};
    std::vector<std::string> seat_kinds = kinds;
    if (rotate && !kinds.empty()) {
      for (int s = 0; s < players; ++s) seat_kinds[s] = kinds[(s + i) % players];
    }
    std::vector<std::unique_ptr<Bot>> bots;
    std::vector<Bot*> bot_ptrs;
    for (int s = 0; s < static_cast<int>(seat_kinds.size()); ++s) {
      bots.push_back(make_bot(game_id, seat_kinds[s], (seed + i) * 1000003 + static_cast<std::uint64_t>(s)));
      bot_ptrs.push_back(bots.back().get());
    }
    auto match = !kinds.empty()  ? play_bots_match(*game, setup, bot_ptrs, seed + i)
                 : through_views ? play_random_match_through_views(*game, setup, seed + i)
                                 : play_random_match(*game, setup, seed + i);
    if (!match) {
      std::cerr << "brethren-sim: seed " << seed + i << ": " << to_string(match.error().code) << ": "
                << match.error().message << "\n";
      return 1;
    }
    total_actions += match->actions;
    if (!match->state->is_terminal()) {
      ++unfinished;
      continue;
    }
    const auto outcome = match->state->outcome();
    for (const auto& r : outcome.seats()) {
      if (r.winner()) ++wins[r.seat()];
      score_sum[r.seat()] += r.score();
      if (!seat_kinds.empty()) {
        by_kind[seat_kinds[r.seat()]].first += r.winner() ? 1 : 0;
        by_kind[seat_kinds[r.seat()]].second += 1;
      }
    }
    if (!quiet && games <= 20) {
      std::printf("game %llu (seed %llu): %llu actions; %s\n", static_cast<unsigned long long>(i),
                  static_cast<unsigned long long>(seed + i), static_cast<unsigned long long>(match->actions),
                  outcome.summary().c_str());
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("game %s, %d players, %llu games, %llu actions (%.1f per game), %llu unfinished\n", game_id.c_str(),
              players, static_cast<unsigned long long>(games), static_cast<unsigned long long>(total_actions),
              games ? static_cast<double>(total_actions) / static_cast<double>(games) : 0.0,
              static_cast<unsigned long long>(unfinished));
  for (int s = 0; s < players; ++s) {
    std::printf("seat %d: won %llu (%.1f%%), mean score %.2f\n", s, static_cast<unsigned long long>(wins[s]),
                games ? 100.0 * static_cast<double>(wins[s]) / static_cast<double>(games) : 0.0,
                games ? score_sum[s] / static_cast<double>(games) : 0.0);
  }
  for (const auto& [kind, stats] : by_kind) {
    std::printf("bot %s: won %.1f%% of its seats' games (%.0f seats played)\n", kind.c_str(),
                100.0 * stats.first / stats.second, stats.second);
  }
  std::printf("%.3f s, %.0f games/s, %.0f actions/s\n", seconds, static_cast<double>(games) / seconds,
              static_cast<double>(total_actions) / seconds);
  return unfinished ? 1 : 0;
}
