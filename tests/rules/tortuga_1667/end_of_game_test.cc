// Tortuga 1667, the end: the Armada, ties, sudden death, a bounded game.
// Each test cites the rule IDs of docs/rules/tortuga-1667.md it checks.
#include "tests/rules/tortuga_1667/test_support.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::tortuga_1667;
using namespace brethren::rules::tortuga_1667::test_support;

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

TEST_CASE("T67-44: for ratings, each seat plays for its revealed team, and the winning team places first") {
  auto s = table(4, {{{0, 1}, {2}}, {3}, {-1, -1}}, 0);
  TestAccess::set_treasure(*s, 2, {{{2, 1}, {0, 1}}}, {1, 0}, 1);  // British 3, French 2
  TestAccess::set_loyalties(*s, {kBritish, kBritish, kFrench, kFrench});
  TestAccess::put_event(*s, 0, kArmada);
  act(*s, 0, action::reveal(0));
  REQUIRE(s->is_terminal());
  const auto sides = s->rated_sides();
  REQUIRE(sides.size() == 4);
  for (Seat p = 0; p < 4; ++p) {
    CAPTURE(p);
    const auto& side = sides.at(static_cast<std::size_t>(p));
    REQUIRE(side.side == static_cast<int>(s->loyalty(p)));
    REQUIRE(side.place == (s->outcome().seats(p).winner() ? 1 : 2));
  }
  REQUIRE(sides[0].side == sides[1].side);
  REQUIRE(sides[2].side == sides[3].side);
  REQUIRE(sides[0].side != sides[2].side);
}

TEST_CASE("T67-45: for ratings, the Dutch player's win places him alone first, and both teams tie below") {
  auto s = table(5, {{{0, 1}, {2}}, {3, 4}, {-1, -1}}, 0);
  TestAccess::set_treasure(*s, 2, {{{1, 1}, {0, 0}}}, {0, 0}, 2);
  TestAccess::set_loyalties(*s, {kBritish, kFrench, kBritish, kFrench, kDutch});
  TestAccess::put_event(*s, 0, kArmada);
  act(*s, 0, action::reveal(0));
  REQUIRE(s->is_terminal());
  const auto sides = s->rated_sides();
  REQUIRE(sides.size() == 5);
  REQUIRE(sides[4].place == 1);
  for (std::size_t p = 0; p < 4; ++p) REQUIRE(sides[p].place == 2);
  REQUIRE(sides[0].side == sides[2].side);
  REQUIRE(sides[1].side == sides[3].side);
  REQUIRE(sides[4].side != sides[0].side);
  REQUIRE(sides[4].side != sides[1].side);
}
