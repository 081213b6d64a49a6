// Port Royal (Pfister), expeditions: fulfilling them with persons and Jacks of all Trades.
// Each test cites the rule IDs of docs/rules/port-royal-pfister.md it checks.
#include "tests/rules/port_royal_pfister/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_pfister;
using namespace brethren::rules::port_royal_pfister::test_support;

TEST_CASE("PRP-26, PRP-32, PRP-33, PRP-28: expeditions are fulfilled with matching persons, Jacks stand in") {
  for (bool with_jack : {false, true}) {
    auto s = find_state(3, [with_jack](const PortRoyalState& s) {
      if (s.phase() == Phase::kFinished || acting(s) != s.active_seat()) return false;
      for (ActionId a : s.legal_actions(s.active_seat())) {
        if (a < action::kFulfilBase) continue;
        const int in_kind = static_cast<int>((a - action::kFulfilBase) % action::kFulfilPerKind);
        if ((in_kind != 0) == with_jack) return s.draw_pile().size() > 5;
      }
      return false;
    });
    REQUIRE(s);
    const Seat seat = s->active_seat();
    ActionId chosen = 0;
    for (ActionId a : s->legal_actions(seat)) {
      if (a >= action::kFulfilBase && (((a - action::kFulfilBase) % action::kFulfilPerKind) != 0) == with_jack)
        chosen = a;
    }
    const int e = static_cast<int>((chosen - action::kFulfilBase) / action::kFulfilPerKind);
    const int in_kind = static_cast<int>((chosen - action::kFulfilBase) % action::kFulfilPerKind);
    const int ja = in_kind / 9, jc = (in_kind / 3) % 3, jh = in_kind % 3;
    const CardKind& exp = expedition_kind(e);
    const auto& persons = s->player(seat).persons;
    const int captains = count_type(persons, Person::kCaptain), priests = count_type(persons, Person::kPriest),
              settlers = count_type(persons, Person::kSettler), jacks = count_type(persons, Person::kJack);
    const int coins = s->coins(seat), points = s->points(seat), left = s->cards_left();
    const std::uint64_t v = s->version();
    act(*s, seat, chosen);
    const auto& after = s->player(seat).persons;
    REQUIRE(count_type(after, Person::kCaptain) == captains - (exp.anchors - ja));
    REQUIRE(count_type(after, Person::kPriest) == priests - (exp.crosses - jc));
    REQUIRE(count_type(after, Person::kSettler) == settlers - (exp.houses - jh));
    REQUIRE(count_type(after, Person::kJack) == jacks - (ja + jc + jh));
    REQUIRE(kind_index(s->player(seat).expeditions.back()) == kFirstExpeditionKind + e);
    REQUIRE(s->expedition_position(e) < 0);
    REQUIRE(s->coins(seat) == coins + exp.coins);
    const int discarded_points = exp.anchors + exp.crosses + exp.houses;  // these persons are worth 1 VP each
    REQUIRE(s->points(seat) == points - discarded_points + exp.points);
    const auto f = events_since(*s, v).front().expedition_fulfilled();
    REQUIRE(f.discarded_size() == exp.anchors + exp.crosses + exp.houses);
    REQUIRE(f.coins_gained() == exp.coins);
    // PRP-28: in Phase 2 fulfilling takes nothing from the allowance.
    if (s->phase() == Phase::kTradeHire && s->taking_seat() == seat) REQUIRE(s->cards_left() == left);
  }
}

TEST_CASE("PRP-26, PRP-33: the choice of Jacks must match the persons held and the symbols required") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() == Phase::kFinished || acting(s) != s.active_seat() || s.phase() == Phase::kRepel) return false;
    return !s.expedition_area().empty();
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  const auto& persons = s->player(seat).persons;
  const int held[4] = {count_type(persons, Person::kCaptain), count_type(persons, Person::kPriest),
                       count_type(persons, Person::kSettler), count_type(persons, Person::kJack)};
  for (int id : s->expedition_area()) {
    const int e = expedition_index(id);
    const CardKind& exp = expedition_kind(e);
    for (int ja = 0; ja <= 2; ++ja)
      for (int jc = 0; jc <= 2; ++jc)
        for (int jh = 0; jh <= 2; ++jh) {
          const bool ok = ja <= exp.anchors && jc <= exp.crosses && jh <= exp.houses && ja + jc + jh <= held[3] &&
                          exp.anchors - ja <= held[0] && exp.crosses - jc <= held[1] && exp.houses - jh <= held[2];
          REQUIRE(legal(*s, seat, action::fulfil(e, ja, jc, jh)) == ok);
          if (!ok) REQUIRE_THAT(s->apply(seat, action::fulfil(e, ja, jc, jh)).error().message, Catch::Contains("PRP-"));
        }
  }
}

TEST_CASE("PRP-27, PRP-A-2: only the active player fulfils expeditions, at any time of his turn") {
  int active_before_draw = 0, active_phase2 = 0;
  for_each_step(4, 40, Policy::kEager, [&](const PortRoyalState& before, Seat seat, ActionId, const PortRoyalState&) {
    const auto l = before.legal_actions(seat);
    const bool has_fulfil = std::any_of(l.begin(), l.end(), [](ActionId a) { return a >= action::kFulfilBase; });
    if (seat != before.active_seat()) {
      REQUIRE_FALSE(has_fulfil);
      return;
    }
    if (has_fulfil && before.phase() == Phase::kDiscover && before.drawn_this_turn() == 0) ++active_before_draw;
    if (has_fulfil && before.phase() == Phase::kTradeHire) ++active_phase2;
  });
  REQUIRE(active_before_draw > 0);
  REQUIRE(active_phase2 > 0);
  // A non-active player holding the symbols is refused with the rule.
  auto s = find_state(4, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() == s.active_seat()) return false;
    for (int id : s.expedition_area()) {
      const CardKind& e = card(id);
      const auto& p = s.player(s.taking_seat()).persons;
      if (count_type(p, Person::kCaptain) >= e.anchors && count_type(p, Person::kPriest) >= e.crosses &&
          count_type(p, Person::kSettler) >= e.houses)
        return true;
    }
    return false;
  });
  REQUIRE(s);
  const int e = expedition_index(s->expedition_area().front());
  auto st = s->apply(s->taking_seat(), action::fulfil(e, 0, 0, 0));
  REQUIRE(st.error().code == ErrorCode::kIllegalAction);
}
