// Port Royal (Panning), the auction for the privileges, and the privileges.
// Each test cites the rule IDs of docs/rules/port-royal-panning.md it checks.
#include "tests/rules/port_royal_panning/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::port_royal_panning;
using namespace brethren::rules::port_royal_panning::test_support;

TEST_CASE("PRQ-9, PRQ-A-8: clockwise bidding, higher bids only, passing is final, last bidder wins") {
  auto s = new_match(4, 5);
  const Seat f = s->current_seat();
  auto at = [&](int k) { return (f + k) % 4; };
  REQUIRE_FALSE(legal(*s, f, action::kPass) == false);
  act(*s, f, action::bid(3));
  REQUIRE(s->current_seat() == at(1));
  REQUIRE_FALSE(legal(*s, at(1), action::bid(3)));
  REQUIRE_THAT(reason(*s, at(1), action::bid(2)), Catch::Contains("PRQ-9"));
  act(*s, at(1), action::kPass);
  act(*s, at(2), action::bid(5));
  act(*s, at(3), action::kPass);
  // at(1) passed and is skipped for good.
  REQUIRE(s->current_seat() == f);
  REQUIRE(s->legal_actions(f).front() == action::bid(6));
  act(*s, f, action::kPass);
  REQUIRE(s->phase() == Phase::kExchange);
  REQUIRE(s->privileged() == at(2));
  REQUIRE(s->current_seat() == at(2));
  // PRQ-12: the bid cube stands at debt + bid; the debt cube stays.
  REQUIRE(s->bid_cube() == 5);
  REQUIRE(s->player(at(2)).debt == 0);
  const auto v = view(*s, Viewer::spectator());
  REQUIRE(v.privileged_seat() == at(2));
  REQUIRE(v.players(at(2)).bid_cube() == 5);
  REQUIRE(v.players(at(1)).bid_cube() == -1);
  // PRQ-A-8: a bid of 0 is no bid at all.
  v1::GameAction zero;
  zero.mutable_port_royal_panning()->mutable_bid()->set_amount(0);
  REQUIRE_FALSE(s->decode_action(f, zero).ok());
  // The auction events are public.
  bool won = false;
  for (const auto& e : s->events_for(Viewer::spectator())) {
    if (e.event().port_royal_panning().has_auction_won()) {
      won = true;
      REQUIRE(e.event().port_royal_panning().auction_won().bid() == 5);
      REQUIRE_FALSE(e.event().port_royal_panning().auction_won().nobody_bid());
    }
  }
  REQUIRE(won);
}

TEST_CASE("PRQ-9: the auction ends at once when the others have passed after a bid") {
  auto s = new_match(3, 8);
  const Seat f = s->current_seat();
  act(*s, f, action::kPass);
  act(*s, (f + 1) % 3, action::kPass);
  // Nobody has bid yet: the last player still decides.
  REQUIRE(s->phase() == Phase::kAuction);
  act(*s, (f + 2) % 3, action::bid(1));
  REQUIRE(s->phase() == Phase::kExchange);
  REQUIRE(s->privileged() == (f + 2) % 3);
  REQUIRE(s->bid_cube() == 1);
}

TEST_CASE("PRQ-11, PRQ-A-2: if nobody bids, the first bidder takes the privileges for 0") {
  auto s = new_match(4, 9);
  const Seat f = s->current_seat();
  for (int k = 0; k < 4; ++k) act(*s, s->current_seat(), action::kPass);
  REQUIRE(s->privileged() == f);
  REQUIRE(s->bid_cube() == 0);
  REQUIRE(last_event(*s).has_face_up_taken());
  const auto events = s->events_for(Viewer::player(2));
  const auto& won = events[events.size() - 2].event().port_royal_panning().auction_won();
  REQUIRE(won.seat() == f);
  REQUIRE(won.nobody_bid());
  REQUIRE(won.bid() == 0);
}

TEST_CASE("PRQ-10: debt + bid may not exceed 19") {
  auto s = find_state(
      3, [](const S& st) { return st.phase() == Phase::kAuction && st.player(st.current_seat()).debt >= 3; });
  const Seat seat = s->current_seat();
  const int debt = s->player(seat).debt;
  const auto legal_actions = s->legal_actions(seat);
  int max_bid = 0;
  for (ActionId a : legal_actions) {
    if (a < action::kPass) max_bid = std::max(max_bid, static_cast<int>(a) + 1);
  }
  if (s->high_bid() < kMaxDebt - debt) REQUIRE(max_bid == kMaxDebt - debt);
  REQUIRE_THAT(reason(*s, seat, action::bid(kMaxDebt - debt + 1)), Catch::Contains("PRQ-10"));
}

TEST_CASE("PRQ-13, PRQ-H-3: exchange (face-up cards public, set-aside cards secret), trump, leader") {
  auto a = new_match(4, 12);
  const Seat priv = (a->dealer() + 2) % 4;
  auction_to(*a, priv, 4);
  REQUIRE(a->player(priv).hand.size() == 10);
  REQUIRE(last_event(*a).face_up_taken().cards_size() == 2);
  REQUIRE(view(*a, Viewer::spectator()).face_up_size() == 0);
  REQUIRE(view(*a, Viewer::spectator()).players(priv).hand_count() == 10);
  // Only the hand's cards may be set aside, one at a time, twice.
  const auto hand = a->player(priv).hand;
  auto b = std::unique_ptr<S>(static_cast<S*>(a->clone().release()));
  act(*a, priv, action::set_aside(hand[0]));
  act(*b, priv, action::set_aside(hand[5]));
  act(*a, priv, action::set_aside(hand[1]));
  act(*b, priv, action::set_aside(hand[6]));
  REQUIRE(a->phase() == Phase::kNameTrump);
  REQUIRE(a->player(priv).hand.size() == 8);
  REQUIRE(view(*a, Viewer::player(priv)).own_set_aside_size() == 2);
  REQUIRE(view(*a, Viewer::player(priv)).own_set_aside(0).value() == crew_value(hand[0]));
  for (Viewer v : {Viewer::spectator(), Viewer::player((priv + 1) % 4), Viewer::player((priv + 3) % 4)}) {
    REQUIRE(view(*a, v).own_set_aside_size() == 0);
    REQUIRE(view(*a, v).set_aside_count() == 2);
    REQUIRE(info_state(*a, v) == info_state(*b, v));
  }
  REQUIRE(info_state(*a, Viewer::player(priv)) != info_state(*b, Viewer::player(priv)));
  // Trump: one of four colours, public.
  REQUIRE(a->legal_actions(priv).size() == 4);
  REQUIRE_THAT(reason(*a, priv, action::leader(0)), Catch::Contains("PRQ-13"));
  act(*a, priv, action::trump(2));
  REQUIRE(view(*a, Viewer::player((priv + 1) % 4)).trump() == pb::COLOUR_GREEN);
  // Leader: any seat, himself included.
  REQUIRE(a->legal_actions(priv).size() == 4);
  act(*a, priv, action::leader((priv + 1) % 4));
  REQUIRE(a->phase() == Phase::kChooseLoot);
  REQUIRE(a->acting_seats() == std::vector<Seat>{(priv + 1) % 4});
}

TEST_CASE("PRQ-13, PRQ-A-9: the privileged player may set aside the face-up cards he just took") {
  auto s = new_match(3, 4);
  const Seat priv = s->current_seat();
  auction_to(*s, priv, 2);
  const auto taken = last_event(*s).face_up_taken();
  std::vector<int> cards;
  for (const auto& c : taken.cards()) {
    cards.push_back(c.colour() == pb::COLOUR_GHOST ? ghost_card(c.value() == 1   ? 0
                                                                : c.value() == 5 ? 1
                                                                                 : 2)
                                                   : crew_card(c.colour() - 1, c.value()));
  }
  for (int c : cards) act(*s, priv, action::set_aside(c));
  std::vector<int> aside = s->set_aside();
  std::sort(aside.begin(), aside.end());
  std::sort(cards.begin(), cards.end());
  REQUIRE(aside == cards);
}
