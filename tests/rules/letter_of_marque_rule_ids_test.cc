// Letter of Marque: the decisions of docs/rules/letter-of-marque.md (LOM-A-*)
// and the public information (LOM-H-6), checked through the public State API
// and the proto views only, as a client would see them.
#include <catch2/catch.hpp>
#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "rules/registry/all_games.h"

using namespace brethren;
using namespace brethren::rules;
namespace pb = brethren::v1::letter_of_marque;

namespace {

const GameRegistry registry = make_all_games_registry();

std::unique_ptr<State> new_match(int seats, std::uint64_t seed) {
  auto created = registry.new_match("letter-of-marque", {{}, seats, seed});
  REQUIRE(created.ok());
  return std::move(*created);
}

pb::View lom_view(const State& s, Viewer v) { return s.view(v).game().letter_of_marque(); }
pb::Action lom_action(const State& s, Seat seat, ActionId a) { return s.encode_action(seat, a).letter_of_marque(); }

std::vector<Viewer> all_viewers(const State& s) {
  std::vector<Viewer> out{Viewer::spectator()};
  for (Seat seat = 0; seat < s.num_seats(); ++seat) out.push_back(Viewer::player(seat));
  return out;
}

// The first legal action of `seat` whose proto form satisfies `wanted`.
template <class Pred>
std::optional<ActionId> find_action(const State& s, Seat seat, Pred wanted) {
  for (ActionId a : s.legal_actions(seat)) {
    if (wanted(lom_action(s, seat, a))) return a;
  }
  return std::nullopt;
}

void act(State& s, Seat seat, ActionId a) {
  auto st = s.apply(seat, a);
  INFO("seat " << seat << " action " << lom_action(s, seat, a).ShortDebugString()
               << (st.ok() ? "" : ": " + st.error().message));
  REQUIRE(st.ok());
}

// One random legal move of a random acting seat; returns the seat.
Seat random_move(State& s, std::mt19937_64& rng) {
  const auto seats = s.acting_seats();
  const Seat seat = seats[rng() % seats.size()];
  const auto legal = s.legal_actions(seat);
  REQUIRE_FALSE(legal.empty());
  act(s, seat, legal[rng() % legal.size()]);
  return seat;
}

// Public events seen by the spectator after `version`, newest last.
std::vector<pb::Event> public_events(const State& s, std::uint64_t after) {
  std::vector<pb::Event> out;
  for (const auto& r : s.events_for(Viewer::spectator(), after)) out.push_back(r.event().letter_of_marque());
  return out;
}

}  // namespace

TEST_CASE("LOM-A-2: every player's treasure deck is one card each of 3, 4, 5, 6 and 7, as play reveals it") {
  // Over a whole game every card of every deck is revealed in public: the
  // preliminary card (LOM-4) and one card per departure (LOM-8), since the
  // game ends only with every deck empty (LOM-13).
  for (int seats = 3; seats <= 6; ++seats) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      auto s = new_match(seats, seed);
      const auto start = lom_view(*s, Viewer::spectator());
      for (const auto& p : start.players()) {
        REQUIRE(p.deck_count() + 1 == 5);  // the top card lies face up (LOM-4)
      }
      std::mt19937_64 rng(seed * 7 + static_cast<std::uint64_t>(seats));
      while (!s->is_terminal()) random_move(*s, rng);
      std::vector<std::multiset<int>> revealed(static_cast<std::size_t>(seats));
      for (const auto& e : public_events(*s, 0)) {
        if (e.has_preliminary_cards()) {
          REQUIRE(e.preliminary_cards().treasures_size() == seats);
          for (int seat = 0; seat < seats; ++seat) {
            revealed[static_cast<std::size_t>(seat)].insert(e.preliminary_cards().treasures(seat));
          }
        }
        if (e.has_departed()) revealed[static_cast<std::size_t>(e.departed().seat())].insert(e.departed().treasure());
      }
      INFO("seats " << seats << " seed " << seed);
      for (const auto& cards : revealed) REQUIRE(cards == std::multiset<int>{3, 4, 5, 6, 7});
    }
  }
}

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
