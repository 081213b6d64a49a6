// The bot arena: N games of one game and seat count, the given bot kinds
// rotated over the seats from game to game, played in parallel on threads;
// each kind's win share with a 95 % Wilson interval and its time per move.
// Shared by brethren-arena and brethren-sim (--bots with a search kind).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "rules/core/game.h"

namespace brethren::rules {

struct ArenaOptions {
  int seats = 0;
  std::uint64_t games = 100;
  std::uint64_t seed = 1;
  // One kind per seat ("random", "heuristic", "medium", "hard"); game i
  // seats kinds[(s + i) % seats] on seat s when `rotate`.
  std::vector<std::string> kinds;
  bool rotate = true;
  int threads = 1;
  // Search kinds: 0/0 keeps each kind's own time budget. Otherwise an
  // iteration cap and no deadline: `iterations` for every search kind, or
  // `iterations_per_second` x the kind's time budget (hard 1 s, medium 0.2 s).
  std::uint64_t iterations = 0;
  std::uint64_t iterations_per_second = 0;
  // Rollout policy of the search kinds: the first N rollout moves by the
  // game's heuristic bot (0: random rollouts, the default).
  int heuristic_rollout_moves = -1;      // -1: the kind's default
  double exploration = 0;                // 0: the kind's default
  int opponents_by_rollout_policy = -1;  // -1: the kind's default; 0/1: off/on
  int stop_when_settled = -1;            // -1: the kind's default (on); 0/1: off/on
  int inference = -1;                    // -1: the kind's default (on where the game has a belief); 0: off
  // > 0: after this many seconds no game starts and the games under way are
  // abandoned (not counted): the report covers the games finished by then.
  double max_seconds = 0;
};

struct KindStats {
  std::string kind;
  std::uint64_t seats_played = 0;
  std::uint64_t wins = 0;
  std::uint64_t moves = 0;
  std::uint64_t iterations = 0;  // search kinds: total iterations
  // Search kinds: decisions searched (more than one legal action), those
  // that stopped early because settled (IsmctsStats::settled), and the sum of
  // their iteration caps (0 without a cap): 1 - iterations / capped is the
  // share of the cap's iterations that stopping when settled saved.
  std::uint64_t searched = 0;
  std::uint64_t settled = 0;
  std::uint64_t capped = 0;
  std::vector<float> move_ms;  // every decision's time
  double score_sum = 0;
};

struct ArenaResult {
  std::uint64_t games = 0;
  std::uint64_t unfinished = 0;
  std::uint64_t abandoned = 0;   // cut off by max_seconds
  std::vector<KindStats> kinds;  // in order of first appearance
  double seconds = 0;
};

// The 95 % Wilson score interval of wins/n.
struct Interval {
  double low, high;
};
Interval wilson95(std::uint64_t wins, std::uint64_t n);

bool is_search_kind(const std::string& kind);
// Checks the kinds against the game; empty when fine, else the message.
std::string check_arena_kinds(const std::string& game_id, const std::vector<std::string>& kinds);

Result<ArenaResult> run_arena(const Game& game, const ArenaOptions& options);

// The report brethren-arena and brethren-sim print.
std::string format_arena(const Game& game, const ArenaOptions& options, const ArenaResult& result);

}  // namespace brethren::rules
