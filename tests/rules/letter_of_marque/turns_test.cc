// Letter of Marque, a turn: departing, returning, attacking and passing.
// Each test cites the rule IDs of docs/rules/letter-of-marque.md it checks.
#include "tests/rules/letter_of_marque/test_support.h"
#include "tests/rules/letter_of_marque/client_support.h"

using namespace brethren;
using namespace brethren::rules;

// Scenarios played on the game's own state (test_support.h).
namespace scenarios {
using namespace brethren::rules::letter_of_marque;
using namespace brethren::rules::letter_of_marque::test_support;

TEST_CASE("LOM-7: one action per turn, then the next seat clockwise, others are refused") {
  auto s = new_match(5, seed_with_preliminary({7, 6, 5, 4, 3}));
  choose_all(*s, {true, true, true, true, true});
  REQUIRE(s->current_seat() == 4);
  for (Seat other : {0, 1, 2, 3}) {
    auto r = s->apply(other, action::kDepartUnarmed);
    REQUIRE(r.error().code == ErrorCode::kNotYourTurn);
  }
  act(*s, 4, action::kDepartUnarmed);
  REQUIRE(s->current_seat() == 0);
  act(*s, 0, action::kDepartArmed);
  REQUIRE(s->current_seat() == 1);
}

TEST_CASE("LOM-8: a departing ship takes the top treasure card to sea, its base hidden from others") {
  auto s = new_match(3, seed_with_preliminary({3, 5, 6}));
  choose_all(*s, {false, false, false});
  const int top = s->player(0).deck.back();
  act(*s, 0, action::kDepartArmed);
  const auto events = s->events_for(Viewer::spectator());
  const auto& departed = events.back().event().letter_of_marque().departed();
  REQUIRE(departed.seat() == 0);
  REQUIRE(departed.treasure() == top);
  const auto others = lom_view(*s, Viewer::player(1));
  REQUIRE(others.players(0).deck_count() == 3);
  REQUIRE(others.players(0).reserve_count() == 3);  // LOM-12
  REQUIRE(ship_in_view(others, departed.ship_id())->base() == pb::BASE_UNKNOWN);
  REQUIRE(ship_in_view(lom_view(*s, Viewer::player(0)), departed.ship_id())->base() == pb::BASE_ARMED);
  REQUIRE(lom_view(*s, Viewer::player(0)).own_reserve().armed() == 1);
}

TEST_CASE("LOM-9, LOM-H-3: a returning ship scores its card and leaves without revealing its base") {
  auto armed = new_match(3, seed_with_preliminary({3, 5, 6}));
  auto unarmed = new_match(3, seed_with_preliminary({3, 5, 6}));
  choose_all(*armed, {true, false, false});
  choose_all(*unarmed, {false, false, false});
  for (auto* s : {armed.get(), unarmed.get()}) {
    const int id = ship_of(*s, 0);
    REQUIRE(s->apply(0, action::return_ship(ship_of(*s, 1))).error().code == ErrorCode::kIllegalAction);
    act(*s, 0, action::return_ship(id));
    REQUIRE(s->player(0).treasures_won == std::vector<int>{3});
    REQUIRE(s->ship_at_sea(id) == nullptr);
    REQUIRE(lom_view(*s, Viewer::spectator()).players(0).score() == 3);
  }
  // Nothing any other viewer was ever told depends on the base.
  for (Viewer v : {Viewer::spectator(), Viewer::player(1), Viewer::player(2)}) {
    REQUIRE(info_state(*armed, v) == info_state(*unarmed, v));
  }
}

TEST_CASE("LOM-10: attacking an armed ship fails and the defender scores the cannon card") {
  auto s = new_match(3, seed_with_preliminary({3, 5, 6}));
  choose_all(*s, {false, true, false});
  const int target = ship_of(*s, 1);
  act(*s, 0, action::attack(target));
  REQUIRE(s->player(0).unused_cannons == 2);
  REQUIRE(s->player(1).cannons_from == std::vector<int>{0});
  const auto view = lom_view(*s, Viewer::player(2));
  REQUIRE(ship_in_view(view, target)->base() == pb::BASE_ARMED);  // LOM-H-2: public from now on
  REQUIRE(ship_in_view(view, target)->revealed());
  REQUIRE(view.players(1).score() == 1);
}

TEST_CASE("LOM-H-2, LOM-H-3: every view counts the ships revealed armed, also once they are home") {
  auto s = new_match(3, seed_with_preliminary({3, 5, 6}));
  choose_all(*s, {true, true, false});
  const int armed = ship_of(*s, 1), unrevealed = ship_of(*s, 0);
  const auto counts = [&](Viewer v) {
    const pb::View view = lom_view(*s, v);
    std::vector<int> out;
    for (const auto& p : view.players()) out.push_back(p.revealed_armed());
    return out;
  };
  const std::vector<Viewer> viewers{Viewer::spectator(), Viewer::player(0), Viewer::player(1), Viewer::player(2)};
  // Seat 0's armed ship sails unrevealed: nobody's count may betray it (LOM-H-1).
  for (Viewer v : viewers) REQUIRE(counts(v) == std::vector<int>{0, 0, 0});
  act(*s, 0, action::attack(armed));  // fails: seat 1's ship is revealed armed
  act(*s, 1, action::return_ship(armed));
  REQUIRE(s->ship_at_sea(armed) == nullptr);
  act(*s, 2, action::kDepartUnarmed);
  act(*s, 0, action::return_ship(unrevealed));  // goes home unrevealed (LOM-H-3)
  for (Viewer v : viewers) REQUIRE(counts(v) == std::vector<int>{0, 1, 0});
}

TEST_CASE("LOM-10, LOM-A-8: attacking an unarmed ship takes its treasure, the cannon leaves the game") {
  auto s = new_match(3, seed_with_preliminary({3, 5, 6}));
  choose_all(*s, {false, false, false});
  const int target = ship_of(*s, 2);
  act(*s, 0, action::attack(target));
  REQUIRE(s->player(0).treasures_won == std::vector<int>{6});
  REQUIRE(s->player(0).unused_cannons == 2);
  REQUIRE(s->ship_at_sea(target) == nullptr);
  for (Seat seat = 0; seat < 3; ++seat) REQUIRE(s->player(seat).cannons_from.empty());
  const auto events = s->events_for(Viewer::player(1));
  const auto& attacked = events.back().event().letter_of_marque().attacked();
  REQUIRE_FALSE(attacked.armed());
  REQUIRE(attacked.treasure() == 6);
}

TEST_CASE("LOM-10, LOM-A-4: an attack needs a cannon card and an opponent's ship at sea") {
  auto s = new_match(3, seed_with_preliminary({3, 5, 6}));
  choose_all(*s, {true, true, true});
  const int own = ship_of(*s, 0), other = ship_of(*s, 1);
  auto own_attack = s->apply(0, action::attack(own));
  REQUIRE(own_attack.error().code == ErrorCode::kIllegalAction);
  REQUIRE_THAT(own_attack.error().message, Catch::Contains("own ship"));
  REQUIRE(s->apply(0, action::attack(29)).error().code == ErrorCode::kIllegalAction);
  // Spend seat 0's three cannons on seat 1's revealed armed ship (LOM-A-4: legal, futile).
  for (int round = 0; round < 3; ++round) {
    act(*s, 0, action::attack(other));
    act(*s, 1, action::kDepartUnarmed);
    act(*s, 2, action::kDepartUnarmed);
  }
  REQUIRE(s->player(0).unused_cannons == 0);
  auto no_cannon = s->apply(0, action::attack(other));
  REQUIRE(no_cannon.error().code == ErrorCode::kIllegalAction);
  REQUIRE_THAT(no_cannon.error().message, Catch::Contains("no cannon"));
}

TEST_CASE("LOM-11, LOM-A-5: pass only with an empty deck and no ship at sea") {
  auto s = new_match(3, seed_with_preliminary({3, 5, 6}));
  choose_all(*s, {false, false, false});
  auto early = s->apply(0, action::kPass);
  REQUIRE(early.error().code == ErrorCode::kIllegalAction);
  REQUIRE_THAT(early.error().message, Catch::Contains("LOM-11"));
  // Over random games: pass is listed exactly when LOM-11 allows it, and a
  // player who may pass but holds a cannon with a target at sea may attack
  // instead (LOM-A-5).
  std::uint64_t pass_with_attack = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    auto t = new_match(3 + static_cast<int>(seed % 4), seed);
    Rng rng(seed);
    while (!t->is_terminal()) {
      const auto acting = t->acting_seats();
      const Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
      const auto legal = t->legal_actions(seat);
      if (t->phase() == Phase::kRegular) {
        const bool may_pass = t->player(seat).deck.empty() && ship_of(*t, seat) == 0;
        const bool pass_listed = std::find(legal.begin(), legal.end(), action::kPass) != legal.end();
        REQUIRE(pass_listed == may_pass);
        const bool attack_listed =
            std::any_of(legal.begin(), legal.end(), [](ActionId a) { return a >= action::kAttackBase; });
        if (pass_listed && attack_listed) {
          REQUIRE(t->player(seat).unused_cannons > 0);
          ++pass_with_attack;
        }
      }
      t->apply_legal(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
  REQUIRE(pass_with_attack > 0);
}

}  // namespace scenarios

// Through the public State API and the proto views only, as a client sees
// them (client_support.h).
namespace as_a_client {
using namespace brethren::rules::letter_of_marque_client;

TEST_CASE("LOM-A-9: a ship that departed this turn cannot return in the same turn (one action per turn)") {
  int refused = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto s = new_match(3 + static_cast<int>(seed % 4), seed);
    std::mt19937_64 rng(seed);
    while (!s->is_terminal()) {
      const std::uint64_t before = s->version();
      const Seat seat = random_move(*s, rng);
      int departed_id = 0;
      for (const auto& e : public_events(*s, before)) {
        if (e.has_departed()) departed_id = e.departed().ship_id();
      }
      if (departed_id == 0 || s->is_terminal()) continue;
      // The departing seat's turn is over: the return of the new ship is
      // refused as out of turn and changes nothing.
      int passed_others = 0;
      for (const auto& e : public_events(*s, before)) passed_others += e.has_passed() && e.passed().seat() != seat;
      if (s->is_acting(seat)) {
        // Only when every other seat had nothing left and was passed
        // (LOM-A-6): a new turn, not the same one.
        REQUIRE(passed_others == s->num_seats() - 1);
        continue;
      }
      v1::GameAction ret;
      ret.mutable_letter_of_marque()->mutable_return_ship()->set_ship_id(departed_id);
      const std::string state = s->serialize();
      auto st = s->apply(seat, ret);
      REQUIRE_FALSE(st.ok());
      REQUIRE(st.error().code == ErrorCode::kNotYourTurn);
      REQUIRE(s->serialize() == state);
      REQUIRE(s->view(Viewer::player(seat)).legal_actions_size() == 0);
      ++refused;
    }
  }
  REQUIRE(refused > 100);
}

}  // namespace as_a_client
