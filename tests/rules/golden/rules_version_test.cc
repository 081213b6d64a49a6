// Versioned rules (issue #26): a stored match replays only under a rules
// version the game still plays (its current one, and older ones it keeps for
// matches started under them), with a typed reason otherwise; High Card keeps
// its previous version playable (tests/games/high_card/README.md, "Rules
// versions").
#include <catch2/catch.hpp>

#include "tests/games/conformance_registry.h"
#include "tests/games/high_card/high_card.h"
#include "tools/match_verifier.h"

using namespace brethren;
using namespace brethren::rules;

namespace {

// What a seat has been shown so far, as bytes.
std::string dealt_to(const State& state, Seat seat) {
  std::string out;
  for (const auto& record : state.events_for(Viewer::player(seat))) out += record.SerializeAsString();
  return out;
}

}  // namespace

TEST_CASE("Rules versions: every game declares one, and only the versions it still plays replay") {
  const GameRegistry games = make_conformance_registry();
  for (const auto& game : games.games()) {
    INFO(game->id());
    const std::uint32_t current = game->rules_version();
    REQUIRE(current >= 1);
    REQUIRE(game->info().rules_version() == current);
    REQUIRE(check_rules_version(*game, current).ok());
    const auto other = check_rules_version(*game, current + 1);
    REQUIRE(!other.ok());
    REQUIRE(other.error().code == ErrorCode::kRulesVersionMismatch);
    REQUIRE_THAT(other.error().message, Catch::Contains("rules version " + std::to_string(current + 1)) &&
                                            Catch::Contains("plays rules version " + std::to_string(current)) &&
                                            Catch::Contains(game->info().display_name()));
    REQUIRE(std::string(to_string(other.error().code)) == "RULES_VERSION_MISMATCH");

    const int seats = game->info().min_seats();
    REQUIRE(replay(*game, {{}, seats, 7, 0, 0}, {}).ok());  // 0: the current version
    REQUIRE(replay(*game, {{}, seats, 7, 0, current}, {}).ok());
    const auto refused = replay(*game, {{}, seats, 7, 0, current + 1}, {});
    REQUIRE(!refused.ok());
    REQUIRE(refused.error().code == ErrorCode::kRulesVersionMismatch);
    // Older versions kept playable: from oldest_playable_rules_version() on.
    const std::uint32_t oldest = game->oldest_playable_rules_version();
    REQUIRE(oldest >= 1);
    REQUIRE(oldest <= current);
    for (std::uint32_t v = oldest; v <= current; ++v) REQUIRE(check_rules_version(*game, v).ok());
    REQUIRE(check_rules_version(*game, 0).error().code == ErrorCode::kRulesVersionMismatch);
    if (oldest > 1) REQUIRE(!check_rules_version(*game, oldest - 1).ok());
  }
}

TEST_CASE("Rules versions: High Card still plays version 1 on request, dealing as version 1 did (HC-1)") {
  const GameRegistry games = make_conformance_registry();
  const Game& game = *games.find(high_card::kGameId);
  REQUIRE(game.rules_version() == high_card::kRulesVersion);
  REQUIRE(high_card::kRulesVersion == 2);
  // Version 1 shuffled once: the deal of the constructor's old behaviour.
  auto v1 = std::move(game.new_match({{}, 2, 11, 0, 1})).value();
  high_card::HighCardState reference(2, 11, 1);
  REQUIRE(v1->serialize() == reference.serialize());
  // Version 2 deals differently for some seed, the current version is 2, and
  // an unknown version is refused with the typed reason.
  bool differs = false;
  for (std::uint64_t seed = 1; seed <= 20 && !differs; ++seed) {
    auto a = std::move(game.new_match({{}, 2, seed, 0, 1})).value();
    auto b = std::move(game.new_match({{}, 2, seed, 0, 2})).value();
    auto current = std::move(game.new_match({{}, 2, seed, 0, 0})).value();
    REQUIRE(b->serialize() == current->serialize());
    differs = dealt_to(*a, 0) != dealt_to(*b, 0) || dealt_to(*a, 1) != dealt_to(*b, 1);
  }
  REQUIRE(differs);
  for (const std::uint32_t unknown : {3u, 99u}) {
    const auto refused = game.new_match({{}, 2, 1, 0, unknown});
    REQUIRE(!refused.ok());
    REQUIRE(refused.error().code == ErrorCode::kRulesVersionMismatch);
  }
  // A version-1 match plays to its end under version 1.
  auto& state = *v1;
  while (!state.is_terminal()) {
    const Seat seat = state.acting_seats().front();
    REQUIRE(state.apply(seat, state.legal_actions(seat).front()).ok());
  }
  // A stored version-1 log replays under version 1 (issue #26, item 3: the
  // game keeps version 1 playable while matches started under it live).
  REQUIRE(game.oldest_playable_rules_version() == high_card::kOldestRulesVersion);
  std::vector<LoggedAction> log;
  auto again = std::move(game.new_match({{}, 2, 11, 0, 1})).value();
  while (!again->is_terminal()) {
    const Seat seat = again->acting_seats().front();
    const ActionId id = again->legal_actions(seat).back();
    log.push_back({seat, again->encode_action(seat, id)});
    REQUIRE(again->apply(seat, id).ok());
  }
  auto replayed = replay(game, {{}, 2, 11, 0, 1}, log);
  REQUIRE(replayed.ok());
  REQUIRE((*replayed)->serialize() == again->serialize());
  REQUIRE(replay(game, {{}, 2, 11, 0, 3}, log).error().code == ErrorCode::kRulesVersionMismatch);
}

TEST_CASE("Rules versions: brethren-verify refuses a history played under a rules version it does not play") {
  const GameRegistry games = make_conformance_registry();
  v1::MatchHistory history;
  history.set_game_id(high_card::kGameId);
  history.set_seat_count(2);
  history.set_rules_version(3);
  auto report = tools::verify_match(games, history);
  REQUIRE(!report.verified);
  REQUIRE_THAT(report.failure, Catch::StartsWith("rules version:") && Catch::Contains("rules version 3") &&
                                   Catch::Contains("plays rules version 2"));
  // Under a version this build plays (the current one, or version 1 that
  // High Card keeps; a history from before versions were published says
  // none: version 1), the check passes on to the seed.
  for (const std::uint32_t version : {0u, 1u, 2u}) {
    if (version == 0) {
      history.clear_rules_version();
    } else {
      history.set_rules_version(version);
    }
    report = tools::verify_match(games, history);
    REQUIRE_THAT(report.failure, !Catch::Contains("rules version") && Catch::Contains("seed"));
  }
}
