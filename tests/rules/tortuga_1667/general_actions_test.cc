// Tortuga 1667, the general actions: Look, Reveal, Force, lifeboat moves; passing and refusals.
// Each test cites the rule IDs of docs/rules/tortuga-1667.md it checks.
#include "tests/rules/tortuga_1667/test_support.h"
#include "tests/rules/tortuga_1667/client_support.h"

using namespace brethren;
using namespace brethren::rules;

// Scenarios played on the game's own state (test_support.h).
namespace scenarios {
using namespace brethren::rules::tortuga_1667;
using namespace brethren::rules::tortuga_1667::test_support;

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

}  // namespace scenarios

// Through the public State API and the proto views only, as a client sees
// them (client_support.h).
namespace as_a_client {
using namespace brethren::rules::tortuga_1667_client;

TEST_CASE(
    "T67-A-17, T67-27: Look needs two face-down cards, with one left Look and Force are illegal, Reveal remains") {
  int one_left = 0, two_left = 0;
  for (std::uint64_t seed = 1; seed <= 300 && one_left < 5; ++seed) {
    auto s = new_match(4 + static_cast<int>(seed % 6), seed);
    std::mt19937_64 rng(seed);
    bool sudden_death = false;
    while (!s->is_terminal()) {
      const auto view = tv(*s, Viewer::spectator());
      if (view.phase() == pb::PHASE_TURN) {
        const Seat me = view.current_seat();
        int looks = 0, forces = 0, reveals = 0;
        for (ActionId a : s->legal_actions(me)) {
          const auto x = tortuga_action(*s, me, a);
          looks += x.has_look();
          forces += x.has_force();
          reveals += x.has_reveal();
        }
        const int down = face_down(view);
        REQUIRE(reveals == down);
        if (down == 2) {
          ++two_left;
          REQUIRE(looks == 1);
          REQUIRE(forces == s->num_seats() - 1);
        }
        if (down == 1) {
          ++one_left;
          REQUIRE(looks == 0);
          REQUIRE(forces == 0);
          // A Look or Force at the last card and an empty position is refused.
          int last = 0;
          while (!view.row(last).face_down()) ++last;
          const int other = last == 0 ? 1 : 0;
          v1::GameAction look, force;
          look.mutable_tortuga_1667()->mutable_look()->set_slot_a(std::min(last, other));
          look.mutable_tortuga_1667()->mutable_look()->set_slot_b(std::max(last, other));
          force.mutable_tortuga_1667()->mutable_force()->set_slot_a(std::min(last, other));
          force.mutable_tortuga_1667()->mutable_force()->set_slot_b(std::max(last, other));
          force.mutable_tortuga_1667()->mutable_force()->set_target((me + 1) % s->num_seats());
          const std::string before = s->serialize();
          REQUIRE(s->apply(me, look).error().code == ErrorCode::kIllegalAction);
          REQUIRE(s->apply(me, force).error().code == ErrorCode::kIllegalAction);
          REQUIRE(s->serialize() == before);
          // Reveal remains; before any sudden death the last card is always
          // the Armada, so the reveal ends the game or starts sudden death.
          auto reveal = find_action(*s, me, [](const pb::Action& x) { return x.has_reveal(); });
          REQUIRE(reveal.has_value());
          const std::uint64_t at = s->version();
          act(*s, me, *reveal);
          if (!sudden_death) {
            bool armada = false;
            for (const auto& e : public_events(*s, at))
              armada |= e.has_revealed() && e.revealed().card() == pb::EVENT_SPANISH_ARMADA;
            REQUIRE(armada);
          }
          for (const auto& e : public_events(*s, at)) sudden_death |= e.has_sudden_death();
          continue;
        }
      }
      const std::uint64_t at = s->version();
      random_move(*s, rng, 0.7);
      for (const auto& e : public_events(*s, at)) sudden_death |= e.has_sudden_death();
    }
  }
  REQUIRE(one_left >= 5);
  REQUIRE(two_left >= 5);
}

}  // namespace as_a_client
