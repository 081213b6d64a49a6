// Port Royal (Pfister), coins: cards face down, paying with them, reshuffles.
// Each test cites the rule IDs of docs/rules/port-royal-pfister.md it checks.
#include "tests/rules/port_royal_pfister/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_pfister;
using namespace brethren::rules::port_royal_pfister::test_support;

TEST_CASE("PRP-8: gaining coins moves the top cards of the draw pile face down into the display") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.cards_left() == 0) return false;
    for (std::size_t p = 0; p < s.harbor().size(); ++p) {
      const int id = s.harbor()[p];
      if (card(id).type == Type::kShip && static_cast<int>(s.draw_pile().size()) > card(id).coins + 6) return true;
    }
    return false;
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  int position = 0;
  while (card(s->harbor()[position]).type != Type::kShip) ++position;
  const int ship = s->harbor()[position];
  const int income = card(ship).coins + s->traders(seat, card(ship).colour);
  std::vector<std::uint8_t> top(s->draw_pile().end() - income, s->draw_pile().end());
  std::reverse(top.begin(), top.end());  // drawn one at a time from the top
  const auto coins_before = s->player(seat).coins;
  act(*s, seat, action::take(position));
  auto coins = s->player(seat).coins;
  REQUIRE(static_cast<int>(coins.size()) == static_cast<int>(coins_before.size()) + income);
  REQUIRE(std::vector<std::uint8_t>(coins.end() - income, coins.end()) == top);
}

TEST_CASE("PRP-9, PRP-A-7, PRP-H-4: hire costs are paid last-gained coins first, revealed on the discard pile") {
  auto s = find_state(3, [](const PortRoyalState& s) {
    if (s.phase() != Phase::kTradeHire || s.taking_seat() != s.active_seat() || s.cards_left() == 0) return false;
    for (int p = 0; p < static_cast<int>(s.harbor().size()); ++p) {
      const int id = s.harbor()[p];
      if (card(id).type == Type::kPerson && s.hire_cost(s.active_seat(), id) >= 3 &&
          s.is_legal(s.active_seat(), action::take(p)))
        return true;
    }
    return false;
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  int position = 0;
  for (; position < static_cast<int>(s->harbor().size()); ++position) {
    const int id = s->harbor()[position];
    if (card(id).type == Type::kPerson && s->hire_cost(seat, id) >= 3 && legal(*s, seat, action::take(position))) break;
  }
  const int person = s->harbor()[position];
  const int cost = s->hire_cost(seat, person);
  const auto coins = s->player(seat).coins;
  const auto discard = s->discard_pile();
  const std::uint64_t v = s->version();
  act(*s, seat, action::take(position));
  std::vector<std::uint8_t> paid(coins.rbegin(), coins.rbegin() + cost);
  auto expected_discard = discard;
  expected_discard.insert(expected_discard.end(), paid.begin(), paid.end());
  REQUIRE(s->discard_pile() == expected_discard);
  REQUIRE(s->player(seat).coins == std::vector<std::uint8_t>(coins.begin(), coins.end() - cost));
  const auto hired = find_event(events_since(*s, v), [](const pb::Event& e) { return e.has_person_hired(); });
  REQUIRE(hired.has_value());
  INFO(hired->ShortDebugString());
  REQUIRE(hired->person_hired().payment().to_seat() == -1);
  REQUIRE(hired->person_hired().payment().revealed_size() == cost);
  for (int k = 0; k < cost; ++k) REQUIRE(hired->person_hired().payment().revealed(k) == kind_index(paid[k]) + 1);
  // The open discard pile shows them.
  const auto view = prp_view(*s);
  REQUIRE(view.discard_pile_size() == static_cast<int>(expected_discard.size()));
  REQUIRE(view.discard_pile(view.discard_pile_size() - 1) == kind_index(paid.back()) + 1);
}

TEST_CASE("PRP-10, PRP-H-6: an empty draw pile is replaced by the shuffled discard pile") {
  auto s = find_state(2, [](const PortRoyalState& s) {
    return s.phase() == Phase::kDiscover && s.draw_pile().empty() && !s.discard_pile().empty();
  });
  REQUIRE(s);
  const Seat seat = s->active_seat();
  std::multiset<int> discard(s->discard_pile().begin(), s->discard_pile().end());
  const std::uint64_t v = s->version();
  act(*s, seat, action::kDraw);
  const auto events = events_since(*s, v);
  REQUIRE(events.front().has_reshuffled());
  REQUIRE(events.front().reshuffled().cards() == static_cast<int>(discard.size()));
  REQUIRE(events[1].has_card_drawn());
  // The drawn card came from the old discard pile; the rest is the new draw pile.
  std::multiset<int> now(s->draw_pile().begin(), s->draw_pile().end());
  const int drawn = events[1].card_drawn().card();
  REQUIRE(std::any_of(discard.begin(), discard.end(), [&](int id) { return kind_index(id) + 1 == drawn; }));
  REQUIRE(now.size() + 1 <= discard.size());
  for (int id : now) REQUIRE(discard.count(id) >= now.count(id));
}

TEST_CASE("PRP-A-10: with both piles empty nothing is drawn, the player must stop and the end is triggered") {
  auto s = find_state(
      5, [](const PortRoyalState& s) { return !s.is_terminal() && s.draw_pile().empty() && s.discard_pile().empty(); },
      Policy::kUniform, 400);
  REQUIRE(s);
  REQUIRE(s->end_triggered());
  bool exhausted = false;
  for (const auto& e : events_since(*s, 0)) exhausted |= e.has_end_triggered() && e.end_triggered().piles_exhausted();
  REQUIRE(exhausted);
  if (s->phase() == Phase::kDiscover) {
    const Seat seat = s->active_seat();
    REQUIRE_FALSE(legal(*s, seat, action::kDraw));
    REQUIRE(legal(*s, seat, action::kStop));
    REQUIRE_THAT(s->apply(seat, action::kDraw).error().message, Catch::Contains("PRP-A-10"));
  }
  // The round is completed and the game ends.
  Rng rng(3);
  while (!s->is_terminal()) {
    const auto l = s->legal_actions(acting(*s));
    act(*s, acting(*s), l[rng.below(static_cast<std::uint32_t>(l.size()))]);
  }
  REQUIRE(s->is_terminal());
}

TEST_CASE("PRP-A-14: when nobody keeps a card the piles are reshuffled at most 20 times, then the game ends") {
  // Every seat draws one card, stops and passes: no coin is ever gained and no
  // person hired, so every card returns to the discard pile and, without
  // PRP-A-14, the same cards would cycle through reshuffles for ever.
  auto s = new_match(3, 11);
  std::uint64_t moves = 0;
  bool refused_draw = false;
  while (!s->is_terminal() && moves < game->max_moves()) {
    const Seat seat = acting(*s);
    ActionId a = action::kPass;
    if (s->phase() == Phase::kRepel) a = action::kRepel;
    if (s->phase() == Phase::kDiscover)
      a = s->drawn_this_turn() == 0 && legal(*s, seat, action::kDraw) ? action::kDraw : action::kStop;
    REQUIRE(s->generation() <= kMaxReshuffles);
    if (s->phase() == Phase::kDiscover && s->draw_pile().empty() && !s->discard_pile().empty() &&
        s->generation() == kMaxReshuffles) {
      // The discard pile is there but may not become a draw pile again.
      REQUIRE_FALSE(legal(*s, seat, action::kDraw));
      REQUIRE_THAT(s->apply(seat, action::kDraw).error().message, Catch::Contains("PRP-A-14"));
      refused_draw = true;
    }
    act(*s, seat, a);
    ++moves;
  }
  REQUIRE(s->is_terminal());
  REQUIRE(refused_draw);
  REQUIRE(s->generation() == kMaxReshuffles);
  REQUIRE(s->end_triggered());
  const auto trigger = find_event(events_since(*s, 0), [](const pb::Event& e) { return e.has_end_triggered(); });
  REQUIRE(trigger);
  REQUIRE(trigger->end_triggered().piles_exhausted());
  // PRP-41: the round is completed; nobody has a point, so all share the victory (PRP-42).
  const auto outcome = s->outcome();
  for (const auto& r : outcome.seats()) REQUIRE(r.winner());
}
