// Letter of Marque: what the rules scenarios of this folder share. They play
// on the game's own state (LetterOfMarqueState).
#pragma once

#include <catch2/catch.hpp>
#include <algorithm>
#include <map>
#include <set>

#include "rules/letter_of_marque/letter_of_marque.h"
#include "tools/simulation.h"

namespace pb = brethren::v1::letter_of_marque;

namespace brethren::rules::letter_of_marque::test_support {

inline const auto game = make_game();

inline std::unique_ptr<LetterOfMarqueState> new_match(int seats, std::uint64_t seed,
                                                      pb::CannonTiebreak tiebreak = pb::CANNON_TIEBREAK_ALL_HELD) {
  v1::GameOptions options;
  options.mutable_letter_of_marque()->set_cannon_tiebreak(tiebreak);
  auto created = game->new_match({options, seats, seed});
  REQUIRE(created.ok());
  return std::unique_ptr<LetterOfMarqueState>(static_cast<LetterOfMarqueState*>(created->release()));
}

// The first seed whose preliminary cards (LOM-4) are exactly `cards`, by seat.
inline std::uint64_t seed_with_preliminary(const std::vector<int>& cards) {
  for (std::uint64_t seed = 1;; ++seed) {
    auto s = new_match(static_cast<int>(cards.size()), seed);
    bool match = true;
    for (Seat i = 0; i < static_cast<int>(cards.size()); ++i) match &= s->player(i).preliminary_treasure == cards[i];
    if (match) return seed;
  }
}

inline void act(State& s, Seat seat, ActionId a) {
  auto st = s.apply(seat, a);
  INFO("seat " << seat << " action " << a << (st.ok() ? "" : ": " + st.error().message));
  REQUIRE(st.ok());
}

inline pb::View lom_view(const State& s, Viewer v) { return s.view(v).game().letter_of_marque(); }

inline const pb::ShipAtSea* ship_in_view(const pb::View& view, int id) {
  for (const auto& ship : view.ships_at_sea()) {
    if (ship.ship_id() == id) return &ship;
  }
  return nullptr;
}

inline int ship_of(const LetterOfMarqueState& s, Seat owner) {
  for (int id = 1; id <= kMaxShips; ++id) {
    const Ship* ship = s.ship_at_sea(id);
    if (ship && ship->id == id && ship_in_view(lom_view(s, Viewer::spectator()), id)->owner() == owner) return id;
  }
  return 0;
}

inline std::string info_state(const State& s, Viewer v) {
  std::string out = s.view(v).SerializeAsString();
  for (const auto& e : s.events_for(v)) out += e.SerializeAsString();
  return out;
}

inline void choose_all(State& s, const std::vector<bool>& armed) {
  for (Seat i = 0; i < static_cast<int>(armed.size()); ++i)
    act(s, i, armed[i] ? action::kChooseArmed : action::kChooseUnarmed);
}

}  // namespace brethren::rules::letter_of_marque::test_support
