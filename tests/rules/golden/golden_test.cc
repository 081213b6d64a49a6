// A game's behaviour must not change without a rules version bump (issue
// #26): each game's seeded random matches are replayed and their digests
// compared with the committed ones in tests/rules/golden/<game id>.txt.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "tests/games/conformance_registry.h"
#include "tests/rules/golden/golden_digest.h"

using namespace brethren::rules;
using namespace brethren::rules::golden;

namespace {

std::string read_golden_file(const std::string& game_id, bool& found) {
  std::ifstream in(std::string(BRETHREN_SOURCE_DIR) + "/tests/rules/golden/" + game_id + ".txt");
  found = static_cast<bool>(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const Game& first_game(const GameRegistry& games) {
  REQUIRE(!games.games().empty());
  return *games.games().front();
}

}  // namespace

TEST_CASE("Golden digests: every game plays its seeded matches as committed, or has bumped its rules version") {
  const GameRegistry games = make_conformance_registry();
  REQUIRE(games.games().size() >= 5);  // the four shipped games and High Card
  for (const auto& game : games.games()) {
    INFO("game " << game->id());
    CHECK(game->rules_version() >= 1);
    bool found = false;
    const std::string text = read_golden_file(game->id(), found);
    if (!found) {
      FAIL_CHECK("no tests/rules/golden/" << game->id() << ".txt: generate it with " << kRegenerateCommand);
      continue;
    }
    std::string error;
    const auto stored = parse_file(text, error);
    if (!error.empty()) {
      FAIL_CHECK("tests/rules/golden/" << game->id() << ".txt: " << error);
      continue;
    }
    for (const std::string& mismatch : golden_mismatches(*game, stored, golden_lines(*game))) FAIL_CHECK(mismatch);
  }
}

TEST_CASE("Golden digests: the digest is a function of the match, and a change is reported as needing a bump") {
  const GameRegistry games = make_conformance_registry();
  const Game& game = first_game(games);
  const auto computed = golden_lines(game);
  REQUIRE(computed == golden_lines(game));  // nothing but the match goes in (no addresses, no clocks)
  REQUIRE(golden_mismatches(game, computed, computed).empty());
  REQUIRE(parse_line(format_line(computed.front())) == computed.front());

  SECTION("another seed, another digest") {
    REQUIRE(play_golden_match(game, computed.front().seats, 1).digest !=
            play_golden_match(game, computed.front().seats, 2).digest);
  }
  SECTION("a changed digest under the same rules version asks for a bump") {
    auto stored = computed;
    stored.front().digest = "0000000000000000";
    const auto mismatches = golden_mismatches(game, stored, computed);
    REQUIRE(mismatches.size() == 1);
    REQUIRE_THAT(mismatches.front(), Catch::Contains(game.id()) && Catch::Contains("bump the rules version") &&
                                         Catch::Contains(kRegenerateCommand));
  }
  SECTION("a bumped rules version asks for regeneration") {
    auto stored = computed;
    for (auto& line : stored) line.rules_version = game.rules_version() - 1;
    const auto mismatches = golden_mismatches(game, stored, computed);
    REQUIRE(mismatches.size() == computed.size());
    REQUIRE_THAT(mismatches.front(), Catch::Contains("is for rules version") && Catch::Contains("regenerate with") &&
                                         !Catch::Contains("bump"));
  }
  SECTION("a missing or extra seat count is reported") {
    auto stored = computed;
    stored.pop_back();
    REQUIRE(golden_mismatches(game, stored, computed).size() == 1);
    REQUIRE(golden_mismatches(game, computed, stored).size() == 1);
  }
}
