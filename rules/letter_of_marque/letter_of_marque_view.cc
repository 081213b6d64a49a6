// Letter of Marque: what each viewer may see of the match.
#include <algorithm>

#include "rules/letter_of_marque/letter_of_marque.h"

namespace brethren::rules::letter_of_marque {
namespace pb = v1::letter_of_marque;
namespace {

pb::Base base_of(bool armed) { return armed ? pb::BASE_ARMED : pb::BASE_UNARMED; }

}  // namespace

v1::GameView LetterOfMarqueState::game_view(Viewer viewer) const {
  v1::GameView out;
  pb::View* view = out.mutable_letter_of_marque();
  view->set_phase(static_cast<pb::Phase>(phase_));
  view->set_current_seat(current_);
  view->set_cannon_tiebreak(static_cast<pb::CannonTiebreak>(cannon_tiebreak_));
  for (Seat s = 0; s < num_seats(); ++s) {
    const Player& p = players_[s];
    pb::PlayerView* pv = view->add_players();
    pv->set_seat(s);
    pv->set_colour(kColours[s]);
    pv->set_deck_count(static_cast<int>(p.deck.size()));
    pv->set_reserve_count(reserve_count(s, true) + reserve_count(s, false));
    pv->set_unused_cannons(p.unused_cannons);
    for (int v : p.treasures_won) pv->mutable_score_pile()->add_treasures(v);
    for (int from : p.cannons_from) pv->mutable_score_pile()->add_cannons_from(from);
    pv->set_score(score(s));
    // LOM-H-2: a reveal is public for good, also once the ship has gone home.
    int revealed_armed = 0;
    const Ship* own_ships = ships_of(s);
    for (int k = 0; k < kShipsPerPlayer; ++k) revealed_armed += own_ships[k].revealed && own_ships[k].armed ? 1 : 0;
    pv->set_revealed_armed(revealed_armed);
    if (phase_ == Phase::kPreliminary) {
      pv->set_preliminary_treasure(p.preliminary_treasure);
      if (p.preliminary_treasure == 0) {
        // The card waits under the chosen ship: still public, the ship's base is not.
        const Ship* ships = ships_of(s);
        for (int k = 0; k < kShipsPerPlayer; ++k) {
          if (ships[k].place == Place::kChosen) pv->set_preliminary_treasure(ships[k].treasure);
        }
        pv->set_has_chosen(true);
      }
    }
  }
  std::vector<const Ship*> at_sea;
  for (const Ship& s : ships_) {
    if (s.place == Place::kAtSea) at_sea.push_back(&s);
  }
  std::sort(at_sea.begin(), at_sea.end(), [](const Ship* a, const Ship* b) { return a->id < b->id; });
  for (const Ship* s : at_sea) {
    pb::ShipAtSea* out_ship = view->add_ships_at_sea();
    const Seat owner = owner_of(*s);
    out_ship->set_ship_id(s->id);
    out_ship->set_owner(owner);
    out_ship->set_treasure(s->treasure);
    out_ship->set_revealed(s->revealed);
    // LOM-H-1/H-2: the base is the owner's secret until an attack shows it.
    const bool known = s->revealed || (!viewer.is_spectator() && viewer.seat() == owner);
    out_ship->set_base(known ? base_of(s->armed) : pb::BASE_UNKNOWN);
  }
  if (!viewer.is_spectator()) {
    pb::OwnReserve* own = view->mutable_own_reserve();
    own->set_armed(reserve_count(viewer.seat(), true));
    own->set_unarmed(reserve_count(viewer.seat(), false));
    const Ship* ships = ships_of(viewer.seat());
    for (int k = 0; k < kShipsPerPlayer; ++k) {
      if (ships[k].place == Place::kChosen) own->set_preliminary_choice(base_of(ships[k].armed));
    }
  }
  return out;
}

}  // namespace brethren::rules::letter_of_marque
