// Port Royal (Pfister): what the rules tests of this folder share.
//
// Situations are reached honestly: seeded games are played with a fixed
// policy through the public API until a state with the wanted property
// appears (find_state); the test then acts and checks the rule against
// values computed from the state before the action.
#pragma once

#include <catch2/catch.hpp>
#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <set>

#include "rules/port_royal_pfister/port_royal_pfister.h"
#include "tools/simulation.h"

namespace pb = brethren::v1::port_royal_pfister;

namespace brethren::rules::port_royal_pfister::test_support {

inline const auto game = make_game();
using StatePtr = std::unique_ptr<PortRoyalState>;

inline StatePtr new_match(int seats, std::uint64_t seed, pb::EndCondition end = pb::END_CONDITION_STANDARD) {
  v1::GameOptions options;
  options.mutable_port_royal_pfister()->set_end_condition(end);
  auto created = game->new_match({options, seats, seed});
  REQUIRE(created.ok());
  return StatePtr(static_cast<PortRoyalState*>(created->release()));
}

inline StatePtr copy(const PortRoyalState& s) { return StatePtr(static_cast<PortRoyalState*>(s.clone().release())); }

inline Seat acting(const State& s) { return s.acting_seats().at(0); }

inline void act(State& s, Seat seat, ActionId a) {
  auto st = s.apply(seat, a);
  INFO("seat " << seat << " action " << a << (st.ok() ? "" : ": " + st.error().message));
  REQUIRE(st.ok());
}

inline bool legal(const State& s, Seat seat, ActionId a) { return s.is_legal(seat, a); }

inline std::vector<pb::Event> events_since(const State& s, std::uint64_t version) {
  std::vector<pb::Event> out;
  for (const auto& r : s.events_for(Viewer::spectator(), version)) out.push_back(r.event().port_royal_pfister());
  return out;
}

template <class Pred>
std::optional<pb::Event> find_event(const std::vector<pb::Event>& events, Pred pred) {
  for (const auto& e : events) {
    if (pred(e)) return e;
  }
  return std::nullopt;
}

inline pb::View prp_view(const State& s, Viewer v = Viewer::spectator()) {
  return s.view(v).game().port_royal_pfister();
}

inline std::string info_state(const State& s, Viewer v) {
  std::string out = s.view(v).SerializeAsString();
  for (const auto& e : s.events_for(v)) out += e.SerializeAsString();
  return out;
}

inline int top_card(const PortRoyalState& s) { return s.draw_pile().empty() ? -1 : s.draw_pile().back(); }
inline int count_type(const std::vector<std::uint8_t>& cards, Person p) {
  return static_cast<int>(std::count_if(cards.begin(), cards.end(), [p](int id) { return card(id).person == p; }));
}
inline int colours_in_harbor(const PortRoyalState& s) {
  std::set<Colour> colours;
  for (int id : s.harbor()) {
    if (card(id).type == Type::kShip) colours.insert(card(id).colour);
  }
  return static_cast<int>(colours.size());
}
inline std::vector<int> all_coins(const PortRoyalState& s) {
  std::vector<int> out;
  for (Seat p = 0; p < s.num_seats(); ++p) out.push_back(s.coins(p));
  return out;
}

enum class Policy { kUniform, kEager };

// kEager hires and trades whenever it can and draws a random number of cards,
// so games reach rich displays; kUniform is the conformance suite's policy.
inline ActionId choose(const PortRoyalState& s, Seat, const std::vector<ActionId>& legal, Rng& rng, Policy policy,
                       int& draw_target) {
  if (policy == Policy::kUniform) return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  std::vector<ActionId> fulfils, persons, ships;
  for (ActionId a : legal) {
    if (a >= action::kFulfilBase)
      fulfils.push_back(a);
    else if (a >= action::kTakeBase)
      (card(s.harbor()[a - action::kTakeBase]).type == Type::kShip ? ships : persons).push_back(a);
  }
  auto pick = [&](const std::vector<ActionId>& v) { return v[rng.below(static_cast<std::uint32_t>(v.size()))]; };
  if (!fulfils.empty() && rng.below(4) != 0) return pick(fulfils);
  switch (s.phase()) {
    case Phase::kRepel: return rng.below(5) == 0 ? action::kDock : action::kRepel;
    case Phase::kDiscover:
      if (s.drawn_this_turn() == 0) draw_target = 1 + static_cast<int>(rng.below(7));
      if (legal[0] == action::kDraw && (s.drawn_this_turn() < draw_target)) return action::kDraw;
      return legal[0] == action::kStop || legal.size() < 2 ? legal[0] : action::kStop;
    case Phase::kTradeHire:
      if (rng.below(10) == 0) return action::kPass;
      if (!persons.empty() && rng.below(3) != 0) return pick(persons);
      if (!ships.empty()) return pick(ships);
      if (!persons.empty()) return pick(persons);
      return action::kPass;
    case Phase::kFinished: break;
  }
  return legal[0];
}

// The first state (over seeds 1.., then over the actions of each game) for
// which `pred` holds; nullptr if none within the limits.
inline StatePtr find_state(int seats, const std::function<bool(const PortRoyalState&)>& pred,
                           Policy policy = Policy::kEager, int max_seeds = 400,
                           pb::EndCondition end = pb::END_CONDITION_STANDARD) {
  std::vector<ActionId> legal;
  for (int seed = 1; seed <= max_seeds; ++seed) {
    auto s = new_match(seats, static_cast<std::uint64_t>(seed), end);
    Rng rng(static_cast<std::uint64_t>(seed) * 7919);
    int draw_target = 3;
    while (!s->is_terminal()) {
      if (pred(*s)) return s;
      const Seat seat = acting(*s);
      s->legal_actions(seat, legal);
      s->apply_legal(seat, choose(*s, seat, legal, rng, policy, draw_target));
    }
    if (pred(*s)) return s;
  }
  return nullptr;
}

// Plays whole games, calling `each(before, seat, action, after)` around every action.
inline void for_each_step(int seats, int games, Policy policy,
                          const std::function<void(const PortRoyalState&, Seat, ActionId, const PortRoyalState&)>& each,
                          pb::EndCondition end = pb::END_CONDITION_STANDARD, std::uint64_t first_seed = 1) {
  std::vector<ActionId> legal;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(g);
    auto s = new_match(seats, seed, end);
    Rng rng(seed * 104729);
    int draw_target = 3;
    while (!s->is_terminal()) {
      const Seat seat = acting(*s);
      s->legal_actions(seat, legal);
      const ActionId a = choose(*s, seat, legal, rng, policy, draw_target);
      auto before = copy(*s);
      s->apply_legal(seat, a);
      each(*before, seat, a, *s);
    }
  }
}

inline bool in_discover_with_top(const PortRoyalState& s, const std::function<bool(int)>& top_pred) {
  return s.phase() == Phase::kDiscover && !s.draw_pile().empty() && !s.end_triggered() && top_pred(top_card(s));
}

// Where every one of the 120 cards is (each exactly once).
inline std::multiset<int> every_card(const PortRoyalState& s) {
  std::multiset<int> out;
  auto add = [&](const std::vector<std::uint8_t>& v) { out.insert(v.begin(), v.end()); };
  add(s.draw_pile());
  add(s.discard_pile());
  add(s.harbor());
  add(s.expedition_area());
  for (Seat p = 0; p < s.num_seats(); ++p) {
    add(s.player(p).coins);
    add(s.player(p).persons);
    add(s.player(p).expeditions);
  }
  if (s.pending_ship() >= 0) out.insert(s.pending_ship());
  return out;
}

}  // namespace brethren::rules::port_royal_pfister::test_support
