// Port Royal (Panning), the tricks: leading, following, winning.
// Each test cites the rule IDs of docs/rules/port-royal-panning.md it checks.
#include "tests/rules/port_royal_panning/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_panning;
using namespace brethren::rules::port_royal_panning::test_support;

TEST_CASE("PRQ-14: the leader puts the pirate figure on an available loot card") {
  auto s = find_state(3, [](const S& st) { return st.phase() == Phase::kChooseLoot; });
  const Seat leader = s->current_seat();
  std::set<int> available;
  for (const auto& slot : s->available()) available.insert(slot.loot);
  for (int id = 0; id < kLootCards; ++id)
    REQUIRE(legal(*s, leader, action::choose_loot(id)) == (available.count(id) > 0));
  int missing = 0;
  while (available.count(missing)) ++missing;
  REQUIRE_THAT(reason(*s, leader, action::choose_loot(missing)), Catch::Contains("PRQ-14"));
  const int target = *available.rbegin();
  act(*s, leader, action::choose_loot(target));
  REQUIRE(view(*s, Viewer::spectator()).pirate_loot_id() == target);
  REQUIRE(s->phase() == Phase::kPlay);
  REQUIRE(s->current_seat() == leader);  // PRQ-15: he leads
}

TEST_CASE("PRQ-15, PRQ-17, PRQ-18, PRQ-19, PRQ-A-10: which crew card may be played") {
  const int red = 0, blue = 1, green = 2, trump = 3;  // black is trump here
  const int g1 = ghost_card(0);
  const std::vector<int> mixed = {crew_card(red, 2), crew_card(blue, 5), crew_card(trump, 7), g1};
  // PRQ-15: the leader plays anything.
  for (int c : mixed) REQUIRE(play_allowed(mixed, true, kNoColour, trump, c));
  // PRQ-17: holding the led colour, any colour or a ghost, but no trump (PRQ-18).
  REQUIRE(play_allowed(mixed, false, red, trump, crew_card(red, 2)));
  REQUIRE(play_allowed(mixed, false, red, trump, crew_card(blue, 5)));
  REQUIRE(play_allowed(mixed, false, red, trump, g1));
  REQUIRE_FALSE(play_allowed(mixed, false, red, trump, crew_card(trump, 7)));
  // PRQ-18: trump led is followed with trump at will.
  REQUIRE(play_allowed(mixed, false, trump, trump, crew_card(trump, 7)));
  // PRQ-19: void in the led colour with a ghost: the ghost only.
  REQUIRE(play_allowed(mixed, false, green, trump, g1));
  REQUIRE_FALSE(play_allowed(mixed, false, green, trump, crew_card(trump, 7)));
  REQUIRE_FALSE(play_allowed(mixed, false, green, trump, crew_card(red, 2)));
  // Void and no ghost: anything, trump included.
  const std::vector<int> no_ghost = {crew_card(red, 2), crew_card(trump, 1)};
  REQUIRE(play_allowed(no_ghost, false, green, trump, crew_card(trump, 1)));
  REQUIRE(play_allowed(no_ghost, false, green, trump, crew_card(red, 2)));
  // PRQ-A-10: after a ghost lead nothing is restricted.
  for (int c : mixed) REQUIRE(play_allowed(mixed, false, kNoColour, trump, c));
  // A card not in hand is never allowed.
  REQUIRE_FALSE(play_allowed(no_ghost, true, kNoColour, trump, crew_card(blue, 1)));
}

TEST_CASE("PRQ-18, PRQ-H-6: trumping a colour lead puts a public void marker on that colour") {
  auto s = find_state(4, [](const S& st) {
    if (st.phase() != Phase::kPlay || st.tricks().back().empty()) return false;
    const int led = colour_of(st.tricks().back().front().card);
    const auto& hand = st.player(st.current_seat()).hand;
    return led != kNoColour && led != st.trump() && count_colour(hand, led) == 0 &&
           std::none_of(hand.begin(), hand.end(), is_ghost) && count_colour(hand, st.trump()) > 0 &&
           !(st.player(st.current_seat()).void_mask & (1 << led));
  });
  const Seat seat = s->current_seat();
  const int led = colour_of(s->tricks().back().front().card);
  const auto& hand = s->player(seat).hand;
  const int trump_card = *std::find_if(hand.begin(), hand.end(), [&](int c) { return colour_of(c) == s->trump(); });
  act(*s, seat, action::play(trump_card));
  bool marked = false;
  for (const auto& e : s->events_for(Viewer::spectator())) {
    const auto& ev = e.event().port_royal_panning();
    if (ev.has_card_played() && ev.card_played().seat() == seat && ev.card_played().void_marker() == led + 1)
      marked = true;
  }
  REQUIRE(marked);
  const auto v = view(*s, Viewer::player((seat + 1) % 4));
  REQUIRE(std::count(v.players(seat).void_colours().begin(), v.players(seat).void_colours().end(), led + 1) == 1);
}

TEST_CASE("PRQ-18, PRQ-19: live play refuses a trump while holding the led colour, and non-ghosts when forced") {
  auto s = find_state(4, [](const S& st) {
    if (st.phase() != Phase::kPlay || st.tricks().back().empty()) return false;
    const int led = colour_of(st.tricks().back().front().card);
    const auto& hand = st.player(st.current_seat()).hand;
    return led != kNoColour && led != st.trump() && count_colour(hand, led) > 0 && count_colour(hand, st.trump()) > 0;
  });
  const Seat seat = s->current_seat();
  const auto& hand = s->player(seat).hand;
  const int trump_card = *std::find_if(hand.begin(), hand.end(), [&](int c) { return colour_of(c) == s->trump(); });
  REQUIRE_THAT(reason(*s, seat, action::play(trump_card)), Catch::Contains("PRQ-18"));

  auto t = find_state(3, [](const S& st) {
    if (st.phase() != Phase::kPlay || st.tricks().back().empty()) return false;
    const int led = colour_of(st.tricks().back().front().card);
    const auto& hand = st.player(st.current_seat()).hand;
    return led != kNoColour && count_colour(hand, led) == 0 && std::any_of(hand.begin(), hand.end(), is_ghost) &&
           std::any_of(hand.begin(), hand.end(), [](int c) { return !is_ghost(c); });
  });
  const Seat forced = t->current_seat();
  const auto& h = t->player(forced).hand;
  for (ActionId a : t->legal_actions(forced)) REQUIRE(is_ghost(static_cast<int>(a - action::kPlay)));
  const int other = *std::find_if(h.begin(), h.end(), [](int c) { return !is_ghost(c); });
  REQUIRE_THAT(reason(*t, forced, action::play(other)), Catch::Contains("PRQ-19"));
  REQUIRE_THAT(reason(*t, forced, action::play(crew_card(0, 1) == other ? crew_card(1, 1) : crew_card(0, 1))),
               Catch::Contains("PRQ-"));
}

TEST_CASE("PRQ-16: after the lead every other player plays exactly one card, clockwise") {
  auto s = find_state(4, [](const S& st) { return st.phase() == Phase::kPlay && st.tricks().back().empty(); });
  const Seat leader = s->current_seat();
  Rng rng(16);
  for (int k = 0; k < 4; ++k) {
    const Seat seat = s->current_seat();
    REQUIRE(seat == (leader + k) % 4);
    REQUIRE(s->acting_seats() == std::vector<Seat>{seat});
    if (k > 0) {
      // The seat that played just before cannot play again.
      const Seat before = (seat + 3) % 4;
      const int card = s->player(before).hand.front();
      REQUIRE(s->apply(before, action::play(card)).error().code == ErrorCode::kNotYourTurn);
    }
    random_step(*s, rng);
  }
  // Four cards, one per seat, then the trick is over.
  REQUIRE(s->phase() != Phase::kPlay);
  std::set<int> seats;
  for (const Play& pl : s->tricks().back()) seats.insert(pl.seat);
  REQUIRE(seats.size() == 4);
}

TEST_CASE("PRQ-21: without ghosts the highest trump wins, else the highest card of the led colour") {
  const int trump = 1;  // blue
  auto trick = [](std::vector<int> cards) {
    std::vector<Play> t;
    for (std::size_t i = 0; i < cards.size(); ++i) t.push_back(Play{static_cast<int>(i), cards[i]});
    return t;
  };
  // Off-colour cards never win, however high.
  REQUIRE(trick_winner(trick({crew_card(0, 3), crew_card(2, 8), crew_card(0, 5)}), trump) == 2);
  // Any trump beats the led colour; the highest trump wins.
  REQUIRE(trick_winner(trick({crew_card(0, 8), crew_card(1, 1), crew_card(0, 7)}), trump) == 1);
  REQUIRE(trick_winner(trick({crew_card(0, 8), crew_card(1, 2), crew_card(1, 6), crew_card(3, 8)}), trump) == 2);
  // Trump led: the highest trump.
  REQUIRE(trick_winner(trick({crew_card(1, 4), crew_card(0, 8), crew_card(1, 5)}), trump) == 2);
}

TEST_CASE("PRQ-22: a ghost in the trick ignores colours and trump, equal numbers go to the last played") {
  const int trump = 0;
  auto trick = [](std::vector<int> cards) {
    std::vector<Play> t;
    for (std::size_t i = 0; i < cards.size(); ++i) t.push_back(Play{static_cast<int>(i), cards[i]});
    return t;
  };
  const int g1 = ghost_card(0), g5 = ghost_card(1), g7 = ghost_card(2);
  // A trump 4 loses to the green 6 once a ghost is in the trick.
  REQUIRE(trick_winner(trick({crew_card(2, 6), crew_card(0, 4), g1}), trump) == 0);
  // Ghost 7 against a 7: the card played last wins.
  REQUIRE(trick_winner(trick({crew_card(3, 7), g7}), trump) == 1);
  REQUIRE(trick_winner(trick({g7, crew_card(3, 7)}), trump) == 1);
  REQUIRE(trick_winner(trick({g5, crew_card(3, 5), crew_card(1, 5), crew_card(2, 2)}), trump) == 2);
  // The ghost itself wins with the highest number.
  REQUIRE(trick_winner(trick({crew_card(1, 3), g5, crew_card(0, 4)}), trump) == 1);
}

TEST_CASE("PRQ-23, PRQ-24, PRQ-37: eight tricks, the winner takes the card and leads, one card is left") {
  auto s = new_match(4, 21);
  Rng rng(5);
  std::uint64_t seen = 0;
  int tricks = 0;
  while (s->round() == 1) {
    random_step(*s, rng);
    const auto& events = s->events();
    for (; seen < events.size(); ++seen) {
      const auto& ev = events[seen].event->port_royal_panning();
      if (!ev.has_trick_won()) continue;
      ++tricks;
      REQUIRE(ev.trick_won().trick() == tricks);
      if (tricks < kTricks) {
        // The winner resolves his loot and then leads (PRQ-23).
        REQUIRE(s->current_seat() == ev.trick_won().seat());
      }
    }
    if (s->round() == 1 && s->phase() == Phase::kChooseLoot) {
      REQUIRE(s->available().size() == static_cast<std::size_t>(9 - tricks));
      for (Seat p = 0; p < 4; ++p) REQUIRE(s->player(p).hand.size() == static_cast<std::size_t>(8 - tricks));
    }
  }
  REQUIRE(tricks == kTricks);
  // Round 2: the leftover card (first) plus 8 new.
  REQUIRE(s->available().size() == 9);
  REQUIRE(s->available().front().prisoners.size() == 1);
}
