// Port Royal (Pfister), the worked examples of the seed text (docs/rules/port-royal-pfister.md §4.7).
// Each test cites the rule IDs of docs/rules/port-royal-pfister.md it checks.
#include "tests/rules/port_royal_pfister/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_pfister;
using namespace brethren::rules::port_royal_pfister::test_support;

TEST_CASE("Seed example (Alex): a Sailor and a Pirate give 3 swords and repel a 2-sword Flute") {
  auto s = find_state(
      3,
      [](const PortRoyalState& s) {
        return in_discover_with_top(s, [&](int id) {
          const auto& p = s.player(s.active_seat()).persons;
          return card(id).type == Type::kShip && card(id).colour == Colour::kBlue && card(id).swords == 2 &&
                 count_type(p, Person::kSailor) == 1 && count_type(p, Person::kPirate) == 1;
        });
      },
      Policy::kEager, 3000);
  REQUIRE(s);
  const Seat alex = s->active_seat();
  REQUIRE(s->swords(alex) == 3);
  const int flute = top_card(*s);
  act(*s, alex, action::kDraw);
  act(*s, alex, action::kRepel);
  REQUIRE(s->discard_pile().back() == flute);
}

TEST_CASE("Seed example (Dagmar): a Priest and a Jack of all Trades fulfil a 2-cross Expedition for 2 coins") {
  const int cc = expedition_index(kNumCards - 5);  // EXP-CC
  REQUIRE(std::string(expedition_kind(cc).code) == "EXP-CC");
  auto s = find_state(
      3,
      [cc](const PortRoyalState& s) {
        return s.phase() != Phase::kFinished && acting(s) == s.active_seat() &&
               s.is_legal(s.active_seat(), action::fulfil(cc, 0, 1, 0)) && s.draw_pile().size() > 4;
      },
      Policy::kEager, 3000);
  REQUIRE(s);
  const Seat dagmar = s->active_seat();
  const int coins = s->coins(dagmar);
  const int priests = s->count_person(dagmar, Person::kPriest), jacks = s->count_person(dagmar, Person::kJack);
  act(*s, dagmar, action::fulfil(cc, 0, 1, 0));
  REQUIRE(s->count_person(dagmar, Person::kPriest) == priests - 1);
  REQUIRE(s->count_person(dagmar, Person::kJack) == jacks - 1);
  REQUIRE(s->coins(dagmar) == coins + 2);
  REQUIRE(std::string(card(s->player(dagmar).expeditions.back()).code) == "EXP-CC");
}

TEST_CASE("Seed example (Andrea, Alex, Klemens): 4 colours give 2 cards, a 2-coin ship, a Sailor for 3, Alex pays 1") {
  auto s = find_state(
      3,
      [](const PortRoyalState& s) {
        if (s.phase() != Phase::kDiscover || s.drawn_this_turn() == 0 || s.harbor().size() != 5) return false;
        if (colours_in_harbor(s) != 4 || s.count_person(s.active_seat(), Person::kGovernor) > 0) return false;
        if (s.count_person(s.active_seat(), Person::kMademoiselle) > 0 || s.draw_pile().size() < 12) return false;
        int two_coin_ships = 0, sailors = 0;
        for (int id : s.harbor()) {
          two_coin_ships +=
              card(id).type == Type::kShip && card(id).coins == 2 && s.traders(s.active_seat(), card(id).colour) == 0;
          sailors += card(id).person == Person::kSailor && card(id).cost == 3;
        }
        return two_coin_ships >= 1 && sailors >= 1 && s.coins(s.active_seat()) + 2 >= 3;
      },
      Policy::kEager, 3000);
  REQUIRE(s);
  const Seat andrea = s->active_seat();
  act(*s, andrea, action::kStop);
  REQUIRE(s->taking_seat() == andrea);
  REQUIRE(s->cards_left() == 2);
  auto position_of = [&](const std::function<bool(int)>& pred) {
    for (int p = 0; p < static_cast<int>(s->harbor().size()); ++p) {
      if (pred(s->harbor()[p])) return p;
    }
    return -1;
  };
  // Klemens' example: a Flute (or any ship) worth 2 coins brings 2 coins.
  const int ship = position_of([&](int id) {
    return card(id).type == Type::kShip && card(id).coins == 2 && s->traders(andrea, card(id).colour) == 0;
  });
  int coins = s->coins(andrea);
  act(*s, andrea, action::take(ship));
  REQUIRE(s->coins(andrea) == coins + 2);
  REQUIRE(s->cards_left() == 1);
  // Andrea hires a Sailor for 3 coins.
  const int sailor = position_of([](int id) { return card(id).person == Person::kSailor && card(id).cost == 3; });
  coins = s->coins(andrea);
  act(*s, andrea, action::take(sailor));
  REQUIRE(s->coins(andrea) == coins - 3);
  REQUIRE(card(s->player(andrea).persons.back()).person == Person::kSailor);
  // Alex, the next player, takes a ship and pays Andrea 1 coin.
  const Seat alex = (andrea + 1) % 3;
  REQUIRE(s->taking_seat() == alex);
  const int alex_ship = position_of([](int id) { return card(id).type == Type::kShip; });
  REQUIRE(alex_ship >= 0);
  const int income = card(s->harbor()[alex_ship]).coins + s->traders(alex, card(s->harbor()[alex_ship]).colour);
  const int alex_coins = s->coins(alex), andrea_coins = s->coins(andrea);
  act(*s, alex, action::take(alex_ship));
  REQUIRE(s->coins(alex) == alex_coins + income - 1);
  REQUIRE(s->coins(andrea) == andrea_coins + 1);
}
