// Tortuga 1667: helpers for the tests that check the decisions (T67-A-*) and
// the public information (T67-H-8) through the public State API and the
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

namespace pb = brethren::v1::tortuga_1667;

namespace brethren::rules::tortuga_1667_client {

inline const GameRegistry registry = make_all_games_registry();

inline std::unique_ptr<State> new_match(int seats, std::uint64_t seed, const pb::Options& options = {}) {
  v1::GameOptions o;
  *o.mutable_tortuga_1667() = options;
  auto created = registry.new_match("tortuga-1667", {o, seats, seed});
  REQUIRE(created.ok());
  return std::move(*created);
}

inline pb::View tv(const State& s, Viewer v) { return s.view(v).game().tortuga_1667(); }
inline pb::Action tortuga_action(const State& s, Seat seat, ActionId a) {
  return s.encode_action(seat, a).tortuga_1667();
}

inline void act(State& s, Seat seat, ActionId a) {
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

inline int face_down(const pb::View& v) {
  return static_cast<int>(
      std::count_if(v.row().begin(), v.row().end(), [](const auto& slot) { return slot.face_down(); }));
}

// A random legal move of a random acting seat; on his own turn the current
// player reveals a card with probability `reveal_bias` (to reach the end of
// the event row quickly). Returns the seat.
inline Seat random_move(State& s, std::mt19937_64& rng, double reveal_bias = 0) {
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

inline std::vector<pb::Event> public_events(const State& s, std::uint64_t after = 0) {
  std::vector<pb::Event> out;
  for (const auto& r : s.events_for(Viewer::spectator(), after)) out.push_back(r.event().tortuga_1667());
  return out;
}

// The event cards of §1.6, by kind.
inline const std::map<pb::EventCard, int> kEventCopies = {{pb::EVENT_PISTOL, 2},
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

inline pb::Options all_six_stars() {
  pb::Options o;
  for (auto c : {pb::EVENT_BLACK_POWDER, pb::EVENT_CABIN_FEVER, pb::EVENT_EIGHT_BELLS, pb::EVENT_FACADE,
                 pb::EVENT_PIRATE_CODE, pb::EVENT_STORMY_SEAS}) {
    o.add_star_cards(c);
  }
  return o;
}

}  // namespace brethren::rules::tortuga_1667_client
