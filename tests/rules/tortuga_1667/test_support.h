// Tortuga 1667: what the rules scenarios of this folder share. They play on
// the game's own state; TestAccess (tortuga_1667_test_access.h) lays out a
// table directly.
#pragma once

#include <catch2/catch.hpp>
#include <algorithm>
#include <map>
#include <set>

#include "rules/tortuga_1667/tortuga_1667.h"
#include "tools/simulation.h"
#include "tests/rules/tortuga_1667/tortuga_1667_test_access.h"

namespace pb = brethren::v1::tortuga_1667;

namespace brethren::rules::tortuga_1667::test_support {

inline const auto game = make_game();

inline std::unique_ptr<TortugaState> new_match(int seats, std::uint64_t seed, pb::Options options = {}) {
  v1::GameOptions o;
  *o.mutable_tortuga_1667() = options;
  auto created = game->new_match({o, seats, seed});
  REQUIRE(created.ok());
  return std::unique_ptr<TortugaState>(static_cast<TortugaState*>(created->release()));
}

inline void act(State& s, Seat seat, ActionId a) {
  auto st = s.apply(seat, a);
  INFO("seat " << seat << " action " << s.encode_action(seat, a).ShortDebugString()
               << (st.ok() ? "" : ": " + st.error().message));
  REQUIRE(st.ok());
}

inline pb::View tv(const State& s, Viewer v) { return s.view(v).game().tortuga_1667(); }

inline std::string info_state(const State& s, Viewer v) {
  std::string out = s.view(v).SerializeAsString();
  for (const auto& e : s.events_for(v)) out += e.SerializeAsString();
  return out;
}

// Events of one kind visible to `v`, newest last.
inline std::vector<pb::Event> events_of(const State& s, Viewer v, pb::Event::KindCase kind) {
  std::vector<pb::Event> out;
  for (const auto& r : s.events_for(v)) {
    if (r.event().tortuga_1667().kind_case() == kind) out.push_back(r.event().tortuga_1667());
  }
  return out;
}

// A match past the T67-6 set-up, at the JR captain's first turn.
inline std::unique_ptr<TortugaState> started(int seats, std::uint64_t seed, pb::Options options = {}) {
  auto s = new_match(seats, seed, options);
  while (s->phase() == Phase::kSetupTreasure) act(*s, s->pending_seat(), action::place(0, kBritish));
  REQUIRE(s->phase() == Phase::kTurn);
  return s;
}

// A table: ships, Tortuga, lifeboats; it becomes `current`'s turn.
inline std::unique_ptr<TortugaState> table(int seats, TestAccess::Board board, Seat current, std::uint64_t seed = 7) {
  auto s = started(seats, seed);
  TestAccess::set_board(*s, board);
  TestAccess::set_current(*s, current);
  return s;
}
inline std::unique_ptr<TortugaState> table(int seats, std::vector<std::vector<int>> ships, std::vector<int> tortuga,
                                           std::array<int, 2> boats, Seat current, std::uint64_t seed = 7) {
  TestAccess::Board board;
  board.ships = std::move(ships);
  board.tortuga = std::move(tortuga);
  board.boats = boats;
  return table(seats, board, current, seed);
}

inline bool legal(const State& s, Seat seat, ActionId a) { return s.is_legal(seat, a); }

inline int kind_of(int top, int flag, bool skull) { return top * 4 + flag * 2 + (skull ? 0 : 1); }

}  // namespace brethren::rules::tortuga_1667::test_support
