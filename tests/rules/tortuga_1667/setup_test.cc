// Tortuga 1667, set-up: loyalties, vote cards, the event deck, pawns and treasure.
// Each test cites the rule IDs of docs/rules/tortuga-1667.md it checks.
#include "tests/rules/tortuga_1667/test_support.h"
#include "tests/rules/tortuga_1667/client_support.h"

using namespace brethren;
using namespace brethren::rules;

// Scenarios played on the game's own state (test_support.h).
namespace scenarios {
using namespace brethren::rules::tortuga_1667;
using namespace brethren::rules::tortuga_1667::test_support;

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

}  // namespace scenarios

// Through the public State API and the proto views only, as a client sees
// them (client_support.h).
namespace as_a_client {
using namespace brethren::rules::tortuga_1667_client;

TEST_CASE("T67-A-2: 22 event cards, 16 and the star cards in play (19 with three, 22 with all six)") {
  int table_total = 0;
  for (const auto& [card, copies] : kEventCopies) table_total += copies;
  REQUIRE(table_total == 22);
  for (int stars = 3; stars <= 6; ++stars) {
    pb::Options o;
    o.set_random_star_count(stars);
    const auto view = tv(*new_match(5, static_cast<std::uint64_t>(stars), o), Viewer::spectator());
    REQUIRE(face_down(view) == 5);
    REQUIRE(face_down(view) + view.event_deck_count() == 16 + stars);
  }
  const auto view = tv(*new_match(4, 1, all_six_stars()), Viewer::spectator());
  REQUIRE(face_down(view) + view.event_deck_count() == 22);

  // Which 22: no game reveals more copies of a kind than §1.6 lists (before
  // sudden death reshuffles the discards, T67-46), and over many games every
  // kind is seen that often. Lower bounds that add up to the known total pin
  // the deck down exactly.
  std::map<pb::EventCard, int> most_seen;
  for (std::uint64_t seed = 1; seed <= 400 && most_seen != kEventCopies; ++seed) {
    auto s = new_match(4 + static_cast<int>(seed % 6), seed, all_six_stars());
    std::mt19937_64 rng(seed);
    while (!s->is_terminal()) random_move(*s, rng, 0.8);
    std::map<pb::EventCard, int> revealed;
    for (const auto& e : public_events(*s)) {
      if (e.has_sudden_death()) break;
      if (e.has_revealed()) ++revealed[e.revealed().card()];
    }
    for (const auto& [card, n] : revealed) {
      INFO("seed " << seed << " card " << pb::EventCard_Name(card));
      REQUIRE(kEventCopies.count(card) == 1);
      REQUIRE(n <= kEventCopies.at(card));
      most_seen[card] = std::max(most_seen[card], n);
    }
  }
  REQUIRE(most_seen == kEventCopies);
}

TEST_CASE(
    "T67-A-20, T67-7, T67-8: after the advanced set-up the JR captain starts, else the FD captain, else the Governor") {
  // Where the owners of the drawn pawns put them, in drawing order.
  auto play_setup = [](int seats, std::uint64_t seed, auto area_for) {
    pb::Options o;
    o.set_advanced_setup(true);
    auto s = new_match(seats, seed, o);
    int placed = 0;
    while (tv(*s, Viewer::spectator()).phase() == pb::PHASE_ADVANCED_PLACEMENT) {
      REQUIRE(s->acting_seats().size() == 1);
      const Seat owner = s->acting_seats()[0];
      const pb::Area area = area_for(placed++);
      auto a = find_action(*s, owner,
                           [&](const pb::Action& x) { return x.has_place_pawn() && x.place_pawn().area() == area; });
      REQUIRE(a.has_value());
      act(*s, owner, *a);
    }
    REQUIRE(placed == seats);
    return s;
  };
  auto first_turn = [](const State& s) {
    const auto view = tv(s, Viewer::spectator());
    REQUIRE(view.phase() == pb::PHASE_TURN);
    std::vector<int> started;
    for (const auto& e : public_events(s)) {
      if (e.has_turn_started()) started.push_back(e.turn_started().seat());
    }
    REQUIRE(started.size() == 1);
    REQUIRE(started[0] == view.current_seat());
    return view;
  };
  for (int seats = 4; seats <= 9; ++seats) {
    const auto seed = static_cast<std::uint64_t>(seats);
    {
      // FD first, then JR: the JR captain starts although FD's was placed first.
      auto s = play_setup(seats, seed, [](int i) { return i % 2 ? pb::AREA_JOLLY_ROGER : pb::AREA_FLYING_DUTCHMAN; });
      const auto view = first_turn(*s);
      REQUIRE(view.current_seat() == view.ships(1).crew(0));
    }
    {
      // The Jolly Roger stays empty: the FD captain starts.
      auto s = play_setup(seats, seed, [](int i) { return i < 5 ? pb::AREA_FLYING_DUTCHMAN : pb::AREA_TORTUGA; });
      const auto view = first_turn(*s);
      REQUIRE(view.ships(1).crew_size() == 0);
      REQUIRE(view.current_seat() == view.ships(0).crew(0));
    }
    {
      // Both ships empty: the Governor, the first pawn on Tortuga, starts.
      auto s = play_setup(seats, seed, [](int) { return pb::AREA_TORTUGA; });
      const auto view = first_turn(*s);
      REQUIRE(view.ships(0).crew_size() == 0);
      REQUIRE(view.ships(1).crew_size() == 0);
      REQUIRE(view.tortuga_size() == seats);
      REQUIRE(view.current_seat() == view.tortuga(0));
      REQUIRE(view.players(view.current_seat()).governor());
    }
  }
}

}  // namespace as_a_client
