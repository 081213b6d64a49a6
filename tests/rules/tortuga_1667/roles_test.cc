// Tortuga 1667, the roles: Captain, First Mate, Cabin Boy, Governor; attacks, mutinies, brawls.
// Each test cites the rule IDs of docs/rules/tortuga-1667.md it checks.
#include "tests/rules/tortuga_1667/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::tortuga_1667;
using namespace brethren::rules::tortuga_1667::test_support;

TEST_CASE("T67-22, T67-10, T67-A-6: the Captain maroons another crew member to the end of Tortuga") {
  auto s = table(5, {{{0, 1, 2}, {3}}, {4}, {-1, -1}}, 0);
  REQUIRE_FALSE(legal(*s, 0, action::maroon(0)));
  REQUIRE_FALSE(legal(*s, 0, action::maroon(3)));  // not on his ship
  REQUIRE_FALSE(legal(*s, 1, action::maroon(2)));  // not the Captain
  act(*s, 0, action::maroon(1));
  REQUIRE(s->crew(kFD) == std::vector<int>{0, 2});  // pawns behind move up
  REQUIRE(s->tortuga() == std::vector<int>{4, 1});
  REQUIRE(s->current_seat() == 1);
}

TEST_CASE("T67-10: a pawn marooned from a lifeboat goes to the end of Tortuga") {
  auto s = table(4, {{{0}, {1}}, {2}, {3, -1}}, 0);
  TestAccess::put_event(*s, 0, kPistol);
  act(*s, 0, action::reveal(0));
  act(*s, 0, action::choose(3));
  REQUIRE(s->lifeboat(kFD) == -1);
  REQUIRE(s->tortuga() == std::vector<int>{2, 3});
}

TEST_CASE("T67-10: marooned while on Tortuga: to the end, and one vote card of his choice to the bottom") {
  auto s = table(4, {{{0}, {1}}, {2, 3}, {-1, -1}}, 0);
  TestAccess::set_hand(*s, 2, {1, 5, 9});
  TestAccess::put_event(*s, 0, kPistol);
  act(*s, 0, action::reveal(0));
  act(*s, 0, action::choose(2));
  REQUIRE(s->tortuga() == std::vector<int>{3, 2});
  REQUIRE(s->phase() == Phase::kGiveUpCard);
  REQUIRE(s->legal_actions(2) == std::vector<ActionId>{action::put(1), action::put(5), action::put(9)});
  const std::size_t deck = s->vote_deck().size();
  act(*s, 2, action::put(5));
  REQUIRE(s->hand(2) == std::vector<int>{1, 9});  // not replaced
  REQUIRE(s->vote_deck().size() == deck + 1);
  REQUIRE(s->vote_deck().front().kind == 5);  // at the bottom
  REQUIRE(events_of(*s, Viewer::spectator(), pb::Event::kVoteCardGivenUp).size() == 1);
  REQUIRE(tv(*s, Viewer::spectator()).players(2).vote_cards() == 2);
}

TEST_CASE("T67-21, T67-26: Attack: every pawn on the ship votes, the deck adds a card, one chest is taken") {
  auto s = table(5, {{{0, 1, 2}, {3, 4}}, {}, {-1, -1}}, 0);
  TestAccess::set_treasure(*s, 4, {{{0, 0}, {1, 0}}}, {0, 0}, 2);
  TestAccess::set_hand(*s, 0, {kind_of(kCannon, kBritish, true), 4, 4});
  TestAccess::set_hand(*s, 1, {kind_of(kTorch, kBritish, true), 4, 8});
  TestAccess::set_hand(*s, 2, {kind_of(kTorch, kFrench, true), 5, 8});
  TestAccess::set_vote_top(*s, kind_of(kCannon, kFrench, false));
  act(*s, 0, action::kAttack);
  REQUIRE(s->phase() == Phase::kVoting);
  REQUIRE(s->acting_seats() == std::vector<Seat>{0, 1, 2});
  act(*s, 2, action::vote(kind_of(kTorch, kFrench, true)));
  act(*s, 0, action::vote(kind_of(kCannon, kBritish, true)));
  act(*s, 1, action::vote(kind_of(kTorch, kBritish, true)));
  const auto rev = events_of(*s, Viewer::spectator(), pb::Event::kVoteRevealed).back().vote_revealed();
  REQUIRE(rev.cards_size() == 4);  // three voters + the deck card
  REQUIRE(rev.success());
  REQUIRE(s->phase() == Phase::kAttackPlacement);
  // The Galleon still has treasure: the other ship cannot be robbed.
  REQUIRE(s->legal_actions(0) == std::vector<ActionId>{action::place(0, kBritish), action::place(0, kFrench)});
  act(*s, 0, action::place(0, kFrench));
  REQUIRE(s->galleon() == 3);
  REQUIRE(s->hold(kFD, kFrench) == 1);
  // Step 6-7: the revealed cards go to the bottom; each voter draws one.
  for (Seat p = 0; p < 3; ++p) REQUIRE(s->hand(p).size() == 3);
  REQUIRE(s->current_seat() == 1);
}

namespace {
// The seed's attack examples: the lone Captain's ship plus crew, voters'
// top symbols and the deck card; returns whether the attack succeeded.
bool attack_with(const std::vector<int>& tops) {
  const int crew = static_cast<int>(tops.size()) - 1;  // the last one comes from the deck
  TestAccess::Board b;
  for (int i = 0; i < crew; ++i) b.ships[kFD].push_back(i);
  for (int i = crew; i < 5; ++i) b.tortuga.push_back(i);
  auto s = table(5, b, 0);
  TestAccess::set_treasure(*s, 4, {}, {0, 0}, 2);
  for (int i = 0; i < crew; ++i) TestAccess::set_hand(*s, i, {kind_of(tops[i], kBritish, true)});
  TestAccess::set_vote_top(*s, kind_of(tops.back(), kFrench, true));
  act(*s, 0, action::kAttack);
  for (int i = 0; i < crew; ++i) act(*s, i, action::vote(kind_of(tops[i], kBritish, true)));
  const auto rev = events_of(*s, Viewer::spectator(), pb::Event::kVoteRevealed).back().vote_revealed();
  std::multiset<int> shown, expected(tops.begin(), tops.end());
  for (const auto& c : rev.cards()) shown.insert(c.top());
  REQUIRE(shown == expected);
  if (rev.success()) {
    act(*s, 0, action::place(0, kBritish));
    REQUIRE(s->galleon() == 3);  // exactly one chest, however many cannons and torches
  }
  return rev.success();
}
}  // namespace

TEST_CASE("T67-21 seed example 1: 2 cannons, 1 torch, 1 water fail (the water cancels the torch)") {
  REQUIRE_FALSE(attack_with({kCannon, kCannon, kTorch, kWater}));
}

TEST_CASE("T67-21 seed example 2: 1 cannon, 2 torches, 1 water succeed") {
  REQUIRE(attack_with({kCannon, kTorch, kTorch, kWater}));
}

TEST_CASE("T67-21 seed example 3: 2 cannons and 2 torches succeed but take only one chest") {
  REQUIRE(attack_with({kCannon, kCannon, kTorch, kTorch}));
}

TEST_CASE("T67-21: a lone Captain may attack, no cannon or no net torch fails") {
  REQUIRE_FALSE(attack_with({kTorch, kTorch}));
  REQUIRE_FALSE(attack_with({kCannon, kCannon}));
  REQUIRE(attack_with({kCannon, kTorch}));
}

TEST_CASE("T67-21, T67-A-4, T67-A-3: with an empty Galleon the chest comes from the other ship, else nothing") {
  auto s = table(4, {{{0}, {1}}, {2, 3}, {-1, -1}}, 0);
  TestAccess::set_treasure(*s, 0, {{{0, 0}, {1, 2}}}, {0, 0}, 2);
  TestAccess::set_hand(*s, 0, {kind_of(kCannon, kBritish, true)});
  TestAccess::set_vote_top(*s, kind_of(kTorch, kBritish, true));
  act(*s, 0, action::kAttack);
  act(*s, 0, action::vote(kind_of(kCannon, kBritish, true)));
  REQUIRE(s->phase() == Phase::kAttackPlacement);
  REQUIRE(s->legal_actions(0) == std::vector<ActionId>{action::place(1, kBritish), action::place(1, kFrench),
                                                       action::place(2, kBritish), action::place(2, kFrench)});
  act(*s, 0, action::place(2, kBritish));
  REQUIRE(s->hold(kJR, kFrench) == 1);
  REQUIRE(s->hold(kFD, kBritish) == 1);
  // Nothing anywhere: the attack succeeds but nothing happens.
  auto empty = table(4, {{{0}, {1}}, {2, 3}, {-1, -1}}, 0);
  TestAccess::set_treasure(*empty, 0, {}, {0, 0}, 2);
  TestAccess::set_hand(*empty, 0, {kind_of(kCannon, kBritish, true)});
  TestAccess::set_vote_top(*empty, kind_of(kTorch, kBritish, true));
  act(*empty, 0, action::kAttack);
  act(*empty, 0, action::vote(kind_of(kCannon, kBritish, true)));
  REQUIRE(empty->phase() == Phase::kTurn);
  REQUIRE(empty->current_seat() == 1);
}

TEST_CASE("T67-23, T67-A-16: Mutiny: all but the Captain vote, a strict skull majority maroons the Captain") {
  for (bool majority : {true, false}) {
    auto s = table(5, {{{0, 1, 2}, {3, 4}}, {}, {-1, -1}}, 1);
    REQUIRE(legal(*s, 1, action::kMutiny));
    REQUIRE_FALSE(legal(*s, 2, action::kMutiny));
    TestAccess::set_hand(*s, 1, {kind_of(kTorch, kBritish, true)});
    TestAccess::set_hand(*s, 2, {kind_of(kTorch, kBritish, majority)});
    TestAccess::set_vote_top(*s, kind_of(kTorch, kFrench, false));
    act(*s, 1, action::kMutiny);
    REQUIRE(s->voters() == std::vector<int>{1, 2});
    act(*s, 1, action::vote(kind_of(kTorch, kBritish, true)));
    act(*s, 2, action::vote(kind_of(kTorch, kBritish, majority)));
    // 2 skulls of 3 maroon him; 1 of 3 does not (and 2 of 4 would be a tie).
    if (majority) {
      REQUIRE(s->crew(kFD) == std::vector<int>{1, 2});
      REQUIRE(s->tortuga() == std::vector<int>{0});
    } else {
      REQUIRE(s->crew(kFD) == std::vector<int>{0, 1, 2});
    }
  }
}

TEST_CASE("T67-24: the Cabin Boy shifts one chest between his ship's holds") {
  auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 1);
  TestAccess::set_treasure(*s, 4, {{{1, 0}, {0, 0}}}, {0, 0}, 2);
  REQUIRE(legal(*s, 1, action::shift(kBritish)));
  REQUIRE_FALSE(legal(*s, 1, action::shift(kFrench)));  // the French hold is empty
  act(*s, 1, action::shift(kBritish));
  REQUIRE(s->hold(kFD, kBritish) == 0);
  REQUIRE(s->hold(kFD, kFrench) == 1);
  TestAccess::set_current(*s, 0);
  REQUIRE_FALSE(legal(*s, 0, action::shift(kFrench)));  // the Captain is not the Cabin Boy here
}

TEST_CASE("T67-25: Brawl on Tortuga: majority flag takes both chests, a tie splits them") {
  for (int british : {3, 2, 1}) {
    auto s = table(4, {{{0}, {1}}, {2, 3}, {-1, -1}}, 2);
    REQUIRE(legal(*s, 2, action::kBrawl));
    REQUIRE_FALSE(legal(*s, 3, action::kBrawl));
    const int b = kind_of(kWater, kBritish, true), f = kind_of(kWater, kFrench, true);
    TestAccess::set_hand(*s, 2, {british >= 1 ? b : f});
    TestAccess::set_hand(*s, 3, {british >= 2 ? b : f});
    TestAccess::set_vote_top(*s, british >= 3 ? b : f);
    act(*s, 2, action::kBrawl);
    act(*s, 2, action::vote(british >= 1 ? b : f));
    act(*s, 3, action::vote(british >= 2 ? b : f));
    REQUIRE(s->neutral() == 0);
    if (british == 3) REQUIRE((s->depot(kBritish) == 2 && s->depot(kFrench) == 0));
    if (british == 2) REQUIRE((s->depot(kBritish) == 2 && s->depot(kFrench) == 0));
    if (british == 1) REQUIRE((s->depot(kBritish) == 0 && s->depot(kFrench) == 2));
  }
  // Alone, with one card each way: a tie puts one chest into each depot.
  auto alone = table(4, {{{0, 1}, {3}}, {2}, {-1, -1}}, 2);
  TestAccess::set_hand(*alone, 2, {kind_of(kWater, kBritish, true)});
  TestAccess::set_vote_top(*alone, kind_of(kWater, kFrench, true));
  act(*alone, 2, action::kBrawl);
  act(*alone, 2, action::vote(kind_of(kWater, kBritish, true)));
  REQUIRE((alone->depot(kBritish) == 1 && alone->depot(kFrench) == 1));
}

TEST_CASE("§1.3: roles follow the pawns: the First Mate becomes Captain when the Captain leaves") {
  auto s = table(5, {{0, 1, 2}, {3}}, {4}, {-1, -1}, 0);
  act(*s, 0, action::move(kFDBoat));
  const auto v = tv(*s, Viewer::spectator());
  REQUIRE(v.players(1).captain());
  REQUIRE(v.players(2).first_mate());
  REQUIRE(v.players(2).cabin_boy());
  REQUIRE(v.players(4).governor());
  REQUIRE(v.players(0).area() == pb::AREA_FD_LIFEBOAT);
}
