// Port Royal (Pfister), the cards of the box and the set-up.
// Each test cites the rule IDs of docs/rules/port-royal-pfister.md it checks.
#include "tests/rules/port_royal_pfister/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_pfister;
using namespace brethren::rules::port_royal_pfister::test_support;

TEST_CASE("PRP §1, PRP-A-13: the card table holds the 120 cards of the box") {
  std::map<Type, int> by_type;
  std::map<Colour, int> ships, ship_coins;
  std::map<Person, int> persons;
  std::map<Colour, std::multiset<int>> swords;
  int skulls = 0, taxes_swords = 0, taxes_vp = 0;
  for (int id = 0; id < kNumCards; ++id) {
    const CardKind& c = card(id);
    ++by_type[c.type];
    if (c.type == Type::kShip) {
      ++ships[c.colour];
      ship_coins[c.colour] += c.coins;
      if (c.skull)
        ++skulls;
      else
        swords[c.colour].insert(c.swords);
    }
    if (c.type == Type::kPerson) ++persons[c.person];
    if (c.type == Type::kTax) (c.tax == Tax::kMostSwords ? taxes_swords : taxes_vp)++;
  }
  REQUIRE(kNumCards == 120);
  REQUIRE(by_type[Type::kShip] == 50);
  REQUIRE(by_type[Type::kPerson] == 60);
  REQUIRE(by_type[Type::kExpedition] == 6);
  REQUIRE(by_type[Type::kTax] == 4);
  REQUIRE(taxes_swords == 2);
  REQUIRE(taxes_vp == 2);
  for (Colour c : {Colour::kYellow, Colour::kBlue, Colour::kGreen, Colour::kRed, Colour::kBlack}) {
    REQUIRE(ships[c] == 10);
    REQUIRE(ship_coins[c] == 22);
  }
  REQUIRE(skulls == 4);
  REQUIRE(swords[Colour::kYellow] == std::multiset<int>{1, 1, 1, 1, 2, 2, 2, 4, 4, 4});
  REQUIRE(swords[Colour::kBlue] == std::multiset<int>{1, 1, 1, 1, 2, 2, 2, 5, 5, 5});
  REQUIRE(swords[Colour::kGreen] == std::multiset<int>{1, 1, 1, 1, 3, 3, 3, 5, 5, 5});
  REQUIRE(swords[Colour::kRed] == std::multiset<int>{1, 1, 1, 3, 3, 3, 6, 6});
  REQUIRE(swords[Colour::kBlack] == std::multiset<int>{2, 2, 2, 4, 4, 4, 7, 7});
  const std::map<Person, int> expected{{Person::kTrader, 10}, {Person::kSettler, 5},      {Person::kCaptain, 5},
                                       {Person::kPriest, 5},  {Person::kJack, 3},         {Person::kSailor, 10},
                                       {Person::kPirate, 3},  {Person::kMademoiselle, 4}, {Person::kJester, 5},
                                       {Person::kAdmiral, 6}, {Person::kGovernor, 4}};
  REQUIRE(persons == expected);
  // PRP-A-13: the Captain costs 4.
  for (int id = 0; id < kNumCards; ++id) {
    if (card(id).person == Person::kCaptain) REQUIRE(card(id).cost == 4);
  }
  // PRP-2: the 5-player Expedition is the only card without a coin back (last id).
  REQUIRE(std::string(card(kFivePlayerExpedition).code) == "EXP-ACH-5P");
  // The wire names follow the card ids of the reference.
  for (int k = 0; k < kNumKinds; ++k) {
    std::string name = std::string("CARD_KIND_") + kKinds[k].code;
    std::replace(name.begin(), name.end(), '-', '_');
    REQUIRE(pb::CardKind_Name(static_cast<pb::CardKind>(k + 1)) == name);
  }
}

TEST_CASE("PRP-1, PRP-A-1: two to five players, other counts and foreign options are refused") {
  for (int seats = 2; seats <= 5; ++seats) REQUIRE(game->new_match({{}, seats, 1}).ok());
  for (int seats : {0, 1, 6, 9}) {
    auto r = game->new_match({{}, seats, 1});
    REQUIRE(r.error().code == ErrorCode::kInvalidSeatCount);
  }
  v1::GameOptions bad;
  bad.mutable_port_royal_pfister()->set_end_condition(static_cast<pb::EndCondition>(9));
  REQUIRE(game->new_match({bad, 3, 1}).error().code == ErrorCode::kInvalidOptions);
  v1::GameOptions foreign;
  foreign.mutable_letter_of_marque();
  REQUIRE(game->new_match({foreign, 3, 1}).error().code == ErrorCode::kInvalidOptions);
}

TEST_CASE("PRP-1, PRP-43: check_setup refuses exactly the setups new_match refuses, with the same error") {
  v1::GameOptions expedition, unknown_value, foreign;
  expedition.mutable_port_royal_pfister()->set_end_condition(pb::END_CONDITION_EXPEDITION);
  unknown_value.mutable_port_royal_pfister()->set_end_condition(static_cast<pb::EndCondition>(9));
  foreign.mutable_letter_of_marque();
  for (const auto& options : {v1::GameOptions{}, expedition, unknown_value, foreign}) {
    for (int seats = 0; seats <= 7; ++seats) {
      const auto checked = game->check_setup(options, seats);
      const auto built = game->new_match({options, seats, 1});
      REQUIRE(checked.ok() == built.ok());
      if (!checked.ok()) {
        REQUIRE(checked.error().code == built.error().code);
        REQUIRE(checked.error().message == built.error().message);
      }
    }
  }
  REQUIRE(game->check_setup(expedition, 5).ok());
  REQUIRE(game->check_setup(unknown_value, 3).error().code == ErrorCode::kInvalidOptions);
  REQUIRE(game->check_setup({}, 6).error().code == ErrorCode::kInvalidSeatCount);
}

TEST_CASE("PRP-2, PRP-3, PRP-4, PRP-6: set-up") {
  for (int seats = 2; seats <= 5; ++seats) {
    auto s = new_match(seats, 3);
    // PRP-2: the 5-player Expedition is out only with 5 players.
    if (seats == 5) {
      REQUIRE(s->expedition_area() == std::vector<std::uint8_t>{kFivePlayerExpedition});
    } else {
      REQUIRE(s->expedition_area().empty());
    }
    // PRP-3: 119 cards in the draw pile, an empty discard pile; PRP-4: 3 coins each.
    REQUIRE(static_cast<int>(s->draw_pile().size()) == 119 - 3 * seats);
    REQUIRE(s->discard_pile().empty());
    REQUIRE(s->harbor().empty());
    for (Seat p = 0; p < seats; ++p) REQUIRE(s->coins(p) == kStartCoins);
    std::multiset<int> expected;
    for (int id = 0; id < kNumCards; ++id) {
      if (id != kFivePlayerExpedition || seats == 5) expected.insert(id);
    }
    REQUIRE(every_card(*s) == expected);
    // PRP-6: the view keeps harbor display and expedition area apart.
    const auto v = prp_view(*s);
    REQUIRE(v.harbor_size() == 0);
    REQUIRE(v.expeditions_size() == (seats == 5 ? 1 : 0));
    REQUIRE(v.draw_pile() == static_cast<int>(s->draw_pile().size()));
    const auto started = events_since(*s, 0).front().game_started();
    REQUIRE(started.coins_size() == seats);
    for (const auto& c : started.coins()) REQUIRE(c.count() == kStartCoins);
  }
  // PRP-3: the shuffle depends on the seed and is reproducible.
  REQUIRE(new_match(3, 5)->serialize() == new_match(3, 5)->serialize());
  REQUIRE(new_match(3, 5)->draw_pile() != new_match(3, 6)->draw_pile());
}

TEST_CASE("PRP-5: a random starting player, then clockwise turns") {
  std::set<Seat> starters;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    auto s = new_match(4, seed);
    REQUIRE(s->active_seat() == s->start_seat());
    REQUIRE(prp_view(*s).start_seat() == s->start_seat());
    starters.insert(s->start_seat());
  }
  REQUIRE(starters == std::set<Seat>{0, 1, 2, 3});
  int turns = 0;
  for_each_step(3, 20, Policy::kUniform,
                [&](const PortRoyalState& before, Seat, ActionId, const PortRoyalState& after) {
                  if (after.is_terminal() || after.active_seat() == before.active_seat()) return;
                  REQUIRE(after.active_seat() == (before.active_seat() + 1) % 3);
                  ++turns;
                });
  REQUIRE(turns > 100);
}

TEST_CASE("PRP-3, PRP-7, PRP-8, PRP-9, PRP-10: every card is somewhere, exactly once, all game long") {
  for (int seats : {2, 5}) {
    for_each_step(seats, 15, Policy::kEager,
                  [&](const PortRoyalState& before, Seat, ActionId, const PortRoyalState& after) {
                    REQUIRE(every_card(after) == every_card(before));
                  });
  }
}
