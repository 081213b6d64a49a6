// Letter of Marque, the end of the game, scoring and the seed's worked example.
// Each test cites the rule IDs of docs/rules/letter-of-marque.md it checks.
#include "tests/rules/letter_of_marque/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::letter_of_marque;
using namespace brethren::rules::letter_of_marque::test_support;

TEST_CASE("LOM-12, LOM-13, LOM-A-6: invariants over random games") {
  std::uint64_t auto_passes = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const int seats = 3 + static_cast<int>(seed % 4);
    // Play step by step to check LOM-12 and LOM-A-6 at every moment.
    auto live = new_match(seats, seed);
    Rng rng(seed * 7);
    while (!live->is_terminal()) {
      for (Seat p = 0; p < seats; ++p) {
        const auto pv = lom_view(*live, Viewer::spectator()).players(p);
        const int expected = pv.deck_count() + (live->phase() == Phase::kPreliminary && !pv.has_chosen() ? 1 : 0);
        REQUIRE(pv.reserve_count() == expected);
      }
      const auto acting = live->acting_seats();
      const Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
      const auto legal = live->legal_actions(seat);
      const std::uint64_t before = live->version();
      live->apply_legal(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      for (const auto& e : live->events_for(Viewer::spectator(), before)) {
        if (!e.event().letter_of_marque().has_passed() || !e.event().letter_of_marque().passed().automatic()) continue;
        const Seat skipped = e.event().letter_of_marque().passed().seat();
        REQUIRE(live->player(skipped).deck.empty());
        REQUIRE(live->player(skipped).unused_cannons == 0);
        REQUIRE(ship_of(*live, skipped) == 0);
        ++auto_passes;
      }
    }
    // LOM-13: the end comes with no ship at sea and all decks empty.
    REQUIRE(lom_view(*live, Viewer::spectator()).ships_at_sea_size() == 0);
    for (Seat p = 0; p < seats; ++p) REQUIRE(live->player(p).deck.empty());
  }
  REQUIRE(auto_passes > 0);
}

TEST_CASE("LOM-14, LOM-15, LOM-A-3: scoring, the cannon tie-break and shared victory") {
  for (auto tiebreak : {pb::CANNON_TIEBREAK_ALL_HELD, pb::CANNON_TIEBREAK_CAPTURED_ONLY}) {
    auto s = new_match(3, seed_with_preliminary({3, 5, 6}), tiebreak);
    choose_all(*s, {true, true, true});
    act(*s, 0, action::attack(ship_of(*s, 1)));  // fails: seat 1 scores seat 0's cannon
    act(*s, 1, action::return_ship(ship_of(*s, 1)));
    act(*s, 2, action::attack(ship_of(*s, 0)));  // fails: seat 0 scores seat 2's cannon
    // From here nobody attacks: return a ship at sea, else depart, else pass.
    while (!s->is_terminal()) {
      const Seat seat = s->current_seat();
      const int own = ship_of(*s, seat);
      const auto legal = s->legal_actions(seat);
      act(*s, seat, own ? action::return_ship(own) : legal.front());  // depart, or else pass
    }
    REQUIRE(s->score(0) == 26);  // 25 own treasure + seat 2's cannon
    REQUIRE(s->score(1) == 26);  // 25 + seat 0's cannon
    REQUIRE(s->score(2) == 25);  // unused cannons score nothing
    const auto outcome = s->outcome();
    if (tiebreak == pb::CANNON_TIEBREAK_ALL_HELD) {
      // Seat 0 holds 2 unused + 1 captured = 3, seat 1 holds 3 + 1 = 4.
      REQUIRE(outcome.seats(1).winner());
      REQUIRE_FALSE(outcome.seats(0).winner());
      REQUIRE(outcome.seats(0).rank() == 2);
      REQUIRE(outcome.summary() == "blue wins with 26 points");
    } else {
      // Captured only: one each, still tied: shared victory.
      REQUIRE(outcome.seats(0).winner());
      REQUIRE(outcome.seats(1).winner());
      REQUIRE(outcome.seats(2).rank() == 3);
      REQUIRE(outcome.summary() == "red and blue share the victory with 26 points");
    }
    REQUIRE(s->view(Viewer::spectator()).finished());
    REQUIRE(s->acting_seats().empty());
    REQUIRE(s->apply(0, action::kPass).error().code == ErrorCode::kGameOver);
  }
}

TEST_CASE("Seed example: blue attacks red's armed ship on a 4 and loses his cannon card to red") {
  // Red reveals 4, blue 3, green 5, yellow 7; yellow guards his 7 with an
  // armed ship, and so does red (the attack example).
  auto s = new_match(4, seed_with_preliminary({4, 3, 5, 7}));
  const Seat red = 0, blue = 1, green = 2, yellow = 3;
  act(*s, yellow, action::kChooseArmed);
  act(*s, red, action::kChooseArmed);
  act(*s, green, action::kChooseUnarmed);
  act(*s, blue, action::kChooseUnarmed);
  REQUIRE(s->current_seat() == blue);  // the lowest treasure, 3, starts
  const int red_ship = ship_of(*s, red);
  REQUIRE(s->ship_at_sea(red_ship)->treasure == 4);
  act(*s, blue, action::attack(red_ship));
  const auto view = lom_view(*s, Viewer::player(green));
  REQUIRE(ship_in_view(view, red_ship)->base() == pb::BASE_ARMED);  // stays at sea, on its card
  REQUIRE(ship_in_view(view, red_ship)->treasure() == 4);
  REQUIRE(view.players(red).score_pile().cannons_from(0) == blue);
  REQUIRE(view.players(blue).unused_cannons() == 2);
  REQUIRE(view.players(red).score() == 1);

  // Had red's ship been unarmed, blue would have taken the 4 and the ship would be gone.
  auto other = new_match(4, seed_with_preliminary({4, 3, 5, 7}));
  act(*other, yellow, action::kChooseArmed);
  act(*other, red, action::kChooseUnarmed);
  act(*other, green, action::kChooseUnarmed);
  act(*other, blue, action::kChooseUnarmed);
  act(*other, blue, action::attack(ship_of(*other, red)));
  REQUIRE(other->player(blue).treasures_won == std::vector<int>{4});
  REQUIRE(ship_of(*other, red) == 0);
}
