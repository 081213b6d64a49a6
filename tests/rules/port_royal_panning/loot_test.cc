// Port Royal (Panning), placing won loot and prisoners on the ships.
// Each test cites the rule IDs of docs/rules/port-royal-panning.md it checks.
#include "tests/rules/port_royal_panning/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_panning;
using namespace brethren::rules::port_royal_panning::test_support;

TEST_CASE("PRQ-25: standard loot goes on the ship of its good (placed by the server when there is no choice)") {
  auto s = new_match(3, 33);
  Rng rng(3);
  int placed = 0;
  std::uint64_t seen = 0;
  while (!s->is_terminal()) {
    random_step(*s, rng);
    for (; seen < s->events().size(); ++seen) {
      const auto& ev = s->events()[seen].event->port_royal_panning();
      if (ev.has_loot_placed() && !is_special(ev.loot_placed().loot_id())) {
        REQUIRE(ev.loot_placed().ship() == good_of(ev.loot_placed().loot_id()) + 1);
        ++placed;
      }
    }
  }
  REQUIRE(placed > 5);
  // When the privileged player could pay down instead, he chooses; other ships stay illegal.
  auto t =
      find_state(3, [](const S& st) { return st.phase() == Phase::kResolveLoot && !is_special(st.pending_loot()); });
  const Seat seat = t->current_seat();
  const int good = good_of(t->pending_loot());
  REQUIRE(legal(*t, seat, action::place_loot(good)));
  REQUIRE_THAT(reason(*t, seat, action::place_loot((good + 1) % kGoods)), Catch::Contains("PRQ-25"));
  const int loot = t->pending_loot();
  act(*t, seat, action::place_loot(good));
  REQUIRE(t->player(seat).ships[good].loot.back() == loot);
}

TEST_CASE("PRQ-26: a won special card goes on any ship of the winner's choice") {
  auto s = find_state(3, [](const S& st) {
    return st.phase() == Phase::kResolveLoot && is_special(st.pending_loot()) && special_def(st.pending_loot()).placed;
  });
  const Seat seat = s->current_seat();
  const int loot = s->pending_loot();
  for (int ship = 0; ship < kGoods; ++ship) REQUIRE(legal(*s, seat, action::place_loot(ship)));
  act(*s, seat, action::place_loot(3));
  REQUIRE(s->player(seat).ships[3].loot.back() == loot);
  REQUIRE(view(*s, Viewer::spectator()).players(seat).ships(3).loot().rbegin()->id() == loot);
}

TEST_CASE("PRQ-28, PRQ-H-5, PRQ-A-12: prisoners are seen by the winner only and placed face down") {
  auto s = find_state(4, [](const S& st) { return st.phase() == Phase::kPlacePrisoner; });
  const Seat winner = s->current_seat();
  const auto values = s->pending_prisoners();
  REQUIRE_FALSE(values.empty());
  const auto own = view(*s, Viewer::player(winner));
  REQUIRE(std::vector<int>(own.pending_prisoner_values().begin(), own.pending_prisoner_values().end()) == values);
  // The PrisonersSeen event reached the winner only.
  auto seen_by = [&](Viewer v) {
    int n = 0;
    for (const auto& e : s->events_for(v)) n += e.event().port_royal_panning().has_prisoners_seen();
    return n;
  };
  REQUIRE(seen_by(Viewer::player(winner)) >= 1);
  REQUIRE(seen_by(Viewer::spectator()) == 0);
  for (Seat other = 0; other < 4; ++other) {
    if (other == winner) continue;
    REQUIRE(seen_by(Viewer::player(other)) == 0);
    const auto v = view(*s, Viewer::player(other));
    REQUIRE(v.pending_prisoner_values_size() == 0);
    REQUIRE(v.pending_prisoners() == static_cast<int>(values.size()));
  }
  const int before = static_cast<int>(s->player(winner).ships[1].prisoners.size());
  act(*s, winner, action::place_prisoner(1));
  REQUIRE(s->player(winner).ships[1].prisoners.back() == values.front());
  REQUIRE(view(*s, Viewer::player(winner)).players(winner).ships(1).prisoners(before) == values.front());
  REQUIRE(view(*s, Viewer::player((winner + 1) % 4)).players(winner).ships(1).prisoners(before) == 0);
  REQUIRE(view(*s, Viewer::spectator()).players(winner).ships(1).prisoners(before) == 0);
  // No weight (PRQ-28).
  REQUIRE(s->ship_score(winner, 1).weight ==
          score_ship(ship_of(s->player(winner).ships[1].loot), s->capacity(), default_values()).weight);
}

TEST_CASE("PRQ-29, PRQ-A-14: the privileged player may pay down his bid with standard loot, +8 or +6") {
  auto s = find_state(3, [](const S& st) {
    return st.phase() == Phase::kResolveLoot && st.current_seat() == st.privileged() &&
           !is_special(st.pending_loot()) && st.bid_cube() > st.player(st.privileged()).debt;
  });
  const Seat seat = s->current_seat();
  const int loot = s->pending_loot();
  const int before = s->bid_cube(), debt = s->player(seat).debt;
  REQUIRE(legal(*s, seat, action::kPayDown));
  act(*s, seat, action::kPayDown);
  REQUIRE(s->bid_cube() == std::max(debt, before - s->loot_value(loot)));  // never below the debt cube
  REQUIRE(std::find(s->removed_loot().begin(), s->removed_loot().end(), loot) != s->removed_loot().end());
  REQUIRE_FALSE(has_on_ships(s->player(seat), loot));
  REQUIRE(s->player(seat).debt == debt);

  // Nobody else may.
  auto t = find_state(
      3, [](const S& st) { return st.phase() == Phase::kResolveLoot && st.current_seat() != st.privileged(); });
  REQUIRE_THAT(reason(*t, t->current_seat(), action::kPayDown), Catch::Contains("PRQ-29"));
  // Negative and other specials may not.
  auto u = find_state(3, [](const S& st) {
    return st.phase() == Phase::kResolveLoot && st.current_seat() == st.privileged() && is_special(st.pending_loot()) &&
           !special_def(st.pending_loot()).pays_down && special_def(st.pending_loot()).placed &&
           st.bid_cube() > st.player(st.privileged()).debt;
  });
  REQUIRE_THAT(reason(*u, u->current_seat(), action::kPayDown), Catch::Contains("+8 and +6"));
  // +8 / +6 may.
  auto w = find_state(3, [](const S& st) {
    return st.phase() == Phase::kResolveLoot && st.current_seat() == st.privileged() && is_special(st.pending_loot()) &&
           special_def(st.pending_loot()).pays_down && st.bid_cube() > st.player(st.privileged()).debt;
  });
  const int cube = w->bid_cube();
  const int value = w->loot_value(w->pending_loot());
  REQUIRE((value == 8 || value == 6));
  act(*w, w->current_seat(), action::kPayDown);
  REQUIRE(w->bid_cube() == std::max(w->player(w->privileged()).debt, cube - value));
}

TEST_CASE("PRQ-A-12, PRQ-28: prisoners won with a card that is discarded are still placed") {
  auto s = find_state(3, [](const S& st) {
    return st.phase() == Phase::kResolveLoot && !st.pending_prisoners().empty() &&
           (st.is_legal(st.current_seat(), action::kPayDown) ||
            st.is_legal(st.current_seat(), action::kDiscardWithRemove));
  });
  const Seat seat = s->current_seat();
  const auto prisoners = s->pending_prisoners();
  act(*s, seat, s->is_legal(seat, action::kPayDown) ? action::kPayDown : action::kDiscardWithRemove);
  REQUIRE(s->phase() == Phase::kPlacePrisoner);
  REQUIRE(s->current_seat() == seat);
  const int before = prisoners_on_ships(s->player(seat));
  for (std::size_t i = 0; i < prisoners.size(); ++i)
    act(*s, seat, action::place_prisoner(static_cast<int>(i % kGoods)));
  REQUIRE(prisoners_on_ships(s->player(seat)) == before + static_cast<int>(prisoners.size()));
}

TEST_CASE("PRQ-29, PRQ-12, PRQ-39: the paid-down bid becomes the debt at the end of the round") {
  auto s = new_match(3, 44);
  const Seat priv = s->current_seat();
  auction_to(*s, priv, 10);
  Rng rng(44);
  int cube = s->bid_cube();
  while (s->round() == 1) {
    cube = s->bid_cube() >= 0 ? s->bid_cube() : cube;
    REQUIRE(s->player(priv).debt == 0);  // the yellow cube stays until the end of the round
    random_step(*s, rng);
  }
  REQUIRE(s->player(priv).debt == cube);
  REQUIRE(s->player(priv).debt <= 10);
}
