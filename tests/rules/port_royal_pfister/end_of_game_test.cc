// Port Royal (Pfister), the end of the game and the winner.
// Each test cites the rule IDs of docs/rules/port-royal-pfister.md it checks.
#include "tests/rules/port_royal_pfister/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_pfister;
using namespace brethren::rules::port_royal_pfister::test_support;

TEST_CASE("PRP-40, PRP-41, PRP-A-12: 12 points trigger the end, the round is completed, equal turns for all") {
  int by_non_active = 0;
  for (int seats = 2; seats <= 5; ++seats) {
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      auto s = new_match(seats, seed);
      Rng rng(seed);
      std::vector<int> turns(seats, 0);
      turns[s->active_seat()] = 1;
      bool triggered = false;
      while (!s->is_terminal()) {
        const Seat seat = acting(*s);
        const Seat active = s->active_seat();
        const auto l = s->legal_actions(seat);
        const std::uint64_t v = s->version();
        s->apply_legal(seat, l[rng.below(static_cast<std::uint32_t>(l.size()))]);
        for (const auto& e : events_since(*s, v)) {
          if (!e.has_end_triggered()) continue;
          REQUIRE_FALSE(triggered);
          triggered = true;
          if (e.end_triggered().piles_exhausted()) continue;
          REQUIRE(s->points(e.end_triggered().seat()) >= kEndPoints);
          if (e.end_triggered().seat() != active) ++by_non_active;
        }
        // Before the trigger, nobody has 12 points (checked after every change).
        if (!triggered) {
          for (Seat p = 0; p < seats; ++p) REQUIRE(s->points(p) < kEndPoints);
        }
        if (!s->is_terminal() && s->active_seat() != active) ++turns[s->active_seat()];
      }
      REQUIRE(triggered);
      // The last turn was that of the player to the starting player's right.
      REQUIRE(std::all_of(turns.begin(), turns.end(), [&](int t) { return t == turns[0]; }));
    }
  }
  REQUIRE(by_non_active > 0);
}

TEST_CASE("PRP-42: most points win, then most coins, else a shared victory") {
  int coin_decided = 0;
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    const int seats = 2 + static_cast<int>(seed % 4);
    auto match = play_random_match(*game, {{}, seats, seed}, seed * 3);
    REQUIRE(match.ok());
    auto& s = static_cast<PortRoyalState&>(*match->state);
    REQUIRE(s.is_terminal());
    const auto outcome = s.outcome();
    int best_points = -1;
    for (Seat p = 0; p < seats; ++p) best_points = std::max(best_points, s.points(p));
    int best_coins = -1;
    for (Seat p = 0; p < seats; ++p) {
      if (s.points(p) == best_points) best_coins = std::max(best_coins, s.coins(p));
    }
    int tied_on_points = 0;
    for (Seat p = 0; p < seats; ++p) {
      const bool winner = s.points(p) == best_points && s.coins(p) == best_coins;
      REQUIRE(outcome.seats(p).winner() == winner);
      REQUIRE(outcome.seats(p).score() == s.points(p));
      tied_on_points += s.points(p) == best_points;
    }
    const auto winners =
        std::count_if(outcome.seats().begin(), outcome.seats().end(), [](const auto& r) { return r.winner(); });
    REQUIRE_THAT(outcome.summary(), Catch::Contains(winners == 1 ? " wins with " : " share the victory with "));
    REQUIRE_THAT(outcome.summary(), Catch::Contains(std::to_string(best_points) + " points"));
    if (tied_on_points > 1 && winners == 1) {
      ++coin_decided;
      REQUIRE_THAT(outcome.summary(), Catch::Contains(std::to_string(best_coins) + " coins"));
    }
  }
  REQUIRE(coin_decided > 0);
}

TEST_CASE("PRP-43, PRP-A-9: the expedition variant needs an Expedition to trigger the end and to win") {
  int later_than_standard = 0, points_leader_lost = 0;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    const int seats = 2 + static_cast<int>(seed % 4);
    auto s = new_match(seats, seed, pb::END_CONDITION_EXPEDITION);
    REQUIRE(prp_view(*s).end_condition() == pb::END_CONDITION_EXPEDITION);
    Rng rng(seed);
    bool someone_12_without_trigger = false;
    std::vector<ActionId> l;
    int draw_target = 3;
    while (!s->is_terminal()) {
      const Seat seat = acting(*s);
      s->legal_actions(seat, l);
      const std::uint64_t v = s->version();
      s->apply_legal(seat, choose(*s, seat, l, rng, Policy::kEager, draw_target));
      for (const auto& e : events_since(*s, v)) {
        if (!e.has_end_triggered() || e.end_triggered().piles_exhausted()) continue;
        const Seat t = e.end_triggered().seat();
        REQUIRE(s->points(t) >= kEndPoints);
        REQUIRE_FALSE(s->player(t).expeditions.empty());
      }
      if (!s->end_triggered()) {
        for (Seat p = 0; p < seats; ++p) someone_12_without_trigger |= s->points(p) >= kEndPoints;
      }
    }
    if (someone_12_without_trigger) ++later_than_standard;
    const auto outcome = s->outcome();
    bool any_expedition = false;
    for (Seat p = 0; p < seats; ++p) any_expedition |= !s->player(p).expeditions.empty();
    int best = -1;
    for (Seat p = 0; p < seats; ++p) {
      if (!any_expedition || !s->player(p).expeditions.empty()) best = std::max(best, s->points(p));
    }
    int max_points = -1;
    for (Seat p = 0; p < seats; ++p) max_points = std::max(max_points, s->points(p));
    for (Seat p = 0; p < seats; ++p) {
      if (outcome.seats(p).winner()) {
        if (any_expedition) REQUIRE_FALSE(s->player(p).expeditions.empty());
        REQUIRE(s->points(p) == best);
      }
      if (s->points(p) == max_points && s->player(p).expeditions.empty() && any_expedition && max_points > best)
        ++points_leader_lost;
    }
  }
  REQUIRE(later_than_standard > 0);
  REQUIRE(points_leader_lost > 0);
}
