// Letter of Marque, what each viewer sees: ship identities and the public table.
// Each test cites the rule IDs of docs/rules/letter-of-marque.md it checks.
#include "tests/rules/letter_of_marque/test_support.h"
#include "tests/rules/letter_of_marque/client_support.h"

using namespace brethren;
using namespace brethren::rules;

// Scenarios played on the game's own state (test_support.h).
namespace scenarios {
using namespace brethren::rules::letter_of_marque;
using namespace brethren::rules::letter_of_marque::test_support;

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

}  // namespace scenarios

// Through the public State API and the proto views only, as a client sees
// them (client_support.h).
namespace as_a_client {
using namespace brethren::rules::letter_of_marque_client;

TEST_CASE("LOM-A-11, LOM-H-7: a ship in reserve has no identity, it gets its public id when it sails") {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const int seats = 3 + static_cast<int>(seed % 4);
    auto s = new_match(seats, seed);
    std::mt19937_64 rng(seed + 100);
    int last_id = 0;
    std::uint64_t seen = 0;
    while (!s->is_terminal()) {
      for (Seat seat = 0; seat < seats; ++seat) {
        const auto own = lom_view(*s, Viewer::player(seat));
        // The reserve is known to its owner only as counts of each kind.
        REQUIRE(own.own_reserve().armed() + own.own_reserve().unarmed() == own.players(seat).reserve_count());
        std::set<int> at_sea;
        for (const auto& ship : own.ships_at_sea()) at_sea.insert(ship.ship_id());
        int takes_from_reserve = 0;
        for (ActionId a : s->legal_actions(seat)) {
          const auto act = lom_action(*s, seat, a);
          // Taking a ship from the reserve names its kind, never a ship.
          if (act.has_choose_ship() || act.has_depart()) ++takes_from_reserve;
          if (act.has_return_ship()) REQUIRE(at_sea.count(act.return_ship().ship_id()) == 1);
          if (act.has_attack()) REQUIRE(at_sea.count(act.attack().ship_id()) == 1);
        }
        REQUIRE(takes_from_reserve <= (own.own_reserve().armed() > 0) + (own.own_reserve().unarmed() > 0));
      }
      random_move(*s, rng);
      // Ids are given on arrival at sea, 1, 2, 3 ... in order of arrival.
      for (const auto& e : public_events(*s, seen)) {
        if (e.has_ships_set_sail()) {
          REQUIRE(e.ships_set_sail().ships_size() == seats);
          for (const auto& ship : e.ships_set_sail().ships()) REQUIRE(ship.ship_id() == ++last_id);
        }
        if (e.has_departed()) REQUIRE(e.departed().ship_id() == ++last_id);
      }
      seen = s->version();
    }
    REQUIRE(last_id == 5 * seats);
  }
}

TEST_CASE("LOM-A-11: the chosen ship has no id until it sails, and the id never depends on its base") {
  // The same match twice, seat 1 sending armed ships in one and unarmed ones
  // in the other: everything the others see is the same, ship ids included.
  auto armed = new_match(3, 33);
  auto unarmed = new_match(3, 33);
  auto choose = [](State& s, Seat seat, bool want_armed) {
    auto a = find_action(
        s, seat, [&](const pb::Action& x) { return x.has_choose_ship() && x.choose_ship().armed() == want_armed; });
    REQUIRE(a.has_value());
    act(s, seat, *a);
  };
  choose(*armed, 1, true);
  choose(*unarmed, 1, false);
  auto own_bases = [](const State& s, Seat seat) {
    std::vector<pb::OwnShipBase> out;
    for (const auto& r : s.events_for(Viewer::player(seat))) {
      if (r.event().letter_of_marque().has_own_ship_base()) out.push_back(r.event().letter_of_marque().own_ship_base());
    }
    return out;
  };
  // Chosen but not yet at sea: the owner knows its kind, it has no id.
  REQUIRE(own_bases(*armed, 1).size() == 1);
  REQUIRE(own_bases(*armed, 1)[0].ship_id() == 0);
  REQUIRE(own_bases(*armed, 1)[0].armed());
  for (auto* s : {armed.get(), unarmed.get()}) {
    choose(*s, 0, false);
    choose(*s, 2, true);
  }
  auto info_state = [](const State& s, Viewer v) {
    std::string out = s.view(v).SerializeAsString();
    for (const auto& e : s.events_for(v)) out += e.SerializeAsString();
    return out;
  };
  for (Viewer v : {Viewer::spectator(), Viewer::player(0), Viewer::player(2)}) {
    REQUIRE(info_state(*armed, v) == info_state(*unarmed, v));
  }
  // At sea now: the owner learns the id of his ship, the one the public sees.
  int seat1_ship = 0;
  const auto after_sail = lom_view(*armed, Viewer::spectator());
  for (const auto& ship : after_sail.ships_at_sea()) {
    if (ship.owner() == 1) seat1_ship = ship.ship_id();
  }
  REQUIRE(seat1_ship == 2);  // seat order on the simultaneous arrival
  REQUIRE(own_bases(*armed, 1).back().ship_id() == seat1_ship);
  // A departure: same again, whichever kind seat 1 sends.
  for (auto* s : {armed.get(), unarmed.get()}) {
    while (!s->is_acting(1)) {
      const Seat seat = s->acting_seats()[0];
      auto depart = find_action(*s, seat, [](const pb::Action& x) { return x.has_depart(); });
      REQUIRE(depart.has_value());
      act(*s, seat, *depart);
    }
  }
  for (auto [s, want_armed] : {std::pair{armed.get(), true}, std::pair{unarmed.get(), false}}) {
    auto a =
        find_action(*s, 1, [&](const pb::Action& x) { return x.has_depart() && x.depart().armed() == want_armed; });
    REQUIRE(a.has_value());
    act(*s, 1, *a);
  }
  for (Viewer v : {Viewer::spectator(), Viewer::player(0), Viewer::player(2)}) {
    REQUIRE(info_state(*armed, v) == info_state(*unarmed, v));
  }
  REQUIRE(own_bases(*armed, 1).back().armed());
  REQUIRE_FALSE(own_bases(*unarmed, 1).back().armed());
  REQUIRE(own_bases(*armed, 1).back().ship_id() == own_bases(*unarmed, 1).back().ship_id());
}

namespace {

// What LOM-H-6 makes public, rebuilt from the public events alone.
struct PublicTable {
  struct Seat_ {
    int deck = 5, reserve = 5, cannons = 3;
    std::multiset<int> treasures;
    std::multiset<int> cannons_from;
  };
  std::vector<Seat_> seats;
  std::map<int, std::pair<int, int>> at_sea;  // ship id -> (owner, treasure)

  explicit PublicTable(int n) : seats(static_cast<std::size_t>(n)) {}
  Seat_& at(int seat) { return seats[static_cast<std::size_t>(seat)]; }

  void apply(const pb::Event& e) {
    if (e.has_preliminary_cards()) {
      for (auto& s : seats) --s.deck;
    } else if (e.has_ship_chosen()) {
      --at(e.ship_chosen().seat()).reserve;
    } else if (e.has_ships_set_sail()) {
      for (const auto& ship : e.ships_set_sail().ships()) at_sea[ship.ship_id()] = {ship.owner(), ship.treasure()};
    } else if (e.has_departed()) {
      --at(e.departed().seat()).deck;
      --at(e.departed().seat()).reserve;
      at_sea[e.departed().ship_id()] = {e.departed().seat(), e.departed().treasure()};
    } else if (e.has_returned()) {
      at(e.returned().seat()).treasures.insert(e.returned().treasure());
      at_sea.erase(e.returned().ship_id());
    } else if (e.has_attacked()) {
      const auto& a = e.attacked();
      --at(a.attacker()).cannons;
      if (a.armed()) {
        at(a.defender()).cannons_from.insert(a.attacker());
      } else {
        at(a.attacker()).treasures.insert(a.treasure());
        at_sea.erase(a.ship_id());
      }
    }
  }
};

}  // namespace

TEST_CASE("LOM-H-6: treasure at sea, score piles, unused cannons, reserves and deck sizes are in every view") {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const int seats = 3 + static_cast<int>(seed % 4);
    auto s = new_match(seats, seed);
    PublicTable table(seats);
    std::mt19937_64 rng(seed + 200);
    std::uint64_t seen = 0;
    for (;;) {
      for (const auto& e : public_events(*s, seen)) table.apply(e);
      seen = s->version();
      for (Viewer v : all_viewers(*s)) {
        INFO("seed " << seed << " viewer " << (v.is_spectator() ? -1 : v.seat()) << " version " << seen);
        const auto view = lom_view(*s, v);
        REQUIRE(view.players_size() == seats);
        for (int seat = 0; seat < seats; ++seat) {
          const auto& p = view.players(seat);
          const auto& want = table.at(seat);
          REQUIRE(p.deck_count() == want.deck);
          REQUIRE(p.reserve_count() == want.reserve);
          REQUIRE(p.unused_cannons() == want.cannons);
          REQUIRE(std::multiset<int>(p.score_pile().treasures().begin(), p.score_pile().treasures().end()) ==
                  want.treasures);
          REQUIRE(std::multiset<int>(p.score_pile().cannons_from().begin(), p.score_pile().cannons_from().end()) ==
                  want.cannons_from);
          int points = static_cast<int>(want.cannons_from.size());  // LOM-14
          for (int t : want.treasures) points += t;
          REQUIRE(p.score() == points);
        }
        std::map<int, std::pair<int, int>> at_sea;
        for (const auto& ship : view.ships_at_sea()) at_sea[ship.ship_id()] = {ship.owner(), ship.treasure()};
        REQUIRE(at_sea == table.at_sea);
      }
      if (s->is_terminal()) break;
      random_move(*s, rng);
    }
  }
}

}  // namespace as_a_client
