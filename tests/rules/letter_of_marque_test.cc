// Letter of Marque rules tests; each cites the rule IDs of
// docs/rules/letter-of-marque.md it checks.
#include <catch2/catch.hpp>
#include <algorithm>
#include <map>
#include <set>

#include "rules/letter_of_marque/letter_of_marque.h"
#include "tools/simulation.h"

using namespace brethren;
using namespace brethren::rules;
using namespace brethren::rules::letter_of_marque;
namespace pb = brethren::v1::letter_of_marque;

namespace {

const auto game = make_game();

std::unique_ptr<LetterOfMarqueState> new_match(int seats, std::uint64_t seed,
                                               pb::CannonTiebreak tiebreak = pb::CANNON_TIEBREAK_ALL_HELD) {
  v1::GameOptions options;
  options.mutable_letter_of_marque()->set_cannon_tiebreak(tiebreak);
  auto created = game->new_match({options, seats, seed});
  REQUIRE(created.ok());
  return std::unique_ptr<LetterOfMarqueState>(static_cast<LetterOfMarqueState*>(created->release()));
}

// The first seed whose preliminary cards (LOM-4) are exactly `cards`, by seat.
std::uint64_t seed_with_preliminary(const std::vector<int>& cards) {
  for (std::uint64_t seed = 1;; ++seed) {
    auto s = new_match(static_cast<int>(cards.size()), seed);
    bool match = true;
    for (Seat i = 0; i < static_cast<int>(cards.size()); ++i) match &= s->player(i).preliminary_treasure == cards[i];
    if (match) return seed;
  }
}

void act(State& s, Seat seat, ActionId a) {
  auto st = s.apply(seat, a);
  INFO("seat " << seat << " action " << a << (st.ok() ? "" : ": " + st.error().message));
  REQUIRE(st.ok());
}

pb::View lom_view(const State& s, Viewer v) { return s.view(v).game().letter_of_marque(); }

const pb::ShipAtSea* ship_in_view(const pb::View& view, int id) {
  for (const auto& ship : view.ships_at_sea()) {
    if (ship.ship_id() == id) return &ship;
  }
  return nullptr;
}

int ship_of(const LetterOfMarqueState& s, Seat owner) {
  for (int id = 1; id <= kMaxShips; ++id) {
    const Ship* ship = s.ship_at_sea(id);
    if (ship && ship->id == id && ship_in_view(lom_view(s, Viewer::spectator()), id)->owner() == owner) return id;
  }
  return 0;
}

std::string info_state(const State& s, Viewer v) {
  std::string out = s.view(v).SerializeAsString();
  for (const auto& e : s.events_for(v)) out += e.SerializeAsString();
  return out;
}

void choose_all(State& s, const std::vector<bool>& armed) {
  for (Seat i = 0; i < static_cast<int>(armed.size()); ++i)
    act(s, i, armed[i] ? action::kChooseArmed : action::kChooseUnarmed);
}

}  // namespace

TEST_CASE("LOM-1, LOM-A-1: three to six players, other counts are refused") {
  for (int seats = 3; seats <= 6; ++seats) REQUIRE(game->new_match({{}, seats, 1}).ok());
  for (int seats : {0, 1, 2, 7, 9}) {
    auto r = game->new_match({{}, seats, 1});
    REQUIRE_FALSE(r.ok());
    REQUIRE(r.error().code == ErrorCode::kInvalidSeatCount);
    REQUIRE_THAT(r.error().message, Catch::Contains("3 to 6"));
  }
}

TEST_CASE("Options: foreign or unknown option values are refused") {
  v1::GameOptions bad;
  bad.mutable_letter_of_marque()->set_cannon_tiebreak(static_cast<pb::CannonTiebreak>(7));
  REQUIRE(game->new_match({bad, 4, 1}).error().code == ErrorCode::kInvalidOptions);
}

TEST_CASE("LOM-A-1, LOM-A-3: check_setup refuses exactly the setups new_match refuses, with the same error") {
  v1::GameOptions captured_only, unknown_value, foreign;
  captured_only.mutable_letter_of_marque()->set_cannon_tiebreak(pb::CANNON_TIEBREAK_CAPTURED_ONLY);
  unknown_value.mutable_letter_of_marque()->set_cannon_tiebreak(static_cast<pb::CannonTiebreak>(7));
  foreign.mutable_port_royal_pfister();
  for (const auto& options : {v1::GameOptions{}, captured_only, unknown_value, foreign}) {
    for (int seats = 0; seats <= 8; ++seats) {
      const auto checked = game->check_setup(options, seats);
      const auto built = game->new_match({options, seats, 1});
      REQUIRE(checked.ok() == built.ok());
      if (!checked.ok()) {
        REQUIRE(checked.error().code == built.error().code);
        REQUIRE(checked.error().message == built.error().message);
      }
    }
  }
  REQUIRE(game->check_setup(captured_only, 4).ok());
  REQUIRE(game->check_setup(unknown_value, 4).error().code == ErrorCode::kInvalidOptions);
  REQUIRE(game->check_setup({}, 2).error().code == ErrorCode::kInvalidSeatCount);
}

TEST_CASE("LOM-2, LOM-3, LOM-4: set-up deals 3..7 per colour, 2 armed + 3 unarmed ships, 3 cannons") {
  auto s = new_match(4, 11);
  const auto spectator = lom_view(*s, Viewer::spectator());
  REQUIRE(spectator.phase() == pb::PHASE_PRELIMINARY);
  REQUIRE(s->acting_seats() == std::vector<Seat>{0, 1, 2, 3});  // LOM-A-7: simultaneous
  for (Seat seat = 0; seat < 4; ++seat) {
    const Player& p = s->player(seat);
    std::multiset<int> cards(p.deck.begin(), p.deck.end());
    cards.insert(p.preliminary_treasure);
    REQUIRE(cards == std::multiset<int>{3, 4, 5, 6, 7});
    // LOM-4: the revealed card is public to everyone.
    REQUIRE(spectator.players(seat).preliminary_treasure() == p.preliminary_treasure);
    REQUIRE(spectator.players(seat).deck_count() == 4);
    REQUIRE(spectator.players(seat).reserve_count() == 5);
    REQUIRE(spectator.players(seat).unused_cannons() == kCannonsPerPlayer);
    const auto own = lom_view(*s, Viewer::player(seat)).own_reserve();
    REQUIRE(own.armed() == 2);
    REQUIRE(own.unarmed() == 3);
  }
  REQUIRE_FALSE(spectator.has_own_reserve());
}

TEST_CASE("LOM-2, LOM-H-5: decks are shuffled per seed, reproducibly") {
  std::set<std::vector<int>> decks;
  for (std::uint64_t seed = 1; seed <= 50; ++seed) decks.insert(new_match(3, seed)->player(0).deck);
  REQUIRE(decks.size() > 20);
  REQUIRE(new_match(3, 5)->serialize() == new_match(3, 5)->serialize());
}

TEST_CASE("LOM-5, LOM-H-4: preliminary ship choices are secret until and after the ships set sail") {
  auto armed = new_match(3, 21);
  auto unarmed = new_match(3, 21);
  act(*armed, 1, action::kChooseArmed);
  act(*unarmed, 1, action::kChooseUnarmed);
  // Only "has chosen" is public.
  REQUIRE(lom_view(*armed, Viewer::spectator()).players(1).has_chosen());
  REQUIRE(lom_view(*armed, Viewer::player(1)).own_reserve().preliminary_choice() == pb::BASE_ARMED);
  for (Viewer v : {Viewer::spectator(), Viewer::player(0), Viewer::player(2)}) {
    REQUIRE(info_state(*armed, v) == info_state(*unarmed, v));
  }
  // A seat cannot choose twice; the others still may, in any order.
  REQUIRE(armed->apply(1, action::kChooseUnarmed).error().code == ErrorCode::kNotYourTurn);
  for (auto* s : {armed.get(), unarmed.get()}) {
    act(*s, 2, action::kChooseUnarmed);
    act(*s, 0, action::kChooseUnarmed);
  }
  for (Viewer v : {Viewer::spectator(), Viewer::player(0), Viewer::player(2)}) {
    REQUIRE(info_state(*armed, v) == info_state(*unarmed, v));
  }
  // LOM-5: every player now has one ship at sea on his revealed card.
  const auto view = lom_view(*armed, Viewer::player(1));
  REQUIRE(view.ships_at_sea_size() == 3);
  for (const auto& ship : view.ships_at_sea()) {
    REQUIRE(ship.treasure() == armed->ship_at_sea(ship.ship_id())->treasure);
    REQUIRE(ship.base() == (ship.owner() == 1 ? pb::BASE_ARMED : pb::BASE_UNKNOWN));
  }
}

TEST_CASE("LOM-6: the lowest preliminary treasure starts, ties are broken at random") {
  auto s = new_match(4, seed_with_preliminary({6, 5, 3, 7}));
  choose_all(*s, {false, false, false, false});
  REQUIRE(s->current_seat() == 2);
  REQUIRE(s->acting_seats() == std::vector<Seat>{2});

  // All four seats tied on the lowest value cannot happen (3..7 per colour,
  // one card each), but two can: seats 0 and 2 both reveal a 3.
  std::set<Seat> starters;
  for (std::uint64_t seed = 1; starters.size() < 2 && seed < 5000; ++seed) {
    auto t = new_match(3, seed);
    if (t->player(0).preliminary_treasure != 3 || t->player(2).preliminary_treasure != 3) continue;
    choose_all(*t, {false, false, false});
    REQUIRE((t->current_seat() == 0 || t->current_seat() == 2));
    const auto events = t->events_for(Viewer::spectator());
    const auto& sail = events.back().event().letter_of_marque().ships_set_sail();
    REQUIRE(sail.tied_lowest_size() == 2);
    starters.insert(t->current_seat());
  }
  REQUIRE(starters == std::set<Seat>{0, 2});
}

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

TEST_CASE("LOM-12, LOM-13, LOM-A-6: invariants over random games") {
  std::uint64_t auto_passes = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const int seats = 3 + static_cast<int>(seed % 4);
    // Play step by step to check LOM-12 and LOM-A-6 at every moment.
    auto live = new_match(seats, seed);
    Rng rng(seed * 7);
    while (!live->is_terminal()) {
      for (Seat p = 0; p < seats; ++p) {
        const auto pv = lom_view(*live, Viewer::spectator()).players(p);
        const int expected = pv.deck_count() + (live->phase() == Phase::kPreliminary && !pv.has_chosen() ? 1 : 0);
        REQUIRE(pv.reserve_count() == expected);
      }
      const auto acting = live->acting_seats();
      const Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
      const auto legal = live->legal_actions(seat);
      const std::uint64_t before = live->version();
      live->apply_legal(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      for (const auto& e : live->events_for(Viewer::spectator(), before)) {
        if (!e.event().letter_of_marque().has_passed() || !e.event().letter_of_marque().passed().automatic()) continue;
        const Seat skipped = e.event().letter_of_marque().passed().seat();
        REQUIRE(live->player(skipped).deck.empty());
        REQUIRE(live->player(skipped).unused_cannons == 0);
        REQUIRE(ship_of(*live, skipped) == 0);
        ++auto_passes;
      }
    }
    // LOM-13: the end comes with no ship at sea and all decks empty.
    REQUIRE(lom_view(*live, Viewer::spectator()).ships_at_sea_size() == 0);
    for (Seat p = 0; p < seats; ++p) REQUIRE(live->player(p).deck.empty());
  }
  REQUIRE(auto_passes > 0);
}

TEST_CASE("LOM-14, LOM-15, LOM-A-3: scoring, the cannon tie-break and shared victory") {
  for (auto tiebreak : {pb::CANNON_TIEBREAK_ALL_HELD, pb::CANNON_TIEBREAK_CAPTURED_ONLY}) {
    auto s = new_match(3, seed_with_preliminary({3, 5, 6}), tiebreak);
    choose_all(*s, {true, true, true});
    act(*s, 0, action::attack(ship_of(*s, 1)));  // fails: seat 1 scores seat 0's cannon
    act(*s, 1, action::return_ship(ship_of(*s, 1)));
    act(*s, 2, action::attack(ship_of(*s, 0)));  // fails: seat 0 scores seat 2's cannon
    // From here nobody attacks: return a ship at sea, else depart, else pass.
    while (!s->is_terminal()) {
      const Seat seat = s->current_seat();
      const int own = ship_of(*s, seat);
      const auto legal = s->legal_actions(seat);
      act(*s, seat, own ? action::return_ship(own) : legal.front());  // depart, or else pass
    }
    REQUIRE(s->score(0) == 26);  // 25 own treasure + seat 2's cannon
    REQUIRE(s->score(1) == 26);  // 25 + seat 0's cannon
    REQUIRE(s->score(2) == 25);  // unused cannons score nothing
    const auto outcome = s->outcome();
    if (tiebreak == pb::CANNON_TIEBREAK_ALL_HELD) {
      // Seat 0 holds 2 unused + 1 captured = 3, seat 1 holds 3 + 1 = 4.
      REQUIRE(outcome.seats(1).winner());
      REQUIRE_FALSE(outcome.seats(0).winner());
      REQUIRE(outcome.seats(0).rank() == 2);
      REQUIRE(outcome.summary() == "blue wins with 26 points");
    } else {
      // Captured only: one each, still tied: shared victory.
      REQUIRE(outcome.seats(0).winner());
      REQUIRE(outcome.seats(1).winner());
      REQUIRE(outcome.seats(2).rank() == 3);
      REQUIRE(outcome.summary() == "red and blue share the victory with 26 points");
    }
    REQUIRE(s->view(Viewer::spectator()).finished());
    REQUIRE(s->acting_seats().empty());
    REQUIRE(s->apply(0, action::kPass).error().code == ErrorCode::kGameOver);
  }
}

TEST_CASE("Seed example: blue attacks red's armed ship on a 4 and loses his cannon card to red") {
  // Red reveals 4, blue 3, green 5, yellow 7; yellow guards his 7 with an
  // armed ship, and so does red (the attack example).
  auto s = new_match(4, seed_with_preliminary({4, 3, 5, 7}));
  const Seat red = 0, blue = 1, green = 2, yellow = 3;
  act(*s, yellow, action::kChooseArmed);
  act(*s, red, action::kChooseArmed);
  act(*s, green, action::kChooseUnarmed);
  act(*s, blue, action::kChooseUnarmed);
  REQUIRE(s->current_seat() == blue);  // the lowest treasure, 3, starts
  const int red_ship = ship_of(*s, red);
  REQUIRE(s->ship_at_sea(red_ship)->treasure == 4);
  act(*s, blue, action::attack(red_ship));
  const auto view = lom_view(*s, Viewer::player(green));
  REQUIRE(ship_in_view(view, red_ship)->base() == pb::BASE_ARMED);  // stays at sea, on its card
  REQUIRE(ship_in_view(view, red_ship)->treasure() == 4);
  REQUIRE(view.players(red).score_pile().cannons_from(0) == blue);
  REQUIRE(view.players(blue).unused_cannons() == 2);
  REQUIRE(view.players(red).score() == 1);

  // Had red's ship been unarmed, blue would have taken the 4 and the ship would be gone.
  auto other = new_match(4, seed_with_preliminary({4, 3, 5, 7}));
  act(*other, yellow, action::kChooseArmed);
  act(*other, red, action::kChooseUnarmed);
  act(*other, green, action::kChooseUnarmed);
  act(*other, blue, action::kChooseUnarmed);
  act(*other, blue, action::attack(ship_of(*other, red)));
  REQUIRE(other->player(blue).treasures_won == std::vector<int>{4});
  REQUIRE(ship_of(*other, red) == 0);
}

TEST_CASE("LOM-H-7: ship ids follow arrival order and say nothing about the base") {
  std::map<int, std::set<bool>> bases_by_id;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    auto match = play_random_match(*game, {{}, 4, seed}, seed);
    REQUIRE(match.ok());
    int expected_id = 1;
    for (const auto& e : match->state->events_for(Viewer::spectator())) {
      const auto& ev = e.event().letter_of_marque();
      if (ev.has_ships_set_sail()) {
        for (const auto& ship : ev.ships_set_sail().ships()) REQUIRE(ship.ship_id() == expected_id++);
      } else if (ev.has_departed()) {
        REQUIRE(ev.departed().ship_id() == expected_id++);
      }
    }
    for (Seat owner = 0; owner < 4; ++owner) {
      for (const auto& e : match->state->events_for(Viewer::player(owner))) {
        const auto& ev = e.event().letter_of_marque();
        if (ev.has_own_ship_base() && ev.own_ship_base().ship_id() > 0)
          bases_by_id[ev.own_ship_base().ship_id()].insert(ev.own_ship_base().armed());
      }
    }
  }
  // Each id has carried both kinds of ship in some game.
  for (int id = 1; id <= 8; ++id) REQUIRE(bases_by_id[id] == std::set<bool>{false, true});
}
