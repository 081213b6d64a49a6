// The arena's ledger: one line per batch of games, so that batches run on
// different days (seeds that never overlap, the same bots' code) pool into
// one figure (docs/performance.md, "The arena's ledger"). A line keeps what
// the report needs and nothing that cannot be summed: counts, and each
// kind's move times as a histogram of 4 significant figures.
//
//   brethren-arena ... --ledger bench/arena/ledger.txt --build rules:<tree>
//   brethren-arena --pool bench/arena/ledger.txt
#pragma once

#include <istream>
#include <string>
#include <vector>

#include "rules/core/game.h"
#include "tools/arena.h"

namespace brethren::rules {

// The batch's line (no newline). `build` names the bots' code (the script
// passes rules/'s git tree); batches pool only under the same build.
std::string ledger_line(const Game& game, const ArenaOptions& options, const ArenaResult& result,
                        const std::string& build);

// The batches of one configuration (game, bots, search settings, build),
// pooled: their games summed, seeds [seed, seed + started) of each.
struct PooledArena {
  std::string game_id;
  ArenaOptions options;  // the configuration's; seed and threads of its first batch
  std::string build;
  ArenaResult result;  // summed; move times from the histograms
  struct SeedRange {
    std::uint64_t first, end;  // [first, end)
  };
  std::vector<SeedRange> seeds;  // one per batch, in ledger order
};

struct PoolOutcome {
  std::vector<PooledArena> pools;  // in order of first appearance
  std::string error;               // not empty: a bad line, or batches of one configuration whose seeds overlap
};

PoolOutcome pool_ledger(std::istream& ledger);

// The pooled report: the batches' seed ranges and builds, then format_arena's.
std::string format_pooled(const Game& game, const PooledArena& pool);

}  // namespace brethren::rules
