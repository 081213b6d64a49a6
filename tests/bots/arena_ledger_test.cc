// The arena's ledger (tools/arena_ledger.h): batches of the same
// configuration pool into the figures one run of all their games gives, and
// a ledger that would count a game twice, or cannot be read, is refused.
#include <catch2/catch.hpp>
#include <algorithm>
#include <sstream>

#include "rules/registry/all_games.h"
#include "tools/arena.h"
#include "tools/arena_ledger.h"

using namespace brethren::rules;

namespace {

ArenaOptions lom_options(std::uint64_t seed, std::uint64_t games) {
  ArenaOptions o;
  o.kinds = {"medium", "heuristic", "random", "random"};
  o.seats = 4;
  o.seed = seed;
  o.games = games;
  o.threads = 2;
  o.iterations = 30;  // a cap: the games are the same move for move, run after run
  return o;
}

const KindStats& kind(const ArenaResult& result, const std::string& name) {
  return *std::find_if(result.kinds.begin(), result.kinds.end(), [&](const KindStats& k) { return k.kind == name; });
}

const Game& lom() {
  static const GameRegistry registry = make_all_games_registry();
  return *registry.find("letter-of-marque");
}

// A small batch played from `seed`, and its ledger line of build b1.
std::pair<ArenaResult, std::string> played_batch(std::uint64_t seed, std::uint64_t games) {
  auto batch = run_arena(lom(), lom_options(seed, games));
  REQUIRE(batch);
  return {*batch, ledger_line(lom(), lom_options(seed, games), *batch, "b1")};
}

double mean(const std::vector<float>& v) {
  double sum = 0;
  for (float x : v) sum += x;
  return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

}  // namespace

TEST_CASE("Arena ledger: two batches pool into the counts of one run of all their games") {
  const Game& game = lom();
  // Batches of a multiple of the seats: game i of a batch sits as game
  // 8 + i of the whole run does (the kinds rotate with the game's index).
  auto first = run_arena(game, lom_options(1, 8));
  auto second = run_arena(game, lom_options(9, 8));
  auto whole = run_arena(game, lom_options(1, 16));
  REQUIRE(first);
  REQUIRE(second);
  REQUIRE(whole);
  std::istringstream ledger("# a comment, then two batches\n" + ledger_line(game, lom_options(1, 8), *first, "b1") +
                            "\n\n" + ledger_line(game, lom_options(9, 8), *second, "b1") + "\n");
  const PoolOutcome outcome = pool_ledger(ledger);
  REQUIRE(outcome.error.empty());
  REQUIRE(outcome.pools.size() == 1);
  const PooledArena& pool = outcome.pools[0];
  REQUIRE(pool.result.games == 16);
  REQUIRE(pool.seeds.size() == 2);
  REQUIRE(pool.seeds[0].first == 1);
  REQUIRE(pool.seeds[0].end == 9);
  REQUIRE(pool.seeds[1].first == 9);
  for (const std::string name : {"medium", "heuristic", "random"}) {
    INFO(name);
    const KindStats& pooled = kind(pool.result, name);
    const KindStats& all = kind(*whole, name);
    REQUIRE(pooled.seats_played == all.seats_played);
    REQUIRE(pooled.wins == all.wins);
    REQUIRE(pooled.moves == all.moves);
    REQUIRE(pooled.iterations == all.iterations);
    REQUIRE(pooled.searched == all.searched);
    REQUIRE(pooled.settled == all.settled);
    REQUIRE(pooled.capped == all.capped);
    REQUIRE(pooled.score_sum == all.score_sum);
    REQUIRE(pooled.move_ms.size() == pooled.moves);
  }
  REQUIRE(kind(pool.result, "medium").searched > 0);
  // The move times: 4 significant figures of a microsecond count.
  std::vector<float> times = kind(*first, "medium").move_ms;
  const auto& more = kind(*second, "medium").move_ms;
  times.insert(times.end(), more.begin(), more.end());
  REQUIRE(mean(kind(pool.result, "medium").move_ms) == Approx(mean(times)).epsilon(0.001).margin(0.001));
  const std::string report = format_pooled(game, pool);
  REQUIRE_THAT(report, Catch::Contains("pooled: 2 batches of build b1, seeds [1, 9) [9, 17)"));
  REQUIRE_THAT(report, Catch::Contains("16 games"));
}

TEST_CASE("Arena ledger: overlapping seeds are refused, other builds and settings pool apart") {
  const Game& game = lom();
  const auto [batch, line] = played_batch(100, 4);
  {
    std::istringstream ledger(line + "\n" + ledger_line(game, lom_options(103, 4), batch, "b1") + "\n");
    const PoolOutcome outcome = pool_ledger(ledger);
    REQUIRE_THAT(outcome.error, Catch::Contains("line 2: seeds [103, 107) overlap"));
  }
  ArenaOptions budgets = lom_options(100, 4);
  budgets.iterations = 0;
  std::istringstream ledger(line + "\n" + ledger_line(game, lom_options(100, 4), batch, "b2") + "\n" +
                            ledger_line(game, budgets, batch, "b1") + "\n");
  const PoolOutcome outcome = pool_ledger(ledger);
  REQUIRE(outcome.error.empty());
  REQUIRE(outcome.pools.size() == 3);
  REQUIRE(outcome.pools[1].build == "b2");
  REQUIRE(outcome.pools[2].options.iterations == 0);
}

TEST_CASE("Arena ledger: a damaged line is refused with its number, never read as figures") {
  const std::string line = played_batch(200, 2).second;
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string damaged = line;
    const auto at = damaged.find(from);
    REQUIRE(at != std::string::npos);
    return damaged.replace(at, from.size(), to);
  };
  const std::vector<std::string> damaged = {
      line.substr(0, line.size() / 2),                 // cut short
      line.substr(0, line.rfind('|')),                 // cut short between two kinds' sections
      line + " |" + line.substr(line.rfind('|') + 1),  // a kind's section twice
      replaced(" v=1", " v=9"),                        // another version
      replaced(" seed=", " seed=x"),                   // not a number
      replaced("kind=medium", "kind=hard"),            // a kind nobody played
      replaced(" wins=", " wins=99999"),               // more wins than seats
      replaced(" ms=", " ms=1000:99999999999,"),       // more times than moves
      replaced(" started=2", " started=1"),            // more games than started
      replaced(" search=iterations:30", " search=fast"),
  };
  for (const auto& text : damaged) {
    INFO(text.substr(0, 200));
    std::istringstream ledger("# header\n" + text + "\n");
    const PoolOutcome outcome = pool_ledger(ledger);
    REQUIRE_THAT(outcome.error, Catch::StartsWith("line 2: "));
  }
}
