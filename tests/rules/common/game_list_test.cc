// One list of games (rules/games.cmake, and tests/games/games.cmake for
// test-only games) drives the registries, the bots and the conformance runs
// (tests/CMakeLists.txt makes one CTest run per line and compiles the ids
// into this file). These tests fail when a registered game has no
// conformance run of its own: a game added to a registry by hand, or one
// whose id differs from its line (its run would select no game), and when a
// test-only game reaches the server's registry.
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <string_view>

#include "rules/registry/all_bots.h"
#include "rules/registry/all_games.h"
#include "tests/games/conformance_registry.h"

using namespace brethren::rules;

namespace {

std::set<std::string> split(std::string_view csv) {
  std::set<std::string> out;
  while (!csv.empty()) {
    const auto comma = csv.find(',');
    out.emplace(csv.substr(0, comma));
    csv = comma == std::string_view::npos ? std::string_view{} : csv.substr(comma + 1);
  }
  return out;
}

std::set<std::string> ids_of(const GameRegistry& registry) {
  std::set<std::string> out;
  for (const auto& game : registry.games()) out.insert(game->id());
  return out;
}

}  // namespace

TEST_CASE("Game list: every registered game has a conformance run of its own") {
  const std::set<std::string> runs = split(BRETHREN_CONFORMANCE_RUNS);
  REQUIRE_FALSE(runs.empty());
  const GameRegistry shipped = make_all_games_registry();
  REQUIRE_FALSE(shipped.games().empty());
  for (const auto& game : shipped.games()) {
    INFO("the server's game " << game->id());
    CHECK(runs.count(game->id()) == 1);
  }
  const GameRegistry conformance = make_conformance_registry();
  // Each run finds its game, and the suite plays no game twice.
  CHECK(ids_of(conformance) == runs);
  CHECK(conformance.games().size() == runs.size());
}

TEST_CASE("Game list: test-only games are conformance-tested but never in the server's registry") {
  const std::set<std::string> test_games = split(BRETHREN_TEST_GAME_IDS);
  REQUIRE_FALSE(test_games.empty());  // at least the game of docs/adding-a-game.md
  const GameRegistry shipped = make_all_games_registry();
  const GameRegistry conformance = make_conformance_registry();
  for (const std::string& id : test_games) {
    INFO("test game " << id);
    CHECK(shipped.find(id) == nullptr);
    CHECK(conformance.find(id) != nullptr);
  }
}

TEST_CASE("Game list: every bot kind a game offers can be made") {
  const GameRegistry shipped = make_all_games_registry();
  for (const auto& game : shipped.games()) {
    for (std::string_view kind : bot_kinds(game->id())) {
      INFO(game->id() << " bot " << kind);
      CHECK(make_bot(game->id(), kind, 1) != nullptr);
    }
  }
  CHECK(make_bot("letter-of-marque", "no-such-kind", 1) == nullptr);
}
