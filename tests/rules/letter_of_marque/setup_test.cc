// Letter of Marque, set-up: player counts, options, decks, ships and the first player.
// Each test cites the rule IDs of docs/rules/letter-of-marque.md it checks.
#include "tests/rules/letter_of_marque/test_support.h"
#include "tests/rules/letter_of_marque/client_support.h"

using namespace brethren;
using namespace brethren::rules;

// Scenarios played on the game's own state (test_support.h).
namespace scenarios {
using namespace brethren::rules::letter_of_marque;
using namespace brethren::rules::letter_of_marque::test_support;

TEST_CASE("LOM-1, LOM-A-1: three to six players, other counts are refused") {
  for (int seats = 3; seats <= 6; ++seats) REQUIRE(game->new_match({{}, seats, 1}).ok());
  for (int seats : {0, 1, 2, 7, 9}) {
    auto r = game->new_match({{}, seats, 1});
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.error().code == ErrorCode::kInvalidSeatCount);
    REQUIRE_THAT(r.error().message, Catch::Contains("3 to 6"));
  }
}

TEST_CASE("Options: foreign or unknown option values are refused") {
  v1::GameOptions bad;
  bad.mutable_letter_of_marque()->set_cannon_tiebreak(static_cast<pb::CannonTiebreak>(7));
  REQUIRE(game->new_match({bad, 4, 1}).error().code == ErrorCode::kInvalidOptions);
}

TEST_CASE("LOM-A-1, LOM-A-3: check_setup refuses exactly the setups new_match refuses, with the same error") {
  v1::GameOptions captured_only, unknown_value, foreign;
  captured_only.mutable_letter_of_marque()->set_cannon_tiebreak(pb::CANNON_TIEBREAK_CAPTURED_ONLY);
  unknown_value.mutable_letter_of_marque()->set_cannon_tiebreak(static_cast<pb::CannonTiebreak>(7));
  foreign.mutable_port_royal_pfister();
  for (const auto& options : {v1::GameOptions{}, captured_only, unknown_value, foreign}) {
    for (int seats = 0; seats <= 8; ++seats) {
      const auto checked = game->check_setup(options, seats);
      const auto built = game->new_match({options, seats, 1});
      REQUIRE(checked.ok() == built.ok());
      if (!checked.ok()) {
        REQUIRE(checked.error().code == built.error().code);
        REQUIRE(checked.error().message == built.error().message);
      }
    }
  }
  REQUIRE(game->check_setup(captured_only, 4).ok());
  REQUIRE(game->check_setup(unknown_value, 4).error().code == ErrorCode::kInvalidOptions);
  REQUIRE(game->check_setup({}, 2).error().code == ErrorCode::kInvalidSeatCount);
}

TEST_CASE("LOM-2, LOM-3, LOM-4: set-up deals 3..7 per colour, 2 armed + 3 unarmed ships, 3 cannons") {
  auto s = new_match(4, 11);
  const auto spectator = lom_view(*s, Viewer::spectator());
  REQUIRE(spectator.phase() == pb::PHASE_PRELIMINARY);
  REQUIRE(s->acting_seats() == std::vector<Seat>{0, 1, 2, 3});  // LOM-A-7: simultaneous
  for (Seat seat = 0; seat < 4; ++seat) {
    const Player& p = s->player(seat);
    std::multiset<int> cards(p.deck.begin(), p.deck.end());
    cards.insert(p.preliminary_treasure);
    REQUIRE(cards == std::multiset<int>{3, 4, 5, 6, 7});
    // LOM-4: the revealed card is public to everyone.
    REQUIRE(spectator.players(seat).preliminary_treasure() == p.preliminary_treasure);
    REQUIRE(spectator.players(seat).deck_count() == 4);
    REQUIRE(spectator.players(seat).reserve_count() == 5);
    REQUIRE(spectator.players(seat).unused_cannons() == kCannonsPerPlayer);
    const auto own = lom_view(*s, Viewer::player(seat)).own_reserve();
    REQUIRE(own.armed() == 2);
    REQUIRE(own.unarmed() == 3);
  }
  REQUIRE_FALSE(spectator.has_own_reserve());
}

TEST_CASE("LOM-2, LOM-H-5: decks are shuffled per seed, reproducibly") {
  std::set<std::vector<int>> decks;
  for (std::uint64_t seed = 1; seed <= 50; ++seed) decks.insert(new_match(3, seed)->player(0).deck);
  REQUIRE(decks.size() > 20);
  REQUIRE(new_match(3, 5)->serialize() == new_match(3, 5)->serialize());
}

TEST_CASE("LOM-5, LOM-H-4: preliminary ship choices are secret until and after the ships set sail") {
  auto armed = new_match(3, 21);
  auto unarmed = new_match(3, 21);
  act(*armed, 1, action::kChooseArmed);
  act(*unarmed, 1, action::kChooseUnarmed);
  // Only "has chosen" is public.
  REQUIRE(lom_view(*armed, Viewer::spectator()).players(1).has_chosen());
  REQUIRE(lom_view(*armed, Viewer::player(1)).own_reserve().preliminary_choice() == pb::BASE_ARMED);
  for (Viewer v : {Viewer::spectator(), Viewer::player(0), Viewer::player(2)}) {
    REQUIRE(info_state(*armed, v) == info_state(*unarmed, v));
  }
  // A seat cannot choose twice; the others still may, in any order.
  REQUIRE(armed->apply(1, action::kChooseUnarmed).error().code == ErrorCode::kNotYourTurn);
  for (auto* s : {armed.get(), unarmed.get()}) {
    act(*s, 2, action::kChooseUnarmed);
    act(*s, 0, action::kChooseUnarmed);
  }
  for (Viewer v : {Viewer::spectator(), Viewer::player(0), Viewer::player(2)}) {
    REQUIRE(info_state(*armed, v) == info_state(*unarmed, v));
  }
  // LOM-5: every player now has one ship at sea on his revealed card.
  const auto view = lom_view(*armed, Viewer::player(1));
  REQUIRE(view.ships_at_sea_size() == 3);
  for (const auto& ship : view.ships_at_sea()) {
    REQUIRE(ship.treasure() == armed->ship_at_sea(ship.ship_id())->treasure);
    REQUIRE(ship.base() == (ship.owner() == 1 ? pb::BASE_ARMED : pb::BASE_UNKNOWN));
  }
}

TEST_CASE("LOM-6: the lowest preliminary treasure starts, ties are broken at random") {
  auto s = new_match(4, seed_with_preliminary({6, 5, 3, 7}));
  choose_all(*s, {false, false, false, false});
  REQUIRE(s->current_seat() == 2);
  REQUIRE(s->acting_seats() == std::vector<Seat>{2});

  // All four seats tied on the lowest value cannot happen (3..7 per colour,
  // one card each), but two can: seats 0 and 2 both reveal a 3.
  std::set<Seat> starters;
  for (std::uint64_t seed = 1; starters.size() < 2 && seed < 5000; ++seed) {
    auto t = new_match(3, seed);
    if (t->player(0).preliminary_treasure != 3 || t->player(2).preliminary_treasure != 3) continue;
    choose_all(*t, {false, false, false});
    REQUIRE((t->current_seat() == 0 || t->current_seat() == 2));
    const auto events = t->events_for(Viewer::spectator());
    const auto& sail = events.back().event().letter_of_marque().ships_set_sail();
    REQUIRE(sail.tied_lowest_size() == 2);
    starters.insert(t->current_seat());
  }
  REQUIRE(starters == std::set<Seat>{0, 2});
}

}  // namespace scenarios

// Through the public State API and the proto views only, as a client sees
// them (client_support.h).
namespace as_a_client {
using namespace brethren::rules::letter_of_marque_client;

TEST_CASE("LOM-A-2: every player's treasure deck is one card each of 3, 4, 5, 6 and 7, as play reveals it") {
  // Over a whole game every card of every deck is revealed in public: the
  // preliminary card (LOM-4) and one card per departure (LOM-8), since the
  // game ends only with every deck empty (LOM-13).
  for (int seats = 3; seats <= 6; ++seats) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      auto s = new_match(seats, seed);
      const auto start = lom_view(*s, Viewer::spectator());
      for (const auto& p : start.players()) {
        REQUIRE(p.deck_count() + 1 == 5);  // the top card lies face up (LOM-4)
      }
      std::mt19937_64 rng(seed * 7 + static_cast<std::uint64_t>(seats));
      while (!s->is_terminal()) random_move(*s, rng);
      std::vector<std::multiset<int>> revealed(static_cast<std::size_t>(seats));
      for (const auto& e : public_events(*s, 0)) {
        if (e.has_preliminary_cards()) {
          REQUIRE(e.preliminary_cards().treasures_size() == seats);
          for (int seat = 0; seat < seats; ++seat) {
            revealed[static_cast<std::size_t>(seat)].insert(e.preliminary_cards().treasures(seat));
          }
        }
        if (e.has_departed()) revealed[static_cast<std::size_t>(e.departed().seat())].insert(e.departed().treasure());
      }
      INFO("seats " << seats << " seed " << seed);
      for (const auto& cards : revealed) REQUIRE(cards == std::multiset<int>{3, 4, 5, 6, 7});
    }
  }
}

}  // namespace as_a_client
