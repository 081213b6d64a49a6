// Tortuga 1667, the event cards.
// Each test cites the rule IDs of docs/rules/tortuga-1667.md it checks.
#include "tests/rules/tortuga_1667/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::tortuga_1667;
using namespace brethren::rules::tortuga_1667::test_support;

TEST_CASE("T67-28: Pistol: the reader maroons any player, himself included") {
  auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 1);
  TestAccess::put_event(*s, 0, kPistol);
  act(*s, 1, action::reveal(0));
  REQUIRE(s->legal_actions(1).size() == 4);
  act(*s, 1, action::choose(2));
  REQUIRE(s->crew(kJR).empty());
  REQUIRE(s->tortuga() == std::vector<int>{3, 2});
  REQUIRE(s->discard() == std::vector<int>{kPistol});
}

TEST_CASE("T67-29: Letter of Marque option 1 moves a player from Tortuga or a lifeboat to a ship") {
  auto s = table(5, {{{0, 1}, {2}}, {3}, {-1, 4}}, 0);
  TestAccess::put_event(*s, 0, kLetter);
  act(*s, 0, action::reveal(0));
  REQUIRE(legal(*s, 0, action::letter_move(3, kJR)));
  REQUIRE(legal(*s, 0, action::letter_move(4, kFD)));
  REQUIRE_FALSE(legal(*s, 0, action::letter_move(1, kJR)));  // on a ship
  act(*s, 0, action::letter_move(4, kFD));
  REQUIRE(s->crew(kFD) == std::vector<int>{0, 1, 4});
  REQUIRE(s->lifeboat(kJR) == -1);
}

TEST_CASE("T67-29, T67-H-4: Letter of Marque option 2: draw, then put a card on top, known to him only") {
  auto s = table(4, {{{0, 1}, {2, 3}}, {}, {-1, -1}}, 0);
  TestAccess::put_event(*s, 0, kLetter);
  TestAccess::set_hand(*s, 0, {1, 2, 3});
  TestAccess::set_vote_top(*s, 7);
  act(*s, 0, action::reveal(0));
  // Nobody is on Tortuga or in a lifeboat: only option 2 remains.
  REQUIRE(s->legal_actions(0) == std::vector<ActionId>{action::kLetterDraw});
  act(*s, 0, action::kLetterDraw);
  REQUIRE(s->hand(0) == std::vector<int>{1, 2, 3, 7});
  act(*s, 0, action::put(2));
  REQUIRE(s->vote_deck().back().kind == 2);
  REQUIRE(tv(*s, Viewer::player(0)).has_known_top());
  REQUIRE(tv(*s, Viewer::player(0)).known_top_vote_card().kind() == 2);
  REQUIRE_FALSE(tv(*s, Viewer::player(1)).has_known_top());
  REQUIRE(s->hand(0).size() == 3);
}

TEST_CASE("T67-30: Black Spot maroons its reader") {
  auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
  TestAccess::put_event(*s, 3, kBlackSpot);
  act(*s, 0, action::reveal(3));
  REQUIRE(s->crew(kFD) == std::vector<int>{1});
  REQUIRE(s->tortuga() == std::vector<int>{3, 0});
}

TEST_CASE("T67-31, T67-14: Albatross: kept, two aboard one ship maroon the crew, Cabin Boy first") {
  auto s = table(6, {{{0, 1, 2}, {3, 4}}, {5}, {-1, -1}}, 1);
  TestAccess::give(*s, kAlbatross, 2);
  TestAccess::put_event(*s, 0, kAlbatross);
  act(*s, 1, action::reveal(0));
  REQUIRE(s->albatrosses(1) == 1);
  REQUIRE(s->crew(kFD).empty());
  REQUIRE(s->tortuga() == std::vector<int>{5, 2, 1, 0});  // the former Captain last
  // A "walking bomb" with two boarding a ship maroons that crew too.
  auto w = table(6, {{{0, 1}, {2, 3}}, {4}, {5, -1}}, 5);
  TestAccess::give(*w, kAlbatross, 5);
  TestAccess::give(*w, kAlbatross, 5);
  act(*w, 5, action::move(kFD));
  REQUIRE(w->crew(kFD).empty());
  REQUIRE(w->tortuga() == std::vector<int>{4, 5, 1, 0});
  // No effect on Tortuga or in a lifeboat.
  REQUIRE(w->albatrosses(5) == 2);
}

TEST_CASE("T67-32, T67-35: treasure maps go to another player, El Dorado draws a card at once") {
  auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
  TestAccess::put_event(*s, 0, kElDorado);
  act(*s, 0, action::reveal(0));
  REQUIRE(s->phase() == Phase::kChoosePlayer);
  REQUIRE_FALSE(legal(*s, 0, action::choose(0)));  // another player
  act(*s, 0, action::choose(2));
  REQUIRE(s->map_owner(kElDorado) == 2);
  REQUIRE(s->hand(2).size() == 4);
  REQUIRE(tv(*s, Viewer::spectator()).players(2).maps(0) == pb::EVENT_EL_DORADO);
}

TEST_CASE("T67-35: El Dorado lets its owner play two cards once, then it is discarded") {
  auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
  TestAccess::give(*s, kElDorado, 1);
  TestAccess::set_hand(*s, 1, {2, 4, 6, 8});
  act(*s, 0, action::kAttack);
  REQUIRE(legal(*s, 1, action::vote2(4, 8)));
  REQUIRE_FALSE(legal(*s, 0, action::vote2(s->hand(0)[0], s->hand(0)[1])));
  act(*s, 1, action::vote2(4, 8));
  REQUIRE(events_of(*s, Viewer::spectator(), pb::Event::kVoted).back().voted().seat() == 1);
  act(*s, 0, action::vote(s->hand(0)[0]));
  const auto rev = events_of(*s, Viewer::spectator(), pb::Event::kVoteRevealed).back().vote_revealed();
  REQUIRE(rev.cards_size() == 4);
  REQUIRE(s->map_owner(kElDorado) == -1);
  REQUIRE(s->hand(1).size() == 3);  // played two, drew one
}

TEST_CASE("T67-33, T67-A-5: Fountain of Youth: the owner is asked and may cancel or decline") {
  // Black Spot revealed by the owner.
  auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
  TestAccess::give(*s, kFountain, 0);
  TestAccess::put_event(*s, 0, kBlackSpot);
  act(*s, 0, action::reveal(0));
  REQUIRE(s->phase() == Phase::kMaroonWindow);
  REQUIRE(s->legal_actions(0) == std::vector<ActionId>{action::kUseFountain, action::kDecline});
  act(*s, 0, action::kUseFountain);
  REQUIRE(s->crew(kFD) == std::vector<int>{0, 1});
  REQUIRE(s->map_owner(kFountain) == -1);
  REQUIRE(s->current_seat() == 1);
  // Declining lets the marooning happen and keeps the card.
  auto d = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
  TestAccess::give(*d, kFountain, 1);
  TestAccess::put_event(*d, 0, kPistol);
  act(*d, 0, action::reveal(0));
  act(*d, 0, action::choose(1));
  act(*d, 1, action::kDecline);
  REQUIRE(d->tortuga() == std::vector<int>{3, 1});
  REQUIRE(d->map_owner(kFountain) == 1);
  // His Captain's Maroon: cancelled, and the Captain's action is spent.
  auto c = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
  TestAccess::give(*c, kFountain, 1);
  act(*c, 0, action::maroon(1));
  act(*c, 1, action::kUseFountain);
  REQUIRE(c->crew(kFD) == std::vector<int>{0, 1});
  REQUIRE(c->current_seat() == 1);
  // T67-A-15: not against a Mutiny.
  auto m = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 1);
  TestAccess::give(*m, kFountain, 0);
  TestAccess::set_hand(*m, 1, {kind_of(kTorch, kBritish, true)});
  TestAccess::set_vote_top(*m, kind_of(kTorch, kBritish, true));
  act(*m, 1, action::kMutiny);
  act(*m, 1, action::vote(kind_of(kTorch, kBritish, true)));
  REQUIRE(m->tortuga() == std::vector<int>{3, 0});
}

TEST_CASE("T67-34: Atlantis when his Captain maroons him: to the other ship, and the Captain acts again") {
  auto s = table(5, {{{0, 1, 2}, {3}}, {4}, {-1, -1}}, 0);
  TestAccess::give(*s, kAtlantis, 2);
  act(*s, 0, action::maroon(2));
  REQUIRE(s->legal_actions(2) == std::vector<ActionId>{action::kUseAtlantis, action::kDecline});
  act(*s, 2, action::kUseAtlantis);
  REQUIRE(s->crew(kJR) == std::vector<int>{3, 2});
  REQUIRE(s->current_seat() == 0);
  REQUIRE(s->phase() == Phase::kTurn);
  act(*s, 0, action::maroon(1));
  REQUIRE(s->current_seat() == 1);
}

TEST_CASE("T67-34, T67-A-5: Atlantis after a vote is called on the other ship: he joins the vote") {
  auto s = table(5, {{{0, 1}, {2, 3}}, {4}, {-1, -1}}, 0);
  TestAccess::give(*s, kAtlantis, 3);
  act(*s, 0, action::kAttack);
  REQUIRE(s->phase() == Phase::kVoteCalled);
  REQUIRE(s->acting_seats() == std::vector<Seat>{3});
  act(*s, 3, action::kUseAtlantis);
  REQUIRE(s->crew(kFD) == std::vector<int>{0, 1, 3});
  REQUIRE(s->voters() == std::vector<int>{0, 1, 3});
  // Declining leaves the voters as they were.
  auto d = table(5, {{{0, 1}, {2, 3}}, {4}, {-1, -1}}, 0);
  TestAccess::give(*d, kAtlantis, 3);
  act(*d, 0, action::kAttack);
  act(*d, 3, action::kDecline);
  REQUIRE(d->voters() == std::vector<int>{0, 1});
}

TEST_CASE("T67-34, T67-A-5: Atlantis at the start of any turn, as a free move, not from Tortuga") {
  auto s = table(5, {{{0, 1}, {2, 3}}, {4}, {-1, -1}}, 0);
  TestAccess::give(*s, kAtlantis, 3);
  REQUIRE(s->acting_seats() == std::vector<Seat>{0, 3});
  REQUIRE(s->legal_actions(3) == std::vector<ActionId>{action::kUseAtlantis, action::kDecline});
  act(*s, 3, action::kDecline);
  REQUIRE(s->acting_seats() == std::vector<Seat>{0});
  act(*s, 0, action::look(0, 1));
  REQUIRE(s->acting_seats() == std::vector<Seat>{1, 3});  // asked again at the next turn
  act(*s, 3, action::kUseAtlantis);
  REQUIRE(s->crew(kFD) == std::vector<int>{0, 1, 3});
  REQUIRE(s->current_seat() == 1);  // not an action
  auto t = table(5, {{{0, 1}, {2, 3}}, {4}, {-1, -1}}, 0);
  TestAccess::give(*t, kAtlantis, 4);
  REQUIRE(t->acting_seats() == std::vector<Seat>{0});
}

TEST_CASE("T67-36: Black Powder sinks both lifeboats, their pawns are marooned FD first") {
  auto s = table(6, {{{0, 1}, {2, 3}}, {4}, {5, 4}}, 0);
  TestAccess::set_board(*s, {{{0, 1}, {2, 3}}, {}, {5, 4}});
  TestAccess::put_event(*s, 0, kBlackPowder);
  act(*s, 0, action::reveal(0));
  REQUIRE(s->lifeboats_sunk());
  REQUIRE(s->tortuga() == std::vector<int>{5, 4});
  TestAccess::set_current(*s, 0);
  REQUIRE_FALSE(legal(*s, 0, action::move(kFDBoat)));
  REQUIRE(tv(*s, Viewer::spectator()).lifeboats_sunk());
}

TEST_CASE("T67-37, T67-H-1: Cabin Fever shuffles two loyalty cards, each sees only his own") {
  int changed = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0, seed);
    TestAccess::set_loyalties(*s, {kBritish, kBritish, kFrench, kFrench});
    TestAccess::put_event(*s, 0, kCabinFever);
    act(*s, 0, action::reveal(0));
    act(*s, 0, action::choose(2));
    REQUIRE(s->loyalty(0) + s->loyalty(2) == kBritish + kFrench);
    changed += s->loyalty(0) == kFrench;
    REQUIRE(events_of(*s, Viewer::player(0), pb::Event::kLoyaltyDealt).back().loyalty_dealt().loyalty() ==
            s->loyalty(0));
    REQUIRE(events_of(*s, Viewer::player(1), pb::Event::kLoyaltyDealt).size() == 1);  // only his deal
    REQUIRE(tv(*s, Viewer::player(1)).players(0).loyalty() == pb::TEAM_UNKNOWN);
  }
  REQUIRE(changed > 0);
  REQUIRE(changed < 20);
}

TEST_CASE("T67-38: Eight Bells redraws the order of the reader's location") {
  std::set<std::vector<int>> orders;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto s = table(6, {{{0, 1, 2, 3}, {4}}, {5}, {-1, -1}}, 1, seed);
    TestAccess::put_event(*s, 0, kEightBells);
    act(*s, 1, action::reveal(0));
    auto crew = s->crew(kFD);
    orders.insert(crew);
    std::sort(crew.begin(), crew.end());
    REQUIRE(crew == std::vector<int>{0, 1, 2, 3});
  }
  REQUIRE(orders.size() > 3);
  // T67-A-10: no effect from a lifeboat.
  auto b = table(4, {{{0, 1}, {2}}, {}, {3, -1}}, 3);
  TestAccess::put_event(*b, 0, kEightBells);
  act(*b, 3, action::reveal(0));
  REQUIRE(b->crew(kFD) == std::vector<int>{0, 1});
}

TEST_CASE("T67-39, T67-A-9: Facade swaps places with the player seated to the right") {
  auto s = table(5, {{{0, 1}, {2, 3}}, {}, {4, -1}}, 0);
  TestAccess::put_event(*s, 0, kFacade);
  act(*s, 0, action::reveal(0));
  // Seat 4 (before seat 0 in turn order) was in the FD lifeboat.
  REQUIRE(s->lifeboat(kFD) == 0);
  REQUIRE(s->crew(kFD) == std::vector<int>{4, 1});
}

TEST_CASE("T67-40: Pirate Code: the reader skips his next two votes, then discards it") {
  auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 1);
  TestAccess::put_event(*s, 0, kPirateCode);
  act(*s, 1, action::reveal(0));
  REQUIRE(s->pirate_code_holder() == 1);
  TestAccess::set_current(*s, 0);
  act(*s, 0, action::kAttack);
  REQUIRE(s->voters() == std::vector<int>{0});
  REQUIRE(s->pirate_code_skips() == 1);
  const std::size_t hand = s->hand(1).size();
  act(*s, 0, action::vote(s->hand(0)[0]));
  while (s->phase() == Phase::kAttackPlacement) act(*s, 0, s->legal_actions(0)[0]);
  REQUIRE(s->hand(1).size() == hand);  // neither plays nor draws
  // He may still call a vote: a mutiny without him.
  TestAccess::set_current(*s, 1);
  act(*s, 1, action::kMutiny);
  REQUIRE(s->voters().empty());
  REQUIRE(s->pirate_code_holder() == -1);
  REQUIRE(std::count(s->discard().begin(), s->discard().end(), kPirateCode) == 1);
}

TEST_CASE("T67-41: Stormy Seas: ship treasure back to the Galleon, Tortuga depots back to neutral") {
  auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
  TestAccess::set_treasure(*s, 2, {{{1, 2}, {1, 0}}}, {1, 1}, 0);
  TestAccess::put_event(*s, 0, kStormySeas);
  act(*s, 0, action::reveal(0));
  REQUIRE(s->galleon() == 5);
  REQUIRE((s->hold(kFD, 0) == 0 && s->hold(kFD, 1) == 0));
  REQUIRE(s->hold(kJR, 0) == 1);
  auto t = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 3);
  TestAccess::set_treasure(*t, 2, {{{1, 2}, {1, 0}}}, {1, 1}, 0);
  TestAccess::put_event(*t, 0, kStormySeas);
  act(*t, 3, action::reveal(0));
  REQUIRE(t->neutral() == 2);
  REQUIRE((t->depot(0) == 0 && t->depot(1) == 0));
}
