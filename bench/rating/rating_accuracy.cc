// brethren-rating-accuracy: how well the Weng–Lin rating (server/rating/)
// orders a simulated population whose true skills are known, against
// pairwise Elo on the same matches (docs/ratings.md, "Accuracy").
//
// Each round deals every player into a table (free-for-all 3-6 seats, two
// teams of 2-5, or one vs one), samples the places from the true skills
// (Thurstone or Plackett–Luce) and rates the match with both systems. After
// the rounds it prints Kendall's tau between the true skills and each
// system's ratings: the displayed ordinal mu - 3 sigma, mu alone, and Elo.
//
//   brethren-rating-accuracy --players 1000 --games 30 --seeds 5
#include <boost/program_options.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "bench/rating/batch_plackett_luce.h"
#include "bench/rating/kendall_tau.h"
#include "bench/rating/match_model.h"
#include "bench/rating/pairwise_elo.h"
#include "server/rating/plackett_luce.h"
#include "server/rating/rating.h"
#include "tools/command_line.h"

namespace po = boost::program_options;
using namespace brethren;
using namespace brethren::bench;

namespace {

struct Settings {
  std::size_t players = 1000;
  int games = 30;
  int seeds = 5;
  double skill_sd = 25.0 / 3.0;
  double noise = 25.0 / 6.0;
  double elo_k = 32.0;
  // Tables drawn at random each round, or cut from the players sorted by
  // their current mu (ties at random), as quick play matches a full queue.
  bool match_by_rating = false;
};

// This round's seating order for matching by rating: the highest mu first,
// players of equal mu (everyone in the first round) in random order.
std::vector<std::size_t> rating_order(const std::vector<rating::Rating>& ratings, std::mt19937_64& rng) {
  std::vector<std::size_t> order(ratings.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::shuffle(order.begin(), order.end(), rng);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return ratings[a].mu > ratings[b].mu; });
  return order;
}

// What one population ends with.
struct Run {
  double ordinal_tau = 0.0;
  double mu_tau = 0.0;
  double elo_tau = 0.0;
  double batch_tau = 0.0;  // the batch Plackett-Luce fit's (the ceiling)
  double provisional_share = 0.0;
  double mean_sigma = 0.0;
  double median_games_provisional = 0.0;  // among those who left it; -1: fewer than half did
};

// The median of the games each player needed to leave the provisional
// rating (rating.h); players who never left it count as needing more.
double median_games(std::vector<int> games_to_leave) {
  for (int& games : games_to_leave)
    if (games < 0) games = std::numeric_limits<int>::max();
  const auto middle = games_to_leave.begin() + static_cast<std::ptrdiff_t>(games_to_leave.size() / 2);
  std::nth_element(games_to_leave.begin(), middle, games_to_leave.end());
  return *middle == std::numeric_limits<int>::max() ? -1.0 : *middle;
}

Run simulate(const Settings& settings, Format format, Outcome outcome, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> skill(25.0, settings.skill_sd);
  std::vector<double> skills(settings.players);
  for (double& s : skills) s = skill(rng);

  std::vector<rating::Rating> ratings(settings.players, rating::initial_rating());
  PairwiseElo elo(settings.players, settings.elo_k);
  BatchPlackettLuce batch(settings.players, 25.0, settings.skill_sd, settings.noise);
  std::vector<int> games_played(settings.players, 0);
  std::vector<int> left_provisional_at(settings.players, -1);
  for (int round = 0; round < settings.games; ++round) {
    const std::vector<Table> tables = settings.match_by_rating
                                          ? deal_round_in_order(rating_order(ratings, rng), format, rng)
                                          : deal_round(settings.players, format, rng);
    for (const Table& table : tables) {
      const std::vector<int> places = play(table, skills, outcome, settings.noise, rng);
      std::vector<rating::Team> teams;
      for (const auto& side : table.sides) {
        rating::Team team;
        for (std::size_t player : side) team.push_back(ratings[player]);
        teams.push_back(std::move(team));
      }
      const auto rated = rating::rate(teams, places);
      for (std::size_t s = 0; s < table.sides.size(); ++s)
        for (std::size_t k = 0; k < table.sides[s].size(); ++k) {
          const std::size_t player = table.sides[s][k];
          ratings[player] = rated[s][k];
          ++games_played[player];
          if (left_provisional_at[player] < 0 && !rating::provisional(ratings[player]))
            left_provisional_at[player] = games_played[player];
        }
      elo.rate(table, places);
      batch.add(table, places);
    }
  }

  std::vector<double> ordinals, mus;
  Run run;
  for (const rating::Rating& r : ratings) {
    ordinals.push_back(rating::ordinal(r));
    mus.push_back(r.mu);
    run.mean_sigma += r.sigma / static_cast<double>(ratings.size());
    if (rating::provisional(r)) run.provisional_share += 1.0 / static_cast<double>(ratings.size());
  }
  run.ordinal_tau = kendall_tau_b(skills, ordinals);
  run.mu_tau = kendall_tau_b(skills, mus);
  run.elo_tau = kendall_tau_b(skills, elo.ratings());
  run.batch_tau = kendall_tau_b(skills, batch.fit());
  run.median_games_provisional = median_games(left_provisional_at);
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  Settings settings;
  std::string formats = "all", outcomes = "all", matching = "random";
  po::options_description desc(
      "brethren-rating-accuracy: Kendall's tau between known skills and ratings (Weng-Lin vs pairwise Elo)\n\nOptions");
  // clang-format off
  desc.add_options()
      ("help,h", "this text")
      ("players", po::value(&settings.players)->default_value(settings.players), "population size (at least 10, even)")
      ("games", po::value(&settings.games)->default_value(settings.games), "games per player")
      ("seeds", po::value(&settings.seeds)->default_value(settings.seeds), "populations per row (seeds 1..N)")
      ("skill-sd", po::value(&settings.skill_sd)->default_value(settings.skill_sd), "spread of the true skills around 25")
      ("noise", po::value(&settings.noise)->default_value(settings.noise), "one performance's deviation around the skill")
      ("elo-k", po::value(&settings.elo_k)->default_value(settings.elo_k), "Elo's K (points at stake one against one)")
      ("format", po::value(&formats)->default_value(formats), "all, free-for-all, two-teams or one-vs-one")
      ("outcome", po::value(&outcomes)->default_value(outcomes), "all, thurstone or plackett-luce")
      ("matching", po::value(&matching)->default_value(matching),
       "random (tables drawn at random) or rating (players sorted by mu, as quick play matches)");
  // clang-format on
  po::variables_map vm;
  if (auto exit_code = tools::parse_command_line(argc, argv, desc, vm, "brethren-rating-accuracy")) return *exit_code;
  if (settings.players < 10 || settings.players % 2 != 0 || settings.games < 1 || settings.seeds < 1) {
    std::cerr << "brethren-rating-accuracy: --players must be even and at least 10, --games and --seeds positive\n";
    return 2;
  }
  if (matching != "random" && matching != "rating") {
    std::cerr << "brethren-rating-accuracy: --matching is random or rating\n";
    return 2;
  }
  settings.match_by_rating = matching == "rating";
  std::vector<Format> format_list;
  if (formats == "all" || formats == "free-for-all") format_list.push_back(Format::kFreeForAll);
  if (formats == "all" || formats == "two-teams") format_list.push_back(Format::kTwoTeams);
  if (formats == "all" || formats == "one-vs-one") format_list.push_back(Format::kOneVsOne);
  std::vector<Outcome> outcome_list;
  if (outcomes == "all" || outcomes == "thurstone") outcome_list.push_back(Outcome::kThurstone);
  if (outcomes == "all" || outcomes == "plackett-luce") outcome_list.push_back(Outcome::kPlackettLuce);
  if (format_list.empty() || outcome_list.empty()) {
    std::cerr << "brethren-rating-accuracy: unknown --format or --outcome\n";
    return 2;
  }

  std::printf(
      "rating-accuracy: players=%zu games_per_player=%d seeds=%d skill_sd=%.3f noise=%.3f elo_k=%.1f matching=%s\n",
      settings.players, settings.games, settings.seeds, settings.skill_sd, settings.noise, settings.elo_k,
      matching.c_str());
  std::printf("%-18s %-14s %11s %7s %7s %8s %7s %10s %12s %16s %10s\n", "format", "outcome", "ordinal tau", "(min)",
              "mu tau", "elo tau", "(min)", "batch tau", "provisional", "games to leave it", "mean sigma");
  for (Format format : format_list) {
    for (Outcome outcome : outcome_list) {
      Run mean;
      double ordinal_min = 1.0, elo_min = 1.0;
      std::vector<double> medians;
      for (int seed = 1; seed <= settings.seeds; ++seed) {
        const Run run = simulate(settings, format, outcome, static_cast<std::uint64_t>(seed));
        const double share = 1.0 / settings.seeds;
        mean.ordinal_tau += run.ordinal_tau * share;
        mean.mu_tau += run.mu_tau * share;
        mean.elo_tau += run.elo_tau * share;
        mean.batch_tau += run.batch_tau * share;
        mean.provisional_share += run.provisional_share * share;
        mean.mean_sigma += run.mean_sigma * share;
        ordinal_min = std::min(ordinal_min, run.ordinal_tau);
        elo_min = std::min(elo_min, run.elo_tau);
        medians.push_back(run.median_games_provisional);
      }
      // The median over seeds of each population's median (they hardly differ).
      std::nth_element(medians.begin(), medians.begin() + static_cast<std::ptrdiff_t>(medians.size() / 2),
                       medians.end());
      const double games_to_leave = medians[medians.size() / 2];
      char leave[32];
      if (games_to_leave < 0)
        std::snprintf(leave, sizeof leave, ">%d", settings.games);
      else
        std::snprintf(leave, sizeof leave, "%.0f", games_to_leave);
      std::printf("%-18s %-14s %11.3f %7.3f %7.3f %8.3f %7.3f %10.3f %11.1f%% %16s %10.2f\n",
                  format_name(format).c_str(), outcome_name(outcome).c_str(), mean.ordinal_tau, ordinal_min,
                  mean.mu_tau, mean.elo_tau, elo_min, mean.batch_tau, 100.0 * mean.provisional_share, leave,
                  mean.mean_sigma);
    }
  }
  return 0;
}
