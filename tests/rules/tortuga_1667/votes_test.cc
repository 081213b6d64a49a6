// Tortuga 1667, votes and their secrecy.
// Each test cites the rule IDs of docs/rules/tortuga-1667.md it checks.
#include "tests/rules/tortuga_1667/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::tortuga_1667;
using namespace brethren::rules::tortuga_1667::test_support;

TEST_CASE("T67-26, T67-H-3: votes are secret, only 'has voted' is published, authorship is dropped") {
  auto make = [](bool swap) {
    auto s = table(5, {{{0, 1}, {2, 3}}, {4}, {-1, -1}}, 0, 21);
    TestAccess::set_treasure(*s, 4, {}, {0, 0}, 2);
    TestAccess::set_hand(*s, 0, {0, 5, 9});
    TestAccess::set_hand(*s, 1, {0, 5, 10});
    act(*s, 0, action::kAttack);
    act(*s, 1, action::vote(swap ? 5 : 0));
    // Before everyone voted, only the voter himself knows his card.
    REQUIRE(tv(*s, Viewer::player(1)).vote().own_cards(0).kind() == (swap ? 5 : 0));
    REQUIRE(tv(*s, Viewer::player(0)).vote().own_cards_size() == 0);
    REQUIRE(tv(*s, Viewer::spectator()).players(1).has_voted());
    act(*s, 0, action::vote(swap ? 0 : 5));
    return s;
  };
  auto a = make(false), b = make(true);
  // The two worlds differ only in who played which card: nobody but the
  // voters' own hands can tell them apart, and the event streams are equal.
  for (Viewer v : {Viewer::spectator(), Viewer::player(2), Viewer::player(3), Viewer::player(4)}) {
    REQUIRE(info_state(*a, v) == info_state(*b, v));
  }
  for (Seat p = 0; p < 5; ++p) REQUIRE_FALSE(a->has_submitted(p));
  const auto voted = events_of(*a, Viewer::spectator(), pb::Event::kVoted);
  REQUIRE(voted.size() == 2);
  REQUIRE(voted[0].voted().seat() == 1);
  // The reveal is the multiset (both votes and the deck's card) in random
  // order; the equal streams above show the order tells nothing about who
  // played which card.
  const auto rev = events_of(*a, Viewer::spectator(), pb::Event::kVoteRevealed).back().vote_revealed();
  REQUIRE(rev.cards_size() == 3);
  std::multiset<int> kinds;
  for (const auto& c : rev.cards()) kinds.insert(c.kind());
  REQUIRE(kinds.count(0) >= 1);
  REQUIRE(kinds.count(5) >= 1);
}

TEST_CASE("T67-H-4: which card a player gives up or puts on top of the vote deck stays his secret") {
  auto give_up = [](int kind) {
    auto s = table(4, {{{0}, {1}}, {2, 3}, {-1, -1}}, 0);
    TestAccess::set_hand(*s, 2, {1, 5, 9});
    TestAccess::put_event(*s, 0, kPistol);
    act(*s, 0, action::reveal(0));
    act(*s, 0, action::choose(2));
    act(*s, 2, action::put(kind));
    return s;
  };
  auto letter = [](int kind) {
    auto s = table(4, {{{0, 1}, {2, 3}}, {}, {-1, -1}}, 0);
    TestAccess::set_hand(*s, 0, {1, 5, 9});
    TestAccess::set_vote_top(*s, 7);
    TestAccess::put_event(*s, 0, kLetter);
    act(*s, 0, action::reveal(0));
    act(*s, 0, action::kLetterDraw);
    act(*s, 0, action::put(kind));
    return s;
  };
  auto a = give_up(1), b = give_up(9);
  auto c = letter(5), d = letter(7);
  for (Viewer v : {Viewer::spectator(), Viewer::player(1), Viewer::player(3)}) {
    REQUIRE(info_state(*a, v) == info_state(*b, v));
    REQUIRE(info_state(*c, v) == info_state(*d, v));
  }
  REQUIRE(info_state(*c, Viewer::player(0)) != info_state(*d, Viewer::player(0)));
}

TEST_CASE("T67-26 step 6-7, T67-A-14: revealed cards go to the bottom, voters draw clockwise from the caller") {
  auto s = table(4, {{{0, 1, 2}, {3}}, {}, {-1, -1}}, 0);
  const std::size_t deck = s->vote_deck().size();
  act(*s, 0, action::kAttack);
  for (Seat p : {0, 1, 2}) act(*s, p, action::vote(s->hand(p)[0]));
  while (s->phase() == Phase::kAttackPlacement) act(*s, 0, s->legal_actions(0)[0]);
  REQUIRE(s->vote_deck().size() == deck + 4 - 1 - 3);
  const int block = s->vote_deck().front().block;
  REQUIRE(block >= 0);
  for (int i = 0; i < 4; ++i) REQUIRE(s->vote_deck()[i].block == block);
  const auto drawn = events_of(*s, Viewer::spectator(), pb::Event::kVoteCardsDrawn).back().vote_cards_drawn();
  REQUIRE(std::vector<int>(drawn.seats().begin(), drawn.seats().end()) == std::vector<int>{0, 1, 2});
}

TEST_CASE("T67-A-13: a voter without vote cards does not vote, the deck card still counts") {
  auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
  TestAccess::set_hand(*s, 1, {});
  act(*s, 0, action::kAttack);
  REQUIRE(s->voters() == std::vector<int>{0});
  const auto called = events_of(*s, Viewer::spectator(), pb::Event::kVoteCalled).back().vote_called();
  REQUIRE(called.without_cards(0) == 1);
}
