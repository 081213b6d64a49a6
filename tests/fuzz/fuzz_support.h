// Shared by the rules fuzz targets: the game registry, a check that aborts
// (so libFuzzer records the input as a crash), and the invariants every
// state a game accepts must keep.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "rules/core/game.h"
#include "rules/core/registry.h"

namespace brethren::fuzz {

#define FUZZ_CHECK(cond)                                                                  \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      std::fprintf(stderr, "FUZZ_CHECK failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
      std::abort();                                                                       \
    }                                                                                     \
  } while (0)

// The standard registry, built once per process.
const rules::GameRegistry& games();

// What any state a game hands out (new, loaded or after apply) must allow:
// a view and an event stream for every seat and for a spectator, legal
// actions that encode and decode, and serialize -> deserialize -> serialize
// giving the same bytes.
void check_state(const rules::Game& game, const rules::State& state);

// Plays up to `moves` legal actions chosen by `rng`, checking each state.
void play_legal(const rules::Game& game, rules::State& state, rules::Rng& rng, int moves, bool check_each);

}  // namespace brethren::fuzz
