// Port Royal (Panning), set-up: player counts, options, decks and the first dealer.
// Each test cites the rule IDs of docs/rules/port-royal-panning.md it checks.
#include "tests/rules/port_royal_panning/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_panning;
using namespace brethren::rules::port_royal_panning::test_support;

TEST_CASE("PRQ-1: three or four players, other counts are refused") {
  for (int seats : {3, 4}) REQUIRE(game->new_match({{}, seats, 1}).ok());
  for (int seats : {3, 4}) REQUIRE(game->check_setup({}, seats).ok());
  for (int seats : {0, 2, 5}) {
    REQUIRE(game->check_setup({}, seats).error().code == ErrorCode::kInvalidSeatCount);
    auto r = game->new_match({{}, seats, 1});
    REQUIRE(r.error().code == ErrorCode::kInvalidSeatCount);
    REQUIRE_THAT(r.error().message, Catch::Contains("3 to 4"));
  }
}

TEST_CASE("PRQ-A-6, PRQ-A-4, PRQ-A-7: options are validated") {
  // The lobby's check (Game::check_setup) and new_match refuse alike.
  auto refused = [](const v1::GameOptions& o) {
    return game->check_setup(o, 3).error().code == ErrorCode::kInvalidOptions &&
           game->new_match({o, 3, 1}).error().code == ErrorCode::kInvalidOptions;
  };
  v1::GameOptions foreign;
  foreign.mutable_letter_of_marque();
  REQUIRE(refused(foreign));
  v1::GameOptions seven;
  for (int i = 0; i < 7; ++i) seven.mutable_port_royal_panning()->add_loot_values(3);
  REQUIRE(refused(seven));
  v1::GameOptions zero;
  for (int i = 0; i < 10; ++i) zero.mutable_port_royal_panning()->add_loot_values(i);
  REQUIRE(refused(zero));
  v1::GameOptions rotation;
  rotation.mutable_port_royal_panning()->set_dealer_rotation(static_cast<pb::DealerRotation>(5));
  REQUIRE(refused(rotation));
  v1::GameOptions tie;
  tie.mutable_port_royal_panning()->set_tie_break(static_cast<pb::TieBreak>(9));
  REQUIRE(refused(tie));
}

TEST_CASE("PRQ-A-6: loot values come from the options (10 for all goods, or 40 good by good)") {
  auto s = new_match(3, 1);
  for (int id = 0; id < kStandardLoot; ++id) REQUIRE(s->loot_value(id) == kDefaultLootValues[id % kLootPerGood]);
  REQUIRE(view(*s, Viewer::spectator()).loot_values_size() == kStandardLoot);

  v1::GameOptions ten;
  for (int i = 0; i < 10; ++i) ten.mutable_port_royal_panning()->add_loot_values(2 + i);  // 2..11
  auto t = new_match(3, 1, ten);
  REQUIRE(t->loot_value(standard(2, 12)) == 11);
  REQUIRE(t->loot_value(0) == 2);

  v1::GameOptions forty;
  for (int i = 0; i < 40; ++i) forty.mutable_port_royal_panning()->add_loot_values(1 + i % 30);
  auto f = new_match(4, 1, forty);
  for (int id = 0; id < kStandardLoot; ++id) REQUIRE(f->loot_value(id) == 1 + id % 30);
  // Specials keep their printed numbers.
  REQUIRE(f->loot_value(loot_id(Special::kPlus8)) == 8);
  REQUIRE(f->loot_value(loot_id(Special::kMinus10)) == -10);
}

TEST_CASE("PRQ-2, PRQ-3, PRQ-4, PRQ-7: debts at 0, Move 1 card at the bottom, 9 loot cards, 6 prisoners") {
  for (int seats : {3, 4}) {
    auto s = new_match(seats, 7);
    for (Seat p = 0; p < seats; ++p) {
      REQUIRE(s->player(p).debt == 0);
      REQUIRE(s->player(p).void_mask == 0);
    }
    REQUIRE(s->available().size() == 9);
    REQUIRE(s->loot_deck().size() == static_cast<std::size_t>(kLootCards - 9));
    REQUIRE(s->loot_deck().front() == kMove1Id);  // bottom card
    std::multiset<int> prisoners(s->prisoner_deck().begin(), s->prisoner_deck().end());
    REQUIRE(prisoners == std::multiset<int>{1, 2, 3, 4, 5, 6});
    std::set<int> loot;
    for (const auto& slot : s->available()) {
      loot.insert(slot.loot);
      REQUIRE(slot.prisoners.empty());
    }
    loot.insert(s->loot_deck().begin(), s->loot_deck().end());
    REQUIRE(loot.size() == static_cast<std::size_t>(kLootCards));  // 49 distinct loot cards
    const auto v = view(*s, Viewer::spectator());
    REQUIRE(v.round() == 1);
    REQUIRE(v.loot_size() == 9);
    REQUIRE(v.loot_deck_count() == 40);
    REQUIRE(v.prisoner_deck_count() == 6);
  }
  // The shuffle differs between seeds, Move 1 card never moves off the bottom.
  std::set<int> tops;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    auto s = new_match(3, seed);
    tops.insert(s->loot_deck().back());
    REQUIRE(s->loot_deck().front() == kMove1Id);
  }
  REQUIRE(tops.size() > 10);
}

TEST_CASE("PRQ-5, PRQ-8, PRQ-A-1: crew cards and ghosts per player count, 8 each and 2 face up") {
  for (int seats : {3, 4}) {
    auto s = new_match(seats, 3);
    std::multiset<int> all(s->face_up().begin(), s->face_up().end());
    REQUIRE(s->face_up().size() == 2);
    for (Seat p = 0; p < seats; ++p) {
      REQUIRE(s->player(p).hand.size() == 8);
      all.insert(s->player(p).hand.begin(), s->player(p).hand.end());
    }
    const int max_value = seats == 3 ? 6 : 8;
    std::multiset<int> expected;
    for (int c = 0; c < kColours; ++c) {
      for (int v = 1; v <= max_value; ++v) expected.insert(crew_card(c, v));
    }
    expected.insert(ghost_card(0));                   // ghost 1
    expected.insert(ghost_card(seats == 3 ? 1 : 2));  // ghost 5 (3p) or 7 (4p)
    REQUIRE(all == expected);
    REQUIRE(all.size() == static_cast<std::size_t>(seats * 8 + 2));
    REQUIRE(crew_value(ghost_card(seats == 3 ? 1 : 2)) == (seats == 3 ? 5 : 7));
    // The face-up cards are public.
    REQUIRE(view(*s, Viewer::spectator()).face_up_size() == 2);
  }
}

TEST_CASE("PRQ-6, PRQ-9: the first dealer is random, the player to his left bids first") {
  std::set<Seat> dealers;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    auto s = new_match(4, seed);
    dealers.insert(s->dealer());
    REQUIRE(s->acting_seats() == std::vector<Seat>{(s->dealer() + 1) % 4});
    const auto events = s->events_for(Viewer::spectator());
    const auto& started = events.front().event().port_royal_panning().round_started();
    REQUIRE(started.first_bidder() == (s->dealer() + 1) % 4);
    REQUIRE(started.dealer() == s->dealer());
  }
  REQUIRE(dealers.size() == 4);
}
