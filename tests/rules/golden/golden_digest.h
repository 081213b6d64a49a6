// Golden digests: one hash per seeded random match of a game, over
// everything a player or spectator can observe (every viewer's view, with
// the legal actions in it, every viewer's events, the moves, the outcome).
// A game whose digests change has changed behaviour: its rules version must
// go up (GameInfo.rules_version), and its golden file is regenerated.
//
// The hash is FNV-1a over deterministic protobuf serializations, framed by
// length: the same on every platform, compiler and build.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/game.h"

namespace brethren::rules::golden {

// One seeded match: its set-up, the rules version it was computed under,
// how many moves it took and the digest.
struct GoldenLine {
  std::string game_id;
  int seats = 0;
  std::uint64_t seed = 0;
  std::uint32_t rules_version = 0;
  std::uint64_t moves = 0;
  std::string digest;  // 16 hex digits

  friend bool operator==(const GoldenLine&, const GoldenLine&) = default;
};

// The seeds each seat count is played with.
inline constexpr std::uint64_t kSeeds[] = {1, 2, 3};

// Plays the match of `game` with `seats` seats and `seed` (default options),
// every move chosen by a random generator seeded from `seed`.
GoldenLine play_golden_match(const Game& game, int seats, std::uint64_t seed);
// Every seat count of the game, each with every seed of kSeeds.
std::vector<GoldenLine> golden_lines(const Game& game);

// The text of tests/rules/golden/<game id>.txt, and back (nullopt: a line
// that does not parse; comments and blank lines are skipped).
std::string golden_file_text(const Game& game, const std::vector<GoldenLine>& lines);
std::string format_line(const GoldenLine& line);
std::optional<GoldenLine> parse_line(std::string_view text);
std::vector<GoldenLine> parse_file(std::string_view text, std::string& error);

// What is wrong with the stored lines of `game` against the computed ones,
// one sentence each, naming the game and saying what to do; empty when
// they agree. A digest that changed under the same rules version asks for
// a bump; a bumped version (or another seat range) asks for regeneration.
std::vector<std::string> golden_mismatches(const Game& game, const std::vector<GoldenLine>& stored,
                                           const std::vector<GoldenLine>& computed);

// How to regenerate the files, for failure messages.
inline constexpr const char* kRegenerateCommand = "build/tests/rules/golden/brethren-golden-digests tests/rules/golden";

}  // namespace brethren::rules::golden
