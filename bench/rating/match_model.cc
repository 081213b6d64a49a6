#include "bench/rating/match_model.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace brethren::bench {

namespace {

int uniform(int low, int high, std::mt19937_64& rng) { return std::uniform_int_distribution<int>(low, high)(rng); }

// A table size in [low, high] that leaves either nobody or at least `low`
// players for the next table.
int table_size(std::size_t remaining, int low, int high, std::mt19937_64& rng) {
  const int left = static_cast<int>(remaining);
  if (left <= high) return left;
  for (;;) {
    const int size = uniform(low, high, rng);
    if (left - size >= low) return size;
  }
}

// Places from performances: the highest is first.
std::vector<int> places_of(const std::vector<double>& performance) {
  std::vector<std::size_t> order(performance.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return performance[a] > performance[b]; });
  std::vector<int> places(performance.size());
  for (std::size_t place = 0; place < order.size(); ++place) places[order[place]] = static_cast<int>(place);
  return places;
}

}  // namespace

std::string format_name(Format format) {
  switch (format) {
    case Format::kFreeForAll: return "free-for-all 3-6";
    case Format::kTwoTeams: return "two teams of 2-5";
    case Format::kOneVsOne: return "one vs one";
  }
  return "?";
}

std::string outcome_name(Outcome outcome) { return outcome == Outcome::kThurstone ? "thurstone" : "plackett-luce"; }

namespace {

std::vector<Table> cut_into_tables(const std::vector<std::size_t>& order, Format format, bool shuffle_teams,
                                   std::mt19937_64& rng) {
  const std::size_t players = order.size();
  std::vector<Table> tables;
  std::size_t next = 0;
  while (next < players) {
    Table table;
    if (format == Format::kTwoTeams) {
      // Two teams of 2 to 5 each: tables of 4 to 10.
      const int size = table_size(players - next, 4, 10, rng);
      const int first = size <= 5 ? size / 2 : uniform(std::max(2, size - 5), std::min(5, size - 2), rng);
      std::vector<std::size_t> members(order.begin() + static_cast<std::ptrdiff_t>(next),
                                       order.begin() + static_cast<std::ptrdiff_t>(next) + size);
      next += static_cast<std::size_t>(size);
      if (shuffle_teams) std::shuffle(members.begin(), members.end(), rng);
      table.sides.assign(2, {});
      for (int seat = 0; seat < size; ++seat) table.sides[seat < first ? 0 : 1].push_back(members[seat]);
    } else {
      const int size = format == Format::kOneVsOne ? 2 : table_size(players - next, 3, 6, rng);
      for (int seat = 0; seat < size && next < players; ++seat) table.sides.push_back({order[next++]});
    }
    tables.push_back(std::move(table));
  }
  return tables;
}

}  // namespace

std::vector<Table> deal_round(std::size_t players, Format format, std::mt19937_64& rng) {
  std::vector<std::size_t> order(players);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::shuffle(order.begin(), order.end(), rng);
  // The shuffle already mixes a table's players: its teams are its halves.
  return cut_into_tables(order, format, false, rng);
}

std::vector<Table> deal_round_in_order(const std::vector<std::size_t>& order, Format format, std::mt19937_64& rng) {
  return cut_into_tables(order, format, true, rng);
}

std::vector<int> play(const Table& table, const std::vector<double>& skills, Outcome outcome, double noise,
                      std::mt19937_64& rng) {
  const std::size_t n = table.sides.size();
  if (outcome == Outcome::kThurstone) {
    std::normal_distribution<double> performance_noise(0.0, noise);
    std::vector<double> performance(n, 0.0);
    for (std::size_t s = 0; s < n; ++s)
      for (std::size_t player : table.sides[s]) performance[s] += skills[player] + performance_noise(rng);
    return places_of(performance);
  }
  std::vector<double> weight(n, 0.0);
  for (std::size_t s = 0; s < n; ++s) {
    double strength = 0.0;
    for (std::size_t player : table.sides[s]) strength += skills[player];
    weight[s] = strength / noise;
  }
  // Subtract the largest exponent so that exp never overflows.
  const double top = *std::max_element(weight.begin(), weight.end());
  for (double& w : weight) w = std::exp(w - top);
  std::vector<int> places(n, -1);
  for (std::size_t place = 0; place < n; ++place) {
    std::discrete_distribution<std::size_t> pick(weight.begin(), weight.end());
    const std::size_t side = pick(rng);
    places[side] = static_cast<int>(place);
    weight[side] = 0.0;
  }
  return places;
}

}  // namespace brethren::bench
