// Port Royal (Panning): what the rules tests of this folder share.
// Situations are reached by seeded random play through the public API
// (find_state), never by writing into a state.
#pragma once

#include <catch2/catch.hpp>
#include <algorithm>
#include <functional>
#include <numeric>
#include <set>

#include "rules/port_royal_panning/port_royal_panning.h"

namespace pb = brethren::v1::port_royal_panning;

namespace brethren::rules::port_royal_panning::test_support {

inline const auto game = make_game();
using S = PortRoyalPanningState;

inline std::unique_ptr<S> new_match(int seats, std::uint64_t seed, const v1::GameOptions& options = {}) {
  auto created = game->new_match({options, seats, seed});
  REQUIRE(created.ok());
  return std::unique_ptr<S>(static_cast<S*>(created->release()));
}

inline void act(State& s, Seat seat, ActionId a) {
  auto st = s.apply(seat, a);
  INFO("seat " << seat << " action " << a << (st.ok() ? "" : ": " + st.error().message));
  REQUIRE(st.ok());
}

inline std::string reason(State& s, Seat seat, ActionId a) {
  auto st = s.apply(seat, a);
  REQUIRE_FALSE(st.ok());
  REQUIRE(st.error().code == ErrorCode::kIllegalAction);
  return st.error().message;
}

inline pb::View view(const State& s, Viewer v) { return s.view(v).game().port_royal_panning(); }

inline std::string info_state(const State& s, Viewer v) {
  std::string out = s.view(v).SerializeAsString();
  for (const auto& e : s.events_for(v)) out += e.SerializeAsString();
  return out;
}

inline bool legal(const State& s, Seat seat, ActionId a) { return s.is_legal(seat, a); }

inline void random_step(State& s, Rng& rng) {
  const Seat seat = s.acting_seats().front();
  const auto legal_actions = s.legal_actions(seat);
  s.apply_legal(seat, legal_actions[rng.below(static_cast<std::uint32_t>(legal_actions.size()))]);
}

// Seeded random play until `pred` holds; the first such state of the first
// seed that reaches one.
inline std::unique_ptr<S> find_state(int seats, const std::function<bool(const S&)>& pred,
                                     const v1::GameOptions& options = {}, int max_seeds = 300) {
  for (int seed = 1; seed <= max_seeds; ++seed) {
    auto s = new_match(seats, static_cast<std::uint64_t>(seed), options);
    Rng rng(static_cast<std::uint64_t>(seed) * 7919);
    for (;;) {
      if (pred(*s)) return s;
      if (s->is_terminal()) break;
      random_step(*s, rng);
    }
  }
  FAIL("no seeded game reached the situation");
  return nullptr;
}

inline std::unique_ptr<S> finished_game(int seats, std::uint64_t seed, const v1::GameOptions& options = {}) {
  auto s = new_match(seats, seed, options);
  Rng rng(seed * 31);
  while (!s->is_terminal()) random_step(*s, rng);
  return s;
}

inline const pb::Event& last_event(const State& s) { return s.events().back().event->port_royal_panning(); }

inline std::vector<int> default_values() {
  std::vector<int> v;
  for (int g = 0; g < kGoods; ++g) v.insert(v.end(), std::begin(kDefaultLootValues), std::end(kDefaultLootValues));
  return v;
}

// Loot id of the standard card of `good` with default value `value`.
inline int standard(int good, int value) {
  const auto* it = std::find(std::begin(kDefaultLootValues), std::end(kDefaultLootValues), value);
  return good * kLootPerGood + static_cast<int>(it - std::begin(kDefaultLootValues));
}

inline Ship ship_of(std::vector<int> loot, std::vector<int> prisoners = {}) {
  return Ship{std::move(loot), std::move(prisoners)};
}

inline int count_colour(const std::vector<int>& hand, int colour) {
  return static_cast<int>(std::count_if(hand.begin(), hand.end(), [&](int c) { return colour_of(c) == colour; }));
}

inline bool has_on_ships(const Player& p, int loot) {
  return std::any_of(p.ships.begin(), p.ships.end(),
                     [&](const Ship& sh) { return std::find(sh.loot.begin(), sh.loot.end(), loot) != sh.loot.end(); });
}

inline int prisoners_on_ships(const Player& p) {
  int n = 0;
  for (const Ship& sh : p.ships) n += static_cast<int>(sh.prisoners.size());
  return n;
}

// Drives the auction: seat `winner` bids `amount`, everyone else passes.
inline void auction_to(S& s, Seat winner, int amount) {
  while (s.phase() == Phase::kAuction) {
    const Seat seat = s.current_seat();
    act(s, seat, seat == winner ? action::bid(amount) : action::kPass);
  }
}

}  // namespace brethren::rules::port_royal_panning::test_support
