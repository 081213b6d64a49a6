// Port Royal (Pfister), the persons' abilities: Admirals, Jesters and the shields that are victory points.
// Each test cites the rule IDs of docs/rules/port-royal-pfister.md it checks.
#include "tests/rules/port_royal_pfister/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_pfister;
using namespace brethren::rules::port_royal_pfister::test_support;

TEST_CASE("PRP-35, PRP-A-5: Admirals pay 2 coins each when an opportunity starts with 5+ harbor cards") {
  int active_bonus = 0, other_bonus = 0;
  for_each_step(4, 25, Policy::kEager, [&](const PortRoyalState& before, Seat, ActionId, const PortRoyalState& after) {
    for (const auto& e : events_since(after, before.version())) {
      if (!e.has_opportunity_bonus() || e.opportunity_bonus().admiral_coins() == 0) continue;
      const Seat seat = e.opportunity_bonus().seat();
      REQUIRE(e.opportunity_bonus().admiral_coins() == 2 * before.count_person(seat, Person::kAdmiral));
      (seat == before.active_seat() ? active_bonus : other_bonus)++;
    }
    // Stopping with 5+ cards pays the active player's Admirals even if he takes nothing.
    if (before.phase() == Phase::kDiscover && after.phase() != Phase::kDiscover &&
        after.active_seat() == before.active_seat() && before.harbor().size() >= 5 &&
        before.count_person(before.active_seat(), Person::kAdmiral) > 0 && before.draw_pile().size() > 12 &&
        after.phase() == Phase::kTradeHire) {
      const Seat seat = before.active_seat();
      const auto bonus = find_event(events_since(after, before.version()), [&](const pb::Event& e) {
        return e.has_opportunity_bonus() && e.opportunity_bonus().seat() == seat;
      });
      REQUIRE(bonus.has_value());
    }
    if (before.phase() == Phase::kDiscover && after.phase() == Phase::kTradeHire && before.harbor().size() < 5) {
      REQUIRE_FALSE(find_event(events_since(after, before.version()), [](const pb::Event& e) {
                      return e.has_opportunity_bonus() && e.opportunity_bonus().admiral_coins() > 0;
                    }).has_value());
    }
  });
  REQUIRE(active_bonus > 0);
  REQUIRE(other_bonus > 0);
}

TEST_CASE("PRP-36, PRP-A-6: a Jester pays a non-active player who finds the harbor display empty") {
  int paid = 0;
  for_each_step(4, 25, Policy::kEager, [&](const PortRoyalState& before, Seat, ActionId, const PortRoyalState& after) {
    for (const auto& e : events_since(after, before.version())) {
      if (!e.has_opportunity_bonus() || e.opportunity_bonus().jester_coins() == 0) continue;
      const Seat seat = e.opportunity_bonus().seat();
      REQUIRE(seat != before.active_seat());
      REQUIRE(e.opportunity_bonus().jester_coins() == before.count_person(seat, Person::kJester));
      ++paid;
    }
  });
  REQUIRE(paid > 0);
  // Directly: the active player takes the last card; a later player with a Jester is paid.
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.harbor().size() != 1) return false;
    if (!s.is_legal(s.active_seat(), action::take(0)) || s.draw_pile().size() < 10) return false;
    const Seat next = (s.active_seat() + 1) % 3;
    return s.count_person(next, Person::kJester) > 0;
  });
  REQUIRE(s);
  const Seat next = (s->active_seat() + 1) % 3;
  const int coins = s->coins(next), jesters = s->count_person(next, Person::kJester);
  act(*s, s->active_seat(), action::take(0));
  REQUIRE(s->coins(next) == coins + jesters);
}

TEST_CASE("PRP-39: victory points are the shields of persons and expeditions, coins are not points") {
  for_each_step(3, 5, Policy::kEager, [](const PortRoyalState&, Seat, ActionId, const PortRoyalState& after) {
    const auto view = prp_view(after);
    for (Seat p = 0; p < 3; ++p) {
      int sum = 0;
      for (int id : after.player(p).persons) sum += card(id).points;
      for (int id : after.player(p).expeditions) sum += card(id).points;
      REQUIRE(after.points(p) == sum);
      REQUIRE(view.players(p).points() == sum);
      REQUIRE(view.players(p).coins() == after.coins(p));
    }
  });
}
