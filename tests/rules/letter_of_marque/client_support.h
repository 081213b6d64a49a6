// Letter of Marque: helpers for the tests that check the decisions (LOM-A-*)
// and the public information (LOM-H-*) through the public State API and the
// proto views only, as a client would see them: the game comes from the
// registry, actions are read as their proto messages.
// proto views only, as a client would see them.
#pragma once

#include <catch2/catch.hpp>
#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "rules/registry/all_games.h"

namespace pb = brethren::v1::letter_of_marque;

namespace brethren::rules::letter_of_marque_client {

inline const GameRegistry registry = make_all_games_registry();

inline std::unique_ptr<State> new_match(int seats, std::uint64_t seed) {
  auto created = registry.new_match("letter-of-marque", {{}, seats, seed});
  REQUIRE(created.ok());
  return std::move(*created);
}

inline pb::View lom_view(const State& s, Viewer v) { return s.view(v).game().letter_of_marque(); }
inline pb::Action lom_action(const State& s, Seat seat, ActionId a) {
  return s.encode_action(seat, a).letter_of_marque();
}

inline std::vector<Viewer> all_viewers(const State& s) {
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

inline void act(State& s, Seat seat, ActionId a) {
  auto st = s.apply(seat, a);
  INFO("seat " << seat << " action " << lom_action(s, seat, a).ShortDebugString()
               << (st.ok() ? "" : ": " + st.error().message));
  REQUIRE(st.ok());
}

// One random legal move of a random acting seat; returns the seat.
inline Seat random_move(State& s, std::mt19937_64& rng) {
  const auto seats = s.acting_seats();
  const Seat seat = seats[rng() % seats.size()];
  const auto legal = s.legal_actions(seat);
  REQUIRE_FALSE(legal.empty());
  act(s, seat, legal[rng() % legal.size()]);
  return seat;
}

// Public events seen by the spectator after `version`, newest last.
inline std::vector<pb::Event> public_events(const State& s, std::uint64_t after) {
  std::vector<pb::Event> out;
  for (const auto& r : s.events_for(Viewer::spectator(), after)) out.push_back(r.event().letter_of_marque());
  return out;
}

}  // namespace brethren::rules::letter_of_marque_client
