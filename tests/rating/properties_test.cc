// Properties of server/rating that hold whatever the reference says: who
// gains and who loses, ties, sigma, teams, abandons and bots.
#include <catch2/catch.hpp>
#include <stdexcept>
#include <vector>

#include "server/rating/bot_ratings.h"
#include "server/rating/match_rating.h"
#include "server/rating/plackett_luce.h"
#include "server/rating/rating.h"

using namespace brethren::rating;

namespace {

std::vector<Team> singles(const std::vector<Rating>& players) {
  std::vector<Team> teams;
  for (const Rating& player : players) teams.push_back({player});
  return teams;
}

}  // namespace

TEST_CASE("rating: a new player has OpenSkill's defaults, displayed as 0 and provisional") {
  const Rating fresh = initial_rating();
  CHECK(fresh.mu == 25.0);
  CHECK(fresh.sigma == Approx(25.0 / 3.0));
  CHECK(ordinal(fresh) == Approx(0.0).margin(1e-12));
  CHECK(provisional(fresh));
  const Parameters defaults;
  CHECK(defaults.beta == Approx(defaults.sigma / 2.0));
  CHECK(defaults.tau == Approx(defaults.sigma / 100.0));
  CHECK(defaults.kappa == 1e-4);
}

TEST_CASE("rating: the winner gains what the loser loses between equals") {
  const auto after = rate(singles({initial_rating(), initial_rating()}), {1, 2});
  CHECK(after[0][0].mu > 25.0);
  CHECK(after[1][0].mu < 25.0);
  CHECK(after[0][0].mu - 25.0 == Approx(25.0 - after[1][0].mu));
  CHECK(after[0][0].sigma == Approx(after[1][0].sigma));
}

TEST_CASE("rating: in a free-for-all every place is worth more than the next") {
  const std::vector<Rating> four(4, initial_rating());
  const auto after = rate(singles(four), {3, 1, 4, 2});
  CHECK(after[1][0].mu > after[3][0].mu);
  CHECK(after[3][0].mu > after[0][0].mu);
  CHECK(after[0][0].mu > after[2][0].mu);
  CHECK(after[1][0].mu > 25.0);
  CHECK(after[2][0].mu < 25.0);
}

TEST_CASE("rating: beating a stronger player is worth more than beating a weaker one") {
  const Rating strong{35.0, 4.0};
  const Rating weak{15.0, 4.0};
  const auto upset = rate(singles({initial_rating(), strong}), {1, 2});
  const auto expected = rate(singles({initial_rating(), weak}), {1, 2});
  CHECK(upset[0][0].mu - 25.0 > expected[0][0].mu - 25.0);
  CHECK(expected[0][0].mu > 25.0);
}

TEST_CASE("rating: a tie between equals changes no mean and treats both alike") {
  const auto after = rate(singles({initial_rating(), initial_rating()}), {1, 1});
  CHECK(after[0][0].mu == Approx(25.0));
  CHECK(after[1][0].mu == Approx(25.0));
  CHECK(after[0][0].sigma == Approx(after[1][0].sigma));
}

TEST_CASE("rating: tied players swap results when their ratings swap") {
  const Rating a{30.0, 5.0};
  const Rating b{22.0, 7.0};
  const Rating c{25.0, 6.0};
  const auto one = rate(singles({a, b, c}), {1, 1, 2});
  const auto two = rate(singles({b, a, c}), {1, 1, 2});
  CHECK(one[0][0].mu == Approx(two[1][0].mu));
  CHECK(one[1][0].mu == Approx(two[0][0].mu));
  CHECK(one[0][0].sigma == Approx(two[1][0].sigma));
  CHECK(one[2][0].mu == Approx(two[2][0].mu));
}

TEST_CASE("rating: only the order of the ranks counts, not the numbers or the teams' order") {
  const std::vector<Rating> players{{20.0, 6.0}, {28.0, 3.0}, {25.0, 8.0}, {31.0, 2.0}};
  const auto base = rate(singles(players), {1, 2, 2, 3});
  const auto spread = rate(singles(players), {0, 10, 10, 99});
  const auto reversed = rate(singles({players[3], players[2], players[1], players[0]}), {3, 2, 2, 1});
  for (std::size_t i = 0; i < players.size(); ++i) {
    CHECK(base[i][0].mu == Approx(spread[i][0].mu));
    CHECK(base[i][0].sigma == Approx(spread[i][0].sigma));
    CHECK(base[i][0].mu == Approx(reversed[3 - i][0].mu));
    CHECK(base[i][0].sigma == Approx(reversed[3 - i][0].sigma));
  }
  const auto unranked = rate(singles(players));
  const auto in_order = rate(singles(players), {1, 2, 3, 4});
  for (std::size_t i = 0; i < players.size(); ++i) CHECK(unranked[i][0].mu == in_order[i][0].mu);
}

TEST_CASE("rating: sigma shrinks with every game and falls below the provisional line") {
  Rating player = initial_rating();
  int games = 0;
  while (provisional(player)) {
    const auto after = rate(singles({player, initial_rating(), initial_rating(), initial_rating()}), {2, 1, 3, 4});
    CHECK(after[0][0].sigma < player.sigma);
    player = after[0][0];
    ++games;
    REQUIRE(games < 100);
  }
  // docs/ratings.md, "Provisional": about ten four-seat games against new
  // players end the provisional period.
  CHECK(games >= 7);
  CHECK(games <= 14);
}

TEST_CASE("rating: team members move together, each by his share of the team's variance") {
  const Rating sure{25.0, 2.0};
  const Rating unsure{25.0, 8.0};
  const auto after = rate({{sure, unsure}, {initial_rating(), initial_rating()}}, {1, 2});
  CHECK(after[0][0].mu > 25.0);
  CHECK(after[0][1].mu > 25.0);
  CHECK(after[1][0].mu < 25.0);
  CHECK(after[1][1].mu < 25.0);
  CHECK(after[1][0].mu == Approx(after[1][1].mu));
  // The less known player learns more from the same result.
  CHECK(after[0][1].mu - 25.0 > after[0][0].mu - 25.0);
  CHECK(after[0][1].mu - 25.0 == Approx((after[0][0].mu - 25.0) * (64.0 + 1.0 / 144.0) / (4.0 + 1.0 / 144.0)));
}

TEST_CASE("rating: bad input is refused") {
  CHECK_THROWS_AS(rate(singles({initial_rating()})), std::invalid_argument);
  CHECK_THROWS_AS(rate(singles({initial_rating(), initial_rating()}), {1}), std::invalid_argument);
  CHECK_THROWS_AS(rate({{initial_rating()}, {}}), std::invalid_argument);
}

TEST_CASE("rating: seats rate as the teams they form") {
  const Rating a{27.0, 5.0};
  const Rating b{21.0, 6.0};
  const Rating c{24.0, 7.0};
  const Rating d{30.0, 3.0};
  const auto seats = rate_seats({{a, 1, 2}, {b, 0, 1}, {c, 1, 2}, {d, 0, 1}});
  const auto teams = rate({{a, c}, {b, d}}, {2, 1});
  CHECK(seats[0].mu == Approx(teams[0][0].mu));
  CHECK(seats[2].mu == Approx(teams[0][1].mu));
  CHECK(seats[1].mu == Approx(teams[1][0].mu));
  CHECK(seats[3].sigma == Approx(teams[1][1].sigma));
  CHECK_THROWS_AS(rate_seats({{a, 1, 2}, {b, 0, 1}, {c, 1, 1}}), std::invalid_argument);
  CHECK_THROWS_AS(rate_seats({{a, 1, 2}, {b, 1, 2}}), std::invalid_argument);
}

TEST_CASE("rating: a player who abandons is ranked last, even when he was ahead") {
  const Rating p{25.0, 8.0};
  // Seat 0 led the free-for-all but left: rated as if he finished last.
  const auto left = rate_seats({{p, 0, 1, true}, {p, 1, 2}, {p, 2, 3}, {p, 3, 4}});
  const auto last = rate(singles({p, p, p, p}), {4, 1, 2, 3});
  for (std::size_t i = 0; i < 4; ++i) CHECK(left[i].mu == Approx(last[i][0].mu));
  CHECK(left[0].mu < 25.0);

  // In a team game he leaves his team, which keeps its win; two who leave tie.
  const auto team = rate_seats({{p, 0, 1}, {p, 0, 1, true}, {p, 1, 2}, {p, 1, 2, true}});
  const auto expected = rate({{p}, {p}, {p}, {p}}, {1, 3, 2, 3});
  for (std::size_t i = 0; i < 4; ++i) CHECK(team[i].mu == Approx(expected[i][0].mu));
  CHECK(team[0].mu > 25.0);
  CHECK(team[1].mu == Approx(team[3].mu));
}

TEST_CASE("rating: bots have fixed ratings per kind, weakest first, and never move") {
  const auto random = bot_rating("random");
  const auto heuristic = bot_rating("heuristic");
  const auto medium = bot_rating("medium");
  const auto hard = bot_rating("hard");
  REQUIRE(random);
  REQUIRE(heuristic);
  REQUIRE(medium);
  REQUIRE(hard);
  CHECK(random->mu < heuristic->mu);
  CHECK(heuristic->mu < medium->mu);
  CHECK(medium->mu < hard->mu);
  CHECK_FALSE(provisional(*hard));
  CHECK_FALSE(bot_rating("grandmaster"));

  const Rating person = initial_rating();
  const auto after = rate_seats({{person, 0, 1}, {*hard, 1, 2, false, true}});
  CHECK(after[0].mu > 25.0);
  CHECK(after[1].mu == hard->mu);
  CHECK(after[1].sigma == hard->sigma);
  // Beating the hard bot is worth more than beating the random one.
  const auto easy = rate_seats({{person, 0, 1}, {*random, 1, 2, false, true}});
  CHECK(after[0].mu > easy[0].mu);
}
