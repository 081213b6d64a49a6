// Port Royal (Pfister), phase 2, trade and hire: the allowance, taking cards, trading, hiring and paying the active
// player. Each test cites the rule IDs of docs/rules/port-royal-pfister.md it checks.
#include "tests/rules/port_royal_pfister/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_pfister;
using namespace brethren::rules::port_royal_pfister::test_support;

TEST_CASE("PRP-19, PRP-A-3: the allowance follows the differently coloured ships when stopping") {
  std::set<int> seen;
  for (int colours = 0; colours <= 5; ++colours) {
    auto s = find_state(3, [colours](const PortRoyalState& s) {
      return s.phase() == Phase::kDiscover && s.drawn_this_turn() > 0 && colours_in_harbor(s) == colours;
    });
    REQUIRE(s);
    const Seat seat = s->active_seat();
    const int governors = s->count_person(seat, Person::kGovernor);
    const std::uint64_t v = s->version();
    act(*s, seat, action::kStop);
    const auto stopped = events_since(*s, v).front().stopped();
    const int base = colours <= 3 ? 1 : colours == 4 ? 2 : 3;
    REQUIRE(stopped.colours() == colours);
    REQUIRE(stopped.allowance() == base);
    if (s->phase() == Phase::kTradeHire && s->taking_seat() == seat) {
      REQUIRE(s->cards_left() == base + governors);
      REQUIRE(prp_view(*s).cards_left() == base + governors);
      // PRP-A-3: trading a ship does not lower the allowance beyond the card taken.
      for (int p = 0; p < static_cast<int>(s->harbor().size()); ++p) {
        if (card(s->harbor()[p]).type != Type::kShip || !legal(*s, seat, action::take(p))) continue;
        act(*s, seat, action::take(p));
        if (s->taking_seat() == seat) REQUIRE(s->cards_left() == base + governors - 1);
        break;
      }
    }
    seen.insert(colours);
  }
  REQUIRE(seen.size() == 6);
}

TEST_CASE("PRP-20, PRP-37: each Governor gives one more card, to active and other players alike") {
  for (bool active : {true, false}) {
    auto s = find_state(3, [active](const PortRoyalState& s) {
      return s.phase() == Phase::kTradeHire && (s.taking_seat() == s.active_seat()) == active &&
             s.count_person(s.taking_seat(), Person::kGovernor) > 0 && s.cards_left() > 0 && s.harbor().size() >= 2;
    });
    REQUIRE(s);
    const Seat seat = s->taking_seat();
    const int governors = s->count_person(seat, Person::kGovernor);
    if (!active)
      REQUIRE(s->cards_left() == 1 + governors);  // PRP-21 + PRP-20
    else
      REQUIRE(s->cards_left() >= 1 + governors);
    // A non-active player pays 1 coin per card (PRP-29, PRP-37).
    if (!active) {
      int position = 0;
      while (card(s->harbor()[position]).type != Type::kShip && position + 1 < static_cast<int>(s->harbor().size()))
        ++position;
      if (legal(*s, seat, action::take(position))) {
        const Seat active_seat = s->active_seat();
        const int active_coins = s->coins(active_seat);
        act(*s, seat, action::take(position));
        REQUIRE(s->coins(active_seat) == active_coins + 1);
        if (s->taking_seat() == seat) REQUIRE(s->cards_left() == governors);
      }
    }
  }
}

TEST_CASE("PRP-21, PRP-30: after the active player, each other player in clockwise order, then the harbor is cleared") {
  int phases = 0, clears = 0;
  for (int seats : {2, 4, 5}) {
    for_each_step(seats, 10, Policy::kEager,
                  [&](const PortRoyalState& before, Seat seat, ActionId, const PortRoyalState& after) {
                    if (before.phase() == Phase::kTradeHire) {
                      REQUIRE(seat == before.taking_seat());
                      // Non-active opportunities have a base allowance of 1 (+ Governors).
                      if (seat != before.active_seat() && before.taken_cards() == 0)
                        REQUIRE(before.cards_left() == 1 + before.count_person(seat, Person::kGovernor));
                      if (after.phase() == Phase::kTradeHire && after.active_seat() == before.active_seat()) {
                        const int off_before = (before.taking_seat() - before.active_seat() + seats) % seats;
                        const int off_after = (after.taking_seat() - after.active_seat() + seats) % seats;
                        REQUIRE(off_after >= off_before);
                      }
                    }
                    if (before.phase() == Phase::kTradeHire && after.active_seat() != before.active_seat()) {
                      // PRP-30: leftovers discarded, next player active.
                      REQUIRE(after.harbor().empty());
                      if (!after.is_terminal()) REQUIRE(after.active_seat() == (before.active_seat() + 1) % seats);
                      ++clears;
                    }
                    if (before.phase() == Phase::kDiscover && after.phase() == Phase::kTradeHire) ++phases;
                  });
  }
  REQUIRE(phases > 100);
  REQUIRE(clears > 100);
}

TEST_CASE("PRP-22, PRP-37: a Governor just hired adds his card at once") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.cards_left() != 1) return false;
    for (int p = 0; p < static_cast<int>(s.harbor().size()); ++p) {
      if (card(s.harbor()[p]).person == Person::kGovernor && s.is_legal(s.taking_seat(), action::take(p)) &&
          s.harbor().size() >= 2)
        return true;
    }
    return false;
  });
  REQUIRE(s);
  const Seat seat = s->taking_seat();
  int position = 0;
  while (card(s->harbor()[position]).person != Person::kGovernor || !legal(*s, seat, action::take(position)))
    ++position;
  act(*s, seat, action::take(position));
  REQUIRE(s->taking_seat() == seat);
  REQUIRE(s->cards_left() == 1);
}

TEST_CASE("PRP-22, PRP-38: a Mademoiselle just hired lowers the next hire at once") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.cards_left() < 2) return false;
    bool madem = false, other = false;
    for (int p = 0; p < static_cast<int>(s.harbor().size()); ++p) {
      const int id = s.harbor()[p];
      if (card(id).person == Person::kMademoiselle && s.is_legal(s.taking_seat(), action::take(p)))
        madem = true;
      else if (card(id).type == Type::kPerson && s.hire_cost(s.taking_seat(), id) > 0)
        other = true;
    }
    return madem && other;
  });
  REQUIRE(s);
  const Seat seat = s->taking_seat();
  int position = 0;
  while (card(s->harbor()[position]).person != Person::kMademoiselle || !legal(*s, seat, action::take(position)))
    ++position;
  std::map<int, int> costs;
  for (int id : s->harbor()) {
    if (card(id).type == Type::kPerson) costs[id] = s->hire_cost(seat, id);
  }
  const int madems = s->count_person(seat, Person::kMademoiselle);
  act(*s, seat, action::take(position));
  REQUIRE(s->count_person(seat, Person::kMademoiselle) == madems + 1);
  for (int id : s->harbor()) {
    if (card(id).type != Type::kPerson) continue;
    REQUIRE(s->hire_cost(seat, id) == std::max(0, costs[id] - 1));
    REQUIRE(s->hire_cost(seat, id) == std::max(0, card(id).cost - madems - 1));
  }
}

TEST_CASE("PRP-23, PRP-A-4: taking is optional, passing ends the opportunity") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    return s.phase() == Phase::kTradeHire && s.taking_seat() == s.active_seat() && s.harbor().size() >= 2 &&
           s.cards_left() > 0;
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  REQUIRE(legal(*s, seat, action::kPass));
  const auto harbor = s->harbor();
  const std::uint64_t v = s->version();
  act(*s, seat, action::kPass);
  REQUIRE(events_since(*s, v).front().passed().seat() == seat);
  REQUIRE(s->taking_seat() != seat);
  REQUIRE(s->active_seat() == seat);
  REQUIRE(s->harbor() == harbor);
}

TEST_CASE("PRP-24, PRP-31: trading a ship gains its coins plus one per Trader of its colour") {
  for (bool with_trader : {false, true}) {
    auto s = find_state(3, [with_trader](const PortRoyalState& s) {
      if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.cards_left() == 0) return false;
      if (s.draw_pile().size() < 8) return false;
      for (int id : s.harbor()) {
        if (card(id).type == Type::kShip && (s.traders(s.active_seat(), card(id).colour) > 0) == with_trader)
          return true;
      }
      return false;
    });
    REQUIRE(s);
    const Seat seat = s->active_seat();
    int position = 0;
    for (;; ++position) {
      const int id = s->harbor()[position];
      if (card(id).type == Type::kShip && (s->traders(seat, card(id).colour) > 0) == with_trader) break;
    }
    const int ship = s->harbor()[position];
    const int traders = s->traders(seat, card(ship).colour);
    const int coins = s->coins(seat);
    const std::uint64_t v = s->version();
    act(*s, seat, action::take(position));
    REQUIRE(s->coins(seat) == coins + card(ship).coins + traders);
    REQUIRE(s->discard_pile().back() == ship);
    const auto traded = events_since(*s, v).front().ship_traded();
    REQUIRE(traded.income() == card(ship).coins + traders);
    REQUIRE(traded.coins_gained() == traded.income());
    REQUIRE_FALSE(traded.has_compensation());
  }
}

TEST_CASE("PRP-25, PRP-38: hiring pays the cost less one per Mademoiselle, unaffordable persons cannot be hired") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.cards_left() == 0) return false;
    if (s.count_person(s.active_seat(), Person::kMademoiselle) == 0) return false;
    for (int p = 0; p < static_cast<int>(s.harbor().size()); ++p) {
      if (card(s.harbor()[p]).type == Type::kPerson && s.is_legal(s.active_seat(), action::take(p))) return true;
    }
    return false;
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  int position = 0;
  while (card(s->harbor()[position]).type != Type::kPerson || !legal(*s, seat, action::take(position))) ++position;
  const int person = s->harbor()[position];
  const int madems = s->count_person(seat, Person::kMademoiselle);
  const int coins = s->coins(seat), points = s->points(seat);
  act(*s, seat, action::take(position));
  REQUIRE(s->coins(seat) == coins - std::max(0, card(person).cost - madems));
  REQUIRE(s->player(seat).persons.back() == person);
  REQUIRE(s->points(seat) == points + card(person).points);  // PRP-39

  auto poor = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.cards_left() == 0) return false;
    for (int id : s.harbor()) {
      if (card(id).type == Type::kPerson && s.hire_cost(s.active_seat(), id) > s.coins(s.active_seat())) return true;
    }
    return false;
  });
  REQUIRE(poor);
  const Seat p = poor->active_seat();
  for (int pos = 0; pos < static_cast<int>(poor->harbor().size()); ++pos) {
    const int id = poor->harbor()[pos];
    if (card(id).type != Type::kPerson || poor->hire_cost(p, id) <= poor->coins(p)) continue;
    auto st = poor->apply(p, action::take(pos));
    REQUIRE(st.error().code == ErrorCode::kIllegalAction);
    REQUIRE_THAT(st.error().message, Catch::Contains("PRP-25"));
  }
}

TEST_CASE("PRP-29, PRP-H-5: other players pay the active player one coin per card, a ship's income may pay it") {
  // A ship taken with no coins at all: gain first, then pay.
  auto s = find_state(
      4,
      [](const PortRoyalState& s) {
        if (s.phase() != Phase::kTradeHire || s.taking_seat() == s.active_seat() || s.cards_left() == 0) return false;
        if (s.coins(s.taking_seat()) != 0 || s.draw_pile().size() < 8) return false;
        return std::any_of(s.harbor().begin(), s.harbor().end(), [](int id) { return card(id).type == Type::kShip; });
      },
      Policy::kEager, 600);
  REQUIRE(s);
  const Seat seat = s->taking_seat(), active = s->active_seat();
  int position = 0;
  while (card(s->harbor()[position]).type != Type::kShip) ++position;
  const int ship = s->harbor()[position];
  const int income = card(ship).coins + s->traders(seat, card(ship).colour);
  const int active_coins = s->coins(active);
  const auto active_stack = s->player(active).coins;
  REQUIRE(legal(*s, seat, action::take(position)));
  const std::uint64_t v = s->version();
  act(*s, seat, action::take(position));
  REQUIRE(s->coins(seat) == income - 1);
  REQUIRE(s->coins(active) == active_coins + 1);
  const auto traded = events_since(*s, v).front().ship_traded();
  REQUIRE(traded.compensation().seat() == seat);
  REQUIRE(traded.compensation().to_seat() == active);
  REQUIRE(traded.compensation().count() == 1);
  REQUIRE(traded.compensation().revealed_size() == 0);  // PRP-H-5

  // A person needs its cost + 1.
  auto h = find_state(4, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() == s.active_seat() || s.cards_left() == 0) return false;
    for (int id : s.harbor()) {
      if (card(id).type == Type::kPerson && s.hire_cost(s.taking_seat(), id) == s.coins(s.taking_seat())) return true;
    }
    return false;
  });
  REQUIRE(h);
  const Seat taker = h->taking_seat();
  for (int pos = 0; pos < static_cast<int>(h->harbor().size()); ++pos) {
    const int id = h->harbor()[pos];
    if (card(id).type != Type::kPerson) continue;
    REQUIRE(legal(*h, taker, action::take(pos)) == (h->coins(taker) >= h->hire_cost(taker, id) + 1));
    if (h->hire_cost(taker, id) == h->coins(taker))
      REQUIRE_THAT(h->apply(taker, action::take(pos)).error().message, Catch::Contains("PRP-29"));
  }
  auto hire = find_state(4, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() == s.active_seat() || s.cards_left() == 0) return false;
    for (int p = 0; p < static_cast<int>(s.harbor().size()); ++p) {
      if (card(s.harbor()[p]).type == Type::kPerson && s.is_legal(s.taking_seat(), action::take(p))) return true;
    }
    return false;
  });
  REQUIRE(hire);
  const Seat hirer = hire->taking_seat(), boss = hire->active_seat();
  int pos = 0;
  while (card(hire->harbor()[pos]).type != Type::kPerson || !legal(*hire, hirer, action::take(pos))) ++pos;
  const int person = hire->harbor()[pos];
  const int cost = hire->hire_cost(hirer, person);
  const int hirer_coins = hire->coins(hirer), boss_coins = hire->coins(boss);
  act(*hire, hirer, action::take(pos));
  REQUIRE(hire->coins(hirer) == hirer_coins - cost - 1);
  REQUIRE(hire->coins(boss) == boss_coins + 1);
}
