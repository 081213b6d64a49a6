// Tortuga 1667: the decisions of docs/rules/tortuga-1667.md (T67-A-*) and the
// public information (T67-H-8), checked through the public State API and the
// proto views only, as a client would see them.
#include <catch2/catch.hpp>
#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "rules/registry/all_games.h"

using namespace brethren;
using namespace brethren::rules;
namespace pb = brethren::v1::tortuga_1667;

namespace {

const GameRegistry registry = make_all_games_registry();

std::unique_ptr<State> new_match(int seats, std::uint64_t seed, const pb::Options& options = {}) {
  v1::GameOptions o;
  *o.mutable_tortuga_1667() = options;
  auto created = registry.new_match("tortuga-1667", {o, seats, seed});
  REQUIRE(created.ok());
  return std::move(*created);
}

pb::View tv(const State& s, Viewer v) { return s.view(v).game().tortuga_1667(); }
pb::Action tortuga_action(const State& s, Seat seat, ActionId a) { return s.encode_action(seat, a).tortuga_1667(); }

void act(State& s, Seat seat, ActionId a) {
  auto st = s.apply(seat, a);
  INFO("seat " << seat << " action " << tortuga_action(s, seat, a).ShortDebugString()
               << (st.ok() ? "" : ": " + st.error().message));
  REQUIRE(st.ok());
}

template <class Pred>
std::optional<ActionId> find_action(const State& s, Seat seat, Pred wanted) {
  for (ActionId a : s.legal_actions(seat)) {
    if (wanted(tortuga_action(s, seat, a))) return a;
  }
  return std::nullopt;
}

int face_down(const pb::View& v) {
  return static_cast<int>(
      std::count_if(v.row().begin(), v.row().end(), [](const auto& slot) { return slot.face_down(); }));
}

// A random legal move of a random acting seat; on his own turn the current
// player reveals a card with probability `reveal_bias` (to reach the end of
// the event row quickly). Returns the seat.
Seat random_move(State& s, std::mt19937_64& rng, double reveal_bias = 0) {
  const auto seats = s.acting_seats();
  const Seat seat = seats[rng() % seats.size()];
  const auto legal = s.legal_actions(seat);
  REQUIRE_FALSE(legal.empty());
  if (std::uniform_real_distribution<double>(0, 1)(rng) < reveal_bias) {
    std::vector<ActionId> reveals;
    for (ActionId a : legal) {
      if (tortuga_action(s, seat, a).has_reveal()) reveals.push_back(a);
    }
    if (!reveals.empty()) {
      act(s, seat, reveals[rng() % reveals.size()]);
      return seat;
    }
  }
  act(s, seat, legal[rng() % legal.size()]);
  return seat;
}

std::vector<pb::Event> public_events(const State& s, std::uint64_t after = 0) {
  std::vector<pb::Event> out;
  for (const auto& r : s.events_for(Viewer::spectator(), after)) out.push_back(r.event().tortuga_1667());
  return out;
}

// The event cards of §1.6, by kind.
const std::map<pb::EventCard, int> kEventCopies = {{pb::EVENT_PISTOL, 2},
                                                   {pb::EVENT_LETTER_OF_MARQUE, 4},
                                                   {pb::EVENT_BLACK_SPOT, 3},
                                                   {pb::EVENT_ALBATROSS, 3},
                                                   {pb::EVENT_FOUNTAIN_OF_YOUTH, 1},
                                                   {pb::EVENT_ATLANTIS, 1},
                                                   {pb::EVENT_EL_DORADO, 1},
                                                   {pb::EVENT_BLACK_POWDER, 1},
                                                   {pb::EVENT_CABIN_FEVER, 1},
                                                   {pb::EVENT_EIGHT_BELLS, 1},
                                                   {pb::EVENT_FACADE, 1},
                                                   {pb::EVENT_PIRATE_CODE, 1},
                                                   {pb::EVENT_STORMY_SEAS, 1},
                                                   {pb::EVENT_SPANISH_ARMADA, 1}};

pb::Options all_six_stars() {
  pb::Options o;
  for (auto c : {pb::EVENT_BLACK_POWDER, pb::EVENT_CABIN_FEVER, pb::EVENT_EIGHT_BELLS, pb::EVENT_FACADE,
                 pb::EVENT_PIRATE_CODE, pb::EVENT_STORMY_SEAS}) {
    o.add_star_cards(c);
  }
  return o;
}

}  // namespace

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

namespace {

// The part of a view T67-H-8 makes public: pawn positions and roles, treasure
// locations, the discard pile, kept cards and their owners, the Pirate Code's
// rotation, sunk lifeboats.
pb::View public_part(const pb::View& v) {
  pb::View out;
  for (const auto& p : v.players()) {
    auto* q = out.add_players();
    q->set_seat(p.seat());
    q->set_area(p.area());
    q->set_position(p.position());
    q->set_captain(p.captain());
    q->set_first_mate(p.first_mate());
    q->set_cabin_boy(p.cabin_boy());
    q->set_governor(p.governor());
    q->set_albatrosses(p.albatrosses());
    *q->mutable_maps() = p.maps();
    q->set_pirate_code_skips(p.pirate_code_skips());
  }
  *out.mutable_ships() = v.ships();
  *out.mutable_tortuga() = v.tortuga();
  out.set_tortuga_british(v.tortuga_british());
  out.set_tortuga_french(v.tortuga_french());
  out.set_tortuga_neutral(v.tortuga_neutral());
  out.set_galleon(v.galleon());
  out.set_lifeboats_sunk(v.lifeboats_sunk());
  *out.mutable_discard() = v.discard();
  return out;
}

}  // namespace

TEST_CASE("T67-H-8, T67-A-12: pawns, roles, treasure, discards and kept cards are the same in every view") {
  std::set<std::string> distinct_tables;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const int seats = 4 + static_cast<int>(seed % 6);
    pb::Options o;
    o.set_advanced_setup(seed % 3 == 0);
    auto s = new_match(seats, seed, o);
    std::mt19937_64 rng(seed + 300);
    std::multiset<int> revealed;
    std::uint64_t seen = 0;
    for (;;) {
      for (const auto& e : public_events(*s, seen)) {
        if (e.has_revealed()) revealed.insert(e.revealed().card());
        if (e.has_sudden_death()) revealed.clear();  // T67-46: the discards are reshuffled
      }
      seen = s->version();
      const auto spectator = tv(*s, Viewer::spectator());
      const std::string table = public_part(spectator).SerializeAsString();
      distinct_tables.insert(table);
      for (Seat seat = 0; seat < seats; ++seat) {
        INFO("seed " << seed << " seat " << seat << " version " << seen);
        REQUIRE(public_part(tv(*s, Viewer::player(seat))).SerializeAsString() == table);
      }
      // T67-A-12: a pawn is its seat's abstract id, found in exactly one place.
      std::vector<int> where(static_cast<std::size_t>(seats), 0);
      auto count = [&](int pawn) {
        REQUIRE(pawn >= 0);
        REQUIRE(pawn < seats);
        ++where[static_cast<std::size_t>(pawn)];
      };
      REQUIRE(spectator.ships_size() == 2);
      for (int ship = 0; ship < 2; ++ship) {
        const auto& crew = spectator.ships(ship).crew();
        for (int i = 0; i < crew.size(); ++i) {
          count(crew[i]);
          // Roles follow the columns (§1.3).
          const auto& p = spectator.players(crew[i]);
          REQUIRE(p.area() == (ship == 0 ? pb::AREA_FLYING_DUTCHMAN : pb::AREA_JOLLY_ROGER));
          REQUIRE(p.position() == i);
          REQUIRE(p.captain() == (i == 0));
          REQUIRE(p.first_mate() == (i == 1));
          REQUIRE(p.cabin_boy() == (i == crew.size() - 1));
        }
        if (spectator.ships(ship).lifeboat() >= 0) count(spectator.ships(ship).lifeboat());
      }
      for (int i = 0; i < spectator.tortuga_size(); ++i) {
        count(spectator.tortuga(i));
        REQUIRE(spectator.players(spectator.tortuga(i)).governor() == (i == 0));
      }
      // (Pawns still in the bag during the advanced set-up are nowhere yet.)
      const bool in_bag = spectator.phase() == pb::PHASE_ADVANCED_PLACEMENT;
      for (int n : where) REQUIRE((n == 1 || (in_bag && n == 0)));
      // Every chest is somewhere public: 4 + 2 + 1 + 1 (T67-6, T67-8), once
      // the captains have placed theirs.
      int chests =
          spectator.galleon() + spectator.tortuga_british() + spectator.tortuga_french() + spectator.tortuga_neutral();
      for (const auto& ship : spectator.ships()) chests += ship.british() + ship.french();
      REQUIRE(chests == (spectator.phase() == pb::PHASE_SETUP_TREASURE ? chests : 8));
      REQUIRE(chests >= 6);
      // The discard pile holds revealed cards only.
      std::multiset<int> discard(spectator.discard().begin(), spectator.discard().end());
      REQUIRE(std::includes(revealed.begin(), revealed.end(), discard.begin(), discard.end()));
      if (s->is_terminal()) break;
      random_move(*s, rng, 0.3);
    }
  }
  // The tables compared were not all alike: play moved pawns and treasure.
  REQUIRE(distinct_tables.size() > 50);
}
