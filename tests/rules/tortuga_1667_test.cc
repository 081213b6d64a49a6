// Tortuga 1667 rules tests; each cites the rule IDs of
// docs/rules/tortuga-1667.md it checks.
#include <catch2/catch.hpp>
#include <algorithm>
#include <map>
#include <set>

#include "rules/tortuga_1667/tortuga_1667.h"
#include "tests/rules/tortuga_1667_test_access.h"
#include "tools/simulation.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::tortuga_1667;
namespace pb = brethren::v1::tortuga_1667;

namespace {

const auto game = make_game();

std::unique_ptr<TortugaState> new_match(int seats, std::uint64_t seed, pb::Options options = {}) {
  v1::GameOptions o;
  *o.mutable_tortuga_1667() = options;
  auto created = game->new_match({o, seats, seed});
  REQUIRE(created.ok());
  return std::unique_ptr<TortugaState>(static_cast<TortugaState*>(created->release()));
}

void act(State& s, Seat seat, ActionId a) {
  auto st = s.apply(seat, a);
  INFO("seat " << seat << " action " << s.encode_action(seat, a).ShortDebugString()
               << (st.ok() ? "" : ": " + st.error().message));
  REQUIRE(st.ok());
}

pb::View tv(const State& s, Viewer v) { return s.view(v).game().tortuga_1667(); }

std::string info_state(const State& s, Viewer v) {
  std::string out = s.view(v).SerializeAsString();
  for (const auto& e : s.events_for(v)) out += e.SerializeAsString();
  return out;
}

// Events of one kind visible to `v`, newest last.
std::vector<pb::Event> events_of(const State& s, Viewer v, pb::Event::KindCase kind) {
  std::vector<pb::Event> out;
  for (const auto& r : s.events_for(v)) {
    if (r.event().tortuga_1667().kind_case() == kind) out.push_back(r.event().tortuga_1667());
  }
  return out;
}

// A match past the T67-6 set-up, at the JR captain's first turn.
std::unique_ptr<TortugaState> started(int seats, std::uint64_t seed, pb::Options options = {}) {
  auto s = new_match(seats, seed, options);
  while (s->phase() == Phase::kSetupTreasure) act(*s, s->pending_seat(), action::place(0, kBritish));
  REQUIRE(s->phase() == Phase::kTurn);
  return s;
}

// A table: ships, Tortuga, lifeboats; it becomes `current`'s turn.
std::unique_ptr<TortugaState> table(int seats, TestAccess::Board board, Seat current, std::uint64_t seed = 7) {
  auto s = started(seats, seed);
  TestAccess::set_board(*s, board);
  TestAccess::set_current(*s, current);
  return s;
}
std::unique_ptr<TortugaState> table(int seats, std::vector<std::vector<int>> ships, std::vector<int> tortuga,
                                    std::array<int, 2> boats, Seat current, std::uint64_t seed = 7) {
  TestAccess::Board board;
  board.ships = std::move(ships);
  board.tortuga = std::move(tortuga);
  board.boats = boats;
  return table(seats, board, current, seed);
}

bool legal(const State& s, Seat seat, ActionId a) { return s.is_legal(seat, a); }

int kind_of(int top, int flag, bool skull) { return top * 4 + flag * 2 + (skull ? 0 : 1); }

}  // namespace

// --- Set-up ---------------------------------------------------------------------

TEST_CASE("T67-1, §1.4, T67-2: loyalty table, three vote cards each, 4 to 9 players") {
  for (int seats = 4; seats <= 9; ++seats) {
    auto s = new_match(seats, 3);
    std::array<int, 3> count{};
    for (Seat p = 0; p < seats; ++p) ++count[s->loyalty(p)];
    REQUIRE(count == kLoyalties[seats]);
    int total = static_cast<int>(s->vote_deck().size());
    for (Seat p = 0; p < seats; ++p) {
      REQUIRE(s->hand(p).size() == 3);
      total += 3;
      // T67-H-1: only the holder sees his loyalty.
      REQUIRE(tv(*s, Viewer::player(p)).own_loyalty() == s->loyalty(p));
      REQUIRE(tv(*s, Viewer::player((p + 1) % seats)).players(p).loyalty() == pb::TEAM_UNKNOWN);
    }
    REQUIRE(total == 30);
    REQUIRE(tv(*s, Viewer::spectator()).own_loyalty() == pb::TEAM_UNKNOWN);
  }
  for (int seats : {3, 10}) REQUIRE(game->new_match({{}, seats, 1}).error().code == ErrorCode::kInvalidSeatCount);
  for (int seats : {3, 10}) REQUIRE(game->check_setup({}, seats).error().code == ErrorCode::kInvalidSeatCount);
  for (int seats = kMinPlayers; seats <= kMaxPlayers; ++seats) REQUIRE(game->check_setup({}, seats).ok());
}

TEST_CASE("T67-A-1: the vote deck composition is a room option with the reference default") {
  auto s = new_match(4, 5);
  std::array<int, kVoteKinds> count{};
  for (const auto& c : s->vote_deck()) ++count[c.kind];
  for (Seat p = 0; p < 4; ++p) {
    for (int k : s->hand(p)) ++count[k];
  }
  REQUIRE(std::vector<int>(count.begin(), count.end()) ==
          std::vector<int>(kDefaultVoteCopies.begin(), kDefaultVoteCopies.end()));
  int cannon = 0, torch = 0, water = 0;
  for (int k = 0; k < kVoteKinds; ++k)
    (vote_top(k) == kCannon ? cannon : vote_top(k) == kTorch ? torch : water) += count[k];
  REQUIRE(cannon == 9);  // 30 %
  REQUIRE(water == 9);   // 30 %
  REQUIRE(torch == 12);  // 40 %
  pb::Options o;
  for (int k = 0; k < kVoteKinds; ++k) o.add_vote_card_copies(k == 0 ? 8 : 2);  // 30 cards, many cannons
  auto custom = new_match(4, 5, o);
  int cannons = 0;
  for (const auto& c : custom->vote_deck()) cannons += c.kind == 0;
  for (Seat p = 0; p < 4; ++p)
    cannons += static_cast<int>(std::count(custom->hand(p).begin(), custom->hand(p).end(), 0));
  REQUIRE(cannons == 8);
}

TEST_CASE("Options: foreign or invalid option values are refused") {
  auto refused = [](const pb::Options& o) {
    v1::GameOptions g;
    *g.mutable_tortuga_1667() = o;
    // The lobby's check (Game::check_setup) and new_match refuse alike.
    return game->check_setup(g, 5).error().code == ErrorCode::kInvalidOptions &&
           game->new_match({g, 5, 1}).error().code == ErrorCode::kInvalidOptions;
  };
  pb::Options few;
  few.add_vote_card_copies(30);
  REQUIRE(refused(few));
  pb::Options small;
  for (int k = 0; k < kVoteKinds; ++k) small.add_vote_card_copies(1);
  REQUIRE(refused(small));
  pb::Options dup;
  dup.add_star_cards(pb::EVENT_FACADE);
  dup.add_star_cards(pb::EVENT_FACADE);
  dup.add_star_cards(pb::EVENT_BLACK_POWDER);
  REQUIRE(refused(dup));
  pb::Options not_star;
  not_star.add_star_cards(pb::EVENT_PISTOL);
  not_star.add_star_cards(pb::EVENT_FACADE);
  not_star.add_star_cards(pb::EVENT_BLACK_POWDER);
  REQUIRE(refused(not_star));
  pb::Options two;
  two.add_star_cards(pb::EVENT_FACADE);
  two.add_star_cards(pb::EVENT_BLACK_POWDER);
  REQUIRE(refused(two));
  pb::Options count;
  count.set_random_star_count(7);
  REQUIRE(refused(count));
  v1::GameOptions foreign;
  foreign.mutable_letter_of_marque();
  REQUIRE(game->new_match({foreign, 5, 1}).error().code == ErrorCode::kInvalidOptions);
  REQUIRE(game->check_setup(foreign, 5).error().code == ErrorCode::kInvalidOptions);
}

TEST_CASE("T67-3, T67-H-7, T67-A-18: three random star cards, hidden, the rest go back to the box") {
  std::set<std::vector<int>> boxes;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    auto s = new_match(6, seed);
    REQUIRE(s->box().size() == 3);
    boxes.insert(s->box());
    std::vector<int> all(s->event_deck());
    for (const auto& slot : s->row()) all.push_back(slot.card);
    REQUIRE(all.size() == 19);
    for (int c : s->box()) REQUIRE(std::count(all.begin(), all.end(), c) == 0);
    const auto view = tv(*s, Viewer::player(0));
    REQUIRE(view.star_cards_size() == 0);  // hidden
    REQUIRE(view.star_card_count() == 3);
  }
  REQUIRE(boxes.size() > 5);
}

TEST_CASE("T67-3, T67-9: the host may choose the star cards openly, more than three") {
  pb::Options o;
  for (auto c : {pb::EVENT_BLACK_POWDER, pb::EVENT_FACADE, pb::EVENT_PIRATE_CODE, pb::EVENT_STORMY_SEAS,
                 pb::EVENT_EIGHT_BELLS}) {
    o.add_star_cards(c);
  }
  auto s = new_match(4, 2, o);
  REQUIRE(s->box() == std::vector<int>{kCabinFever});
  REQUIRE(s->event_deck().size() + kRowSize == 21);
  const auto view = tv(*s, Viewer::spectator());
  REQUIRE(view.star_cards_size() == 5);
  REQUIRE(view.star_card_count() == 5);
  pb::Options r;
  r.set_random_star_count(4);
  REQUIRE(new_match(4, 2, r)->box().size() == 2);
}

TEST_CASE("T67-4, T67-H-6: the Armada lies among the last five cards of the event deck") {
  std::set<int> positions;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    auto s = new_match(5, seed);
    const auto& deck = s->event_deck();  // back() is the top
    REQUIRE(deck.size() == 14);
    const auto it = std::find(deck.begin(), deck.end(), static_cast<int>(kArmada));
    REQUIRE(it != deck.end());
    positions.insert(static_cast<int>(it - deck.begin()));
    for (const auto& slot : s->row()) REQUIRE_FALSE(slot.bottom5);
  }
  REQUIRE(positions == std::set<int>{0, 1, 2, 3, 4});
}

TEST_CASE("T67-5, §1.3: pawns drawn at random alternate FD, JR, odd counts give FD one more") {
  std::set<int> fd_captains;
  for (int seats = 4; seats <= 9; ++seats) {
    auto s = new_match(seats, 9);
    REQUIRE(static_cast<int>(s->crew(kFD).size()) == (seats + 1) / 2);
    REQUIRE(static_cast<int>(s->crew(kJR).size()) == seats / 2);
    REQUIRE(s->tortuga().empty());
    const auto view = tv(*s, Viewer::spectator());
    REQUIRE(view.players(s->crew(kFD)[0]).captain());
    REQUIRE(view.players(s->crew(kFD)[1]).first_mate());
    REQUIRE(view.players(s->crew(kFD).back()).cabin_boy());
  }
  for (std::uint64_t seed = 1; seed <= 30; ++seed) fd_captains.insert(new_match(4, seed)->crew(kFD)[0]);
  REQUIRE(fd_captains.size() == 4);
}

TEST_CASE("T67-6, T67-7: treasures, JR captain then FD captain place a chest, JR captain starts") {
  auto s = new_match(5, 4);
  REQUIRE(s->galleon() == 4);
  REQUIRE(s->neutral() == 2);
  REQUIRE(s->phase() == Phase::kSetupTreasure);
  const Seat jr = s->crew(kJR)[0], fd = s->crew(kFD)[0];
  REQUIRE(s->acting_seats() == std::vector<Seat>{jr});
  act(*s, jr, action::place(0, kFrench));
  REQUIRE(s->hold(kJR, kFrench) == 1);
  REQUIRE(s->acting_seats() == std::vector<Seat>{fd});
  REQUIRE(s->apply(fd, action::place(1, kFrench)).error().code == ErrorCode::kIllegalAction);
  act(*s, fd, action::place(0, kBritish));
  REQUIRE(s->hold(kFD, kBritish) == 1);
  REQUIRE(s->phase() == Phase::kTurn);
  REQUIRE(s->current_seat() == jr);
  REQUIRE(tv(*s, Viewer::spectator()).british_total() == 1);
}

TEST_CASE("T67-8: advanced set-up: owners place drawn pawns on a ship or Tortuga, max 5 per ship") {
  pb::Options o;
  o.set_advanced_setup(true);
  auto s = new_match(9, 3, o);
  REQUIRE(s->hold(kFD, kBritish) == 1);
  REQUIRE(s->hold(kJR, kFrench) == 1);
  REQUIRE(s->galleon() == 4);
  REQUIRE(s->neutral() == 2);
  int placed = 0;
  while (s->phase() == Phase::kAdvancedPlacement) {
    const Seat p = s->pending_seat();
    if (placed >= 5) REQUIRE_FALSE(legal(*s, p, action::place_pawn(kFD)));
    act(*s, p, action::place_pawn(placed < 5 ? kFD : kTortuga));  // FD until full
    ++placed;
  }
  REQUIRE(placed == 9);
  REQUIRE(s->crew(kFD).size() == 5);
  REQUIRE(s->crew(kJR).empty());
  REQUIRE(s->tortuga().size() == 4);
  // T67-7, T67-A-20: no JR captain, so the FD captain starts.
  REQUIRE(s->current_seat() == s->crew(kFD)[0]);
}

// --- General actions ----------------------------------------------------------------

TEST_CASE("T67-17, T67-H-5: Look shows two cards to the looker only, everyone sees which positions") {
  auto s = started(5, 11);
  const Seat me = s->current_seat(), other = (me + 1) % 5;
  const int c1 = s->row()[1].card, c3 = s->row()[3].card;
  act(*s, me, action::look(1, 3));
  const auto mine = tv(*s, Viewer::player(me));
  REQUIRE(mine.row(1).known() == c1);
  REQUIRE(mine.row(3).known() == c3);
  REQUIRE(mine.row(0).known() == pb::EVENT_UNKNOWN);
  REQUIRE(mine.notes_size() == 2);
  REQUIRE(tv(*s, Viewer::player(other)).row(1).known() == pb::EVENT_UNKNOWN);
  const auto looked = events_of(*s, Viewer::spectator(), pb::Event::kLooked);
  REQUIRE(looked.back().looked().seat() == me);
  REQUIRE(std::vector<int>(looked.back().looked().slots().begin(), looked.back().looked().slots().end()) ==
          std::vector<int>{1, 3});
  REQUIRE(events_of(*s, Viewer::player(other), pb::Event::kLookResult).empty());
  REQUIRE(events_of(*s, Viewer::player(me), pb::Event::kLookResult).size() == 1);
  // The cards stay in place; the turn passes on (T67-15: exactly one action).
  REQUIRE(s->row()[1].card == c1);
  REQUIRE(s->current_seat() == other);
}

TEST_CASE("T67-18, T67-27: Reveal resolves the card and refills the position while the deck lasts") {
  auto s = started(4, 12);
  TestAccess::put_event(*s, 2, kLetter);
  const Seat me = s->current_seat();
  const std::size_t deck = s->event_deck().size();
  const int next = s->event_deck().back();
  act(*s, me, action::reveal(2));
  REQUIRE(s->phase() == Phase::kLetterChoice);
  REQUIRE(s->row()[2].card == next);
  REQUIRE(s->event_deck().size() == deck - 1);
  const auto rev = events_of(*s, Viewer::spectator(), pb::Event::kRevealed).back().revealed();
  REQUIRE(rev.card() == pb::EVENT_LETTER_OF_MARQUE);
  REQUIRE(rev.reader() == me);
  REQUIRE(rev.forced_by() == -1);
}

TEST_CASE("T67-19, T67-H-5: Force: the named player reveals one of two, the other stays in place") {
  auto s = started(4, 13);
  TestAccess::put_event(*s, 0, kLetter);
  TestAccess::put_event(*s, 4, kPistol);
  const Seat me = s->current_seat(), victim = (me + 2) % 4;
  REQUIRE_FALSE(legal(*s, me, action::force(0, 4, me)));  // another player
  act(*s, me, action::force(0, 4, victim));
  REQUIRE(s->phase() == Phase::kForcedChoice);
  REQUIRE(s->acting_seats() == std::vector<Seat>{victim});
  REQUIRE(s->legal_actions(victim) == std::vector<ActionId>{action::pick(0), action::pick(4)});
  const auto f = events_of(*s, Viewer::spectator(), pb::Event::kForced).back().forced();
  REQUIRE(f.target() == victim);
  act(*s, victim, action::pick(4));
  // The forced player is the reader of the Pistol.
  REQUIRE(s->phase() == Phase::kChoosePlayer);
  REQUIRE(s->pending_seat() == victim);
  REQUIRE(s->row()[0].card == kLetter);
}

TEST_CASE("T67-16: the 30-second rule: look at 2 for the player, the forcing player chooses for the forced") {
  auto plain = started(4, 14);
  REQUIRE_FALSE(plain->timeout_action(plain->current_seat()).has_value());
  REQUIRE_FALSE(tv(*plain, Viewer::spectator()).turn_timer());
  pb::Options o;
  o.set_turn_timer(true);
  auto s = started(4, 14, o);
  REQUIRE(tv(*s, Viewer::spectator()).turn_timer());
  const Seat me = s->current_seat(), victim = (me + 1) % 4;
  auto t = s->timeout_action(me);
  REQUIRE(t.has_value());
  REQUIRE(s->encode_action(me, *t).tortuga_1667().has_look());
  REQUIRE_FALSE(s->timeout_action(victim).has_value());
  TestAccess::put_event(*s, 1, kLetter);
  act(*s, me, action::force(1, 2, victim));
  t = s->timeout_action(victim);
  REQUIRE(t == action::kForcedTimeout);
  act(*s, victim, *t);
  REQUIRE(s->phase() == Phase::kForcerChoice);
  REQUIRE(s->acting_seats() == std::vector<Seat>{me});
  act(*s, me, action::pick(1));
  // The forced player still reads the card.
  REQUIRE(s->phase() == Phase::kLetterChoice);
  REQUIRE(s->pending_seat() == victim);
}

TEST_CASE("T67-20, T67-12, T67-A-8: lifeboat moves, one pawn per lifeboat, full ships cannot be boarded") {
  auto s = table(6, {{{0, 1}, {2, 3}}, {4, 5}, {-1, -1}}, 4);
  REQUIRE(legal(*s, 4, action::move(kFDBoat)));
  REQUIRE(legal(*s, 4, action::move(kJRBoat)));
  REQUIRE_FALSE(legal(*s, 4, action::move(kFD)));  // two steps from Tortuga
  act(*s, 4, action::move(kJRBoat));
  REQUIRE(s->lifeboat(kJR) == 4);
  TestAccess::set_current(*s, 3);
  REQUIRE_FALSE(legal(*s, 3, action::move(kJRBoat)));  // occupied
  REQUIRE_FALSE(legal(*s, 3, action::move(kFDBoat)));  // not his ship's lifeboat
  TestAccess::set_current(*s, 4);
  REQUIRE(legal(*s, 4, action::move(kJR)));
  REQUIRE_FALSE(legal(*s, 4, action::move(kFD)));
  act(*s, 4, action::move(kJR));
  REQUIRE(s->crew(kJR) == std::vector<int>{2, 3, 4});  // the end of the column
  // A full ship cannot be boarded (T67-11, T67-A-7).
  auto full = table(7, {{{0, 1, 2, 3, 4}, {5}}, {}, {6, -1}}, 6);
  REQUIRE_FALSE(legal(*full, 6, action::move(kFD)));
  REQUIRE(legal(*full, 6, action::move(kTortuga)));
}

TEST_CASE("T67-11, T67-13: a pawn boarding an empty ship becomes Captain, an empty ship keeps its treasure") {
  auto s = table(4, {{{}, {0, 1}}, {2}, {3, -1}}, 3);
  TestAccess::set_treasure(*s, 4, {{{1, 2}, {0, 0}}}, {0, 0}, 2);
  REQUIRE(s->team_total(kFrench) == 2);  // the empty FD still counts
  act(*s, 3, action::move(kFD));
  REQUIRE(s->crew(kFD) == std::vector<int>{3});
  const auto v = tv(*s, Viewer::spectator());
  REQUIRE(v.players(3).captain());
  REQUIRE(v.players(3).cabin_boy());  // a lone Captain is also Cabin Boy (§1.3)
}

// --- Captain, First Mate, Cabin Boy, Governor ------------------------------------

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

// --- Votes and secrecy ------------------------------------------------------------

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

// --- Event cards ------------------------------------------------------------------

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

// --- The end ----------------------------------------------------------------------

TEST_CASE("T67-42..T67-44: the Armada ends the game, the team with more treasure wins") {
  auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
  TestAccess::set_treasure(*s, 2, {{{2, 1}, {0, 1}}}, {1, 0}, 1);  // British 3, French 2
  TestAccess::set_loyalties(*s, {kBritish, kBritish, kFrench, kFrench});
  TestAccess::put_event(*s, 0, kArmada);
  act(*s, 0, action::reveal(0));
  REQUIRE(s->is_terminal());
  const auto out = s->outcome();
  REQUIRE(out.seats(0).winner());
  REQUIRE(out.seats(1).winner());
  REQUIRE_FALSE(out.seats(2).winner());
  REQUIRE(out.seats(0).score() == 3);
  const auto end = events_of(*s, Viewer::spectator(), pb::Event::kGameEnded).back().game_ended();
  REQUIRE(end.winner() == pb::TEAM_BRITISH);
  REQUIRE(end.loyalties_size() == 4);  // revealed after the game (T67-H-1)
  REQUIRE(tv(*s, Viewer::spectator()).players(2).loyalty() == s->loyalty(2));
}

TEST_CASE("T67-45: a tie with an odd player count: the Dutch player wins") {
  auto s = table(5, {{{0, 1}, {2}}, {3, 4}, {-1, -1}}, 0);
  TestAccess::set_treasure(*s, 2, {{{1, 1}, {0, 0}}}, {0, 0}, 2);
  TestAccess::set_loyalties(*s, {kBritish, kFrench, kBritish, kFrench, kDutch});
  TestAccess::put_event(*s, 0, kArmada);
  act(*s, 0, action::reveal(0));
  REQUIRE(s->is_terminal());
  const auto out = s->outcome();
  for (Seat p = 0; p < 5; ++p) REQUIRE(out.seats(p).winner() == (p == 4));
}

TEST_CASE("T67-46, T67-A-11: a tie with an even count: sudden death, the first team to lead wins") {
  auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
  TestAccess::set_treasure(*s, 2, {{{1, 1}, {0, 0}}}, {0, 0}, 2);
  TestAccess::give(*s, kAlbatross, 3);
  TestAccess::put_event(*s, 0, kArmada);
  act(*s, 0, action::reveal(0));
  REQUIRE_FALSE(s->is_terminal());
  REQUIRE(s->sudden_death());
  REQUIRE(s->current_seat() == 1);
  // The Armada leaves the game; discards, row and deck are one new deck.
  int cards = static_cast<int>(s->event_deck().size());
  for (const auto& slot : s->row()) {
    REQUIRE(slot.card != kArmada);
    cards += slot.card >= 0;
  }
  REQUIRE(std::count(s->event_deck().begin(), s->event_deck().end(), static_cast<int>(kArmada)) == 0);
  REQUIRE(cards == 18);             // 19 in play minus the Armada
  REQUIRE(s->albatrosses(3) == 1);  // kept cards stay
  // The Cabin Boy of FD moves a chest: the French lead and win at once.
  act(*s, 1, action::shift(kBritish));
  REQUIRE(s->is_terminal());
  REQUIRE(s->winner() == kFrench);
}

TEST_CASE("T67-A-11: sudden death with no event cards left ends in a draw after a further round") {
  auto s = table(4, {{0, 1}, {2, 3}}, {}, {-1, -1}, 0);
  TestAccess::set_treasure(*s, 0, {}, {1, 1}, 0);
  TestAccess::put_event(*s, 0, kArmada);
  act(*s, 0, action::reveal(0));
  REQUIRE(s->sudden_death());
  TestAccess::exhaust_events(*s);
  int actions = 0;
  while (!s->is_terminal()) {
    // Lifeboat moves and attacks with nothing to take never change the tally.
    const Seat p = s->acting_seats()[0];
    const auto legal = s->legal_actions(p);
    auto pick =
        std::find_if(legal.begin(), legal.end(), [](ActionId a) { return a >= action::kMove && a < action::kAttack; });
    if (pick == legal.end()) pick = std::find(legal.begin(), legal.end(), action::kAttack);
    if (pick == legal.end()) {
      REQUIRE(s->phase() == Phase::kVoting);
      pick = legal.begin();
    }
    act(*s, p, *pick);
    REQUIRE(++actions <= 12);
  }
  REQUIRE(s->winner() == kNoTeam);
  const auto out = s->outcome();
  for (Seat p = 0; p < 4; ++p) REQUIRE(out.seats(p).winner());
}

TEST_CASE("T67-12, T67-11, T67-A-7: lifeboat pawns never vote, full ships refuse Letter of Marque and Atlantis") {
  auto s = table(8, {{0, 1, 2, 3, 4}, {5}}, {7}, {-1, 6}, 5);
  act(*s, 5, action::kAttack);
  REQUIRE(s->voters() == std::vector<int>{5});  // seat 6 is in the JR lifeboat
  auto l = table(8, {{0, 1, 2, 3, 4}, {5}}, {7}, {-1, 6}, 5);
  TestAccess::put_event(*l, 0, kLetter);
  TestAccess::give(*l, kAtlantis, 5);
  REQUIRE_FALSE(legal(*l, 5, action::kUseAtlantis));  // FD is full
  act(*l, 5, action::reveal(0));
  REQUIRE_FALSE(legal(*l, 5, action::letter_move(7, kFD)));
  REQUIRE(legal(*l, 5, action::letter_move(7, kJR)));
  REQUIRE(legal(*l, 5, action::letter_move(6, kJR)));
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

TEST_CASE("T67-15, T67-27, T67-36: with nothing possible (no row cards, sunk lifeboats, no role) a player passes") {
  pb::Options o;
  o.set_turn_timer(true);
  auto s = started(6, 7, o);
  TestAccess::set_board(*s, {{{0, 1, 2, 3}, {4}}, {5}, {-1, -1}});
  TestAccess::set_current(*s, 0);
  TestAccess::put_event(*s, 0, kBlackPowder);
  act(*s, 0, action::reveal(0));
  REQUIRE(s->lifeboats_sunk());
  TestAccess::exhaust_events(*s);
  TestAccess::set_current(*s, 2);  // neither Captain, First Mate nor Cabin Boy
  REQUIRE(s->legal_actions(2) == std::vector<ActionId>{action::kPass});
  REQUIRE_FALSE(s->timeout_action(2).has_value());  // no Look possible: the server's bot decides
  REQUIRE(s->apply(2, action::look(0, 1)).error().code == ErrorCode::kIllegalAction);
  act(*s, 2, action::kPass);
  REQUIRE(events_of(*s, Viewer::spectator(), pb::Event::kPassed).back().passed().seat() == 2);
  REQUIRE(s->current_seat() == 3);
}

TEST_CASE("Illegal actions are refused with a reason citing the rule") {
  auto s = table(5, {{0, 1, 2}, {3}}, {4}, {-1, -1}, 2);
  auto st = s->apply(2, action::kAttack);
  REQUIRE(st.error().code == ErrorCode::kIllegalAction);
  REQUIRE_THAT(st.error().message, Catch::Contains("T67-21"));
  REQUIRE_THAT(s->apply(2, action::kBrawl).error().message, Catch::Contains("T67-25"));
  REQUIRE(s->apply(0, action::kAttack).error().code == ErrorCode::kNotYourTurn);
}

// --- Hidden information over whole games ---------------------------------------------

TEST_CASE("T67-H-1..H-7: no-leak re-sampling holds with every option, over random games") {
  pb::Options all;
  all.set_advanced_setup(true);
  all.set_turn_timer(true);
  for (auto c : {pb::EVENT_BLACK_POWDER, pb::EVENT_CABIN_FEVER, pb::EVENT_EIGHT_BELLS, pb::EVENT_FACADE,
                 pb::EVENT_PIRATE_CODE, pb::EVENT_STORMY_SEAS}) {
    all.add_star_cards(c);
  }
  pb::Options hidden4;
  hidden4.set_random_star_count(4);
  for (const auto& options : {all, hidden4}) {
    for (int seats : {4, 7, 9}) {
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        auto s = new_match(seats, seed, options);
        Rng rng(seed);
        int steps = 0;
        while (!s->is_terminal() && ++steps < 400) {
          for (Seat v = -1; v < seats; ++v) {
            const Viewer viewer = v < 0 ? Viewer::spectator() : Viewer::player(v);
            auto copy = s->clone();
            copy->resample_hidden(viewer, rng);
            REQUIRE(info_state(*copy, viewer) == info_state(*s, viewer));
          }
          const auto acting = s->acting_seats();
          const Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
          const auto legal = s->legal_actions(seat);
          act(*s, seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
        }
      }
    }
  }
}

TEST_CASE("T67-H-3: resampling re-deals others' votes and hands, never the viewer's own") {
  auto s = table(5, {{{0, 1, 2}, {3}}, {4}, {-1, -1}}, 0);
  act(*s, 0, action::kAttack);
  act(*s, 1, action::vote(s->hand(1)[0]));
  std::set<std::vector<int>> seen;
  Rng rng(3);
  for (int i = 0; i < 30; ++i) {
    auto copy = s->clone();
    copy->resample_hidden(Viewer::player(0), rng);
    auto* t = static_cast<TortugaState*>(copy.get());
    REQUIRE(t->hand(0) == s->hand(0));
    REQUIRE(t->has_submitted(1));
    seen.insert(t->hand(1));
  }
  REQUIRE(seen.size() > 3);
}

TEST_CASE("Random play: every seat count finishes, sudden death and Dutch ties happen") {
  int sudden = 0, finished = 0;
  for (int seats = 4; seats <= 9; ++seats) {
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
      auto m = play_random_match(*game, {{}, seats, seed}, seed * 31 + 7);
      REQUIRE(m.ok());
      REQUIRE(m->state->is_terminal());
      ++finished;
      sudden += static_cast<TortugaState*>(m->state.get())->sudden_death();
    }
  }
  REQUIRE(finished == 900);
  REQUIRE(sudden > 0);
}

// --- Issue #13: secret El Dorado, a version per state, a bounded game -----------

TEST_CASE("T67-H-3, T67-35: during the vote nobody else can tell whether El Dorado was used") {
  // Seat 1 owns El Dorado and plays one card in one world, two in the other.
  auto make = [](bool el_dorado) {
    auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
    TestAccess::give(*s, kElDorado, 1);
    TestAccess::set_hand(*s, 1, {2, 4, 6, 8});
    act(*s, 0, action::kAttack);
    act(*s, 1, el_dorado ? action::vote2(4, 8) : action::vote(4));
    return s;
  };
  auto one = make(false), two = make(true);
  REQUIRE(one->phase() == Phase::kVoting);
  REQUIRE(two->phase() == Phase::kVoting);
  // Every other viewer's view (counts, maps, voters, version) and event stream
  // are identical while the vote is open; only the voter's own view differs.
  for (Viewer v : {Viewer::spectator(), Viewer::player(0), Viewer::player(2), Viewer::player(3)}) {
    INFO("viewer seat " << v.seat());
    REQUIRE(info_state(*one, v) == info_state(*two, v));
  }
  REQUIRE(tv(*one, Viewer::spectator()).players(1).vote_cards() == 3);
  REQUIRE(tv(*one, Viewer::spectator()).players(1).has_voted());
  REQUIRE(tv(*two, Viewer::player(1)).players(1).vote_cards() == 2);  // the owner knows his own hand
  REQUIRE(tv(*two, Viewer::player(1)).vote().own_cards_size() == 2);
  // At the reveal El Dorado is discarded publicly and the counts are true again.
  act(*two, 0, action::vote(two->hand(0)[0]));
  REQUIRE(two->map_owner(kElDorado) == -1);
  REQUIRE(tv(*two, Viewer::spectator()).players(1).vote_cards() == static_cast<int>(two->hand(1).size()));
}

// A move that opens a decision (a reaction window, Atlantis's offer) changes
// the state, so it must emit an event: the version names one state.
TEST_CASE("T67-22, T67-28, T67-33, T67-34: a move opening a reaction window emits a public event") {
  SECTION("the Captain's Maroon opens the Fountain of Youth window (T67-22, T67-33)") {
    auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
    TestAccess::give(*s, kFountain, 1);
    const std::uint64_t before = s->version();
    act(*s, 0, action::maroon(1));
    REQUIRE(s->phase() == Phase::kMaroonWindow);
    REQUIRE(s->version() > before);
    const auto threat = events_of(*s, Viewer::spectator(), pb::Event::kMaroonThreatened);
    REQUIRE(threat.size() == 1);
    REQUIRE(threat[0].maroon_threatened().target() == 1);
    REQUIRE(threat[0].maroon_threatened().cause() == pb::CAUSE_CAPTAIN);
  }
  SECTION("the Pistol's target opens the window (T67-28, T67-33)") {
    auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
    TestAccess::give(*s, kFountain, 1);
    TestAccess::put_event(*s, 0, kPistol);
    act(*s, 0, action::reveal(0));
    const std::uint64_t before = s->version();
    act(*s, 0, action::choose(1));
    REQUIRE(s->phase() == Phase::kMaroonWindow);
    REQUIRE(s->version() > before);
    REQUIRE(events_of(*s, Viewer::spectator(), pb::Event::kMaroonThreatened).back().maroon_threatened().cause() ==
            pb::CAUSE_PISTOL);
  }
  SECTION("an Attack offers Atlantis to its owner on the other ship (T67-34)") {
    auto s = table(5, {{{0, 1}, {2, 3}}, {4}, {-1, -1}}, 0);
    TestAccess::give(*s, kAtlantis, 3);
    const std::uint64_t before = s->version();
    act(*s, 0, action::kAttack);
    REQUIRE(s->phase() == Phase::kVoteCalled);
    REQUIRE(s->version() > before);
    const auto offer = events_of(*s, Viewer::spectator(), pb::Event::kAtlantisOffered).back().atlantis_offered();
    REQUIRE(offer.kind() == pb::VOTE_ATTACK);
    REQUIRE(offer.caller() == 0);
    REQUIRE(offer.owner() == 3);
  }
}

TEST_CASE("T67-A-19: a game in which nobody reveals ends after the last allowed turn, scored as at the Armada") {
  // Everyone only looks: the Armada never comes up.
  auto play = [](int seats, std::array<int, 2> holds) {
    auto s = started(seats, 5);
    TestAccess::set_treasure(*s, 0, {{{holds[0], 0}, {0, holds[1]}}}, {0, 0}, 0);
    std::uint64_t moves = 0;
    while (!s->is_terminal() && moves < game->max_moves()) {
      const Seat seat = s->acting_seats().at(0);
      REQUIRE(s->phase() == Phase::kTurn);
      act(*s, seat, action::look(0, 1));
      ++moves;
    }
    REQUIRE(s->is_terminal());
    REQUIRE(s->turn() == kMaxTurns);
    return s;
  };
  const auto british = play(4, {2, 1});
  REQUIRE(british->outcome().summary().rfind("the British win", 0) == 0);
  // A tie with an even count is a draw (no sudden death), with an odd count the Dutch player's.
  const auto draw = play(4, {1, 1});
  REQUIRE_FALSE(draw->sudden_death());
  const auto draw_outcome = draw->outcome();
  for (const auto& r : draw_outcome.seats()) REQUIRE(r.winner());
  REQUIRE_THAT(draw->outcome().summary(), Catch::Contains("turn limit"));
  const auto dutch = play(5, {1, 1});
  REQUIRE(dutch->outcome().summary().rfind("a tie: the Dutch player wins", 0) == 0);
}

TEST_CASE("The decoded Tortuga action: decode and encode are inverse on every ActionId, parameters as encoded") {
  for (ActionId a = 0; a < action::kSpaceSize; ++a) {
    INFO("action " << a);
    REQUIRE(encode(decode(a)) == a);
  }
  const Action forced = decode(action::force(1, 3, 6));
  REQUIRE(forced.kind == Kind::kForce);
  REQUIRE((forced.slot_a == 1 && forced.slot_b == 3 && forced.seat == 6));
  const Action two = decode(action::vote2(2, 9));
  REQUIRE(two.kind == Kind::kVoteTwo);
  REQUIRE((two.vote == 2 && two.vote2 == 9));
  const Action placed = decode(action::place(2, kFrench));
  REQUIRE(placed.kind == Kind::kPlace);
  REQUIRE((placed.source == 2 && placed.hold == kFrench));
  REQUIRE(decode(action::letter_move(4, kJR)).ship == kJR);
  REQUIRE(decode(action::kLetterDraw).kind == Kind::kLetterDraw);
  // A proto action that names a seat beyond the match's seats is malformed.
  pb::Action far;
  far.mutable_choose_player()->set_seat(5);
  REQUIRE(from_proto(far, 5).error().code == ErrorCode::kMalformedAction);
  auto in_six = from_proto(far, 6);
  REQUIRE(in_six.ok());
  REQUIRE(encode(*in_six) == action::choose(5));
}
