// Letter of Marque: typed actions, per-viewer views and the outcome.
#include <algorithm>

#include "rules/letter_of_marque/letter_of_marque.h"

namespace brethren::rules::letter_of_marque {
namespace pb = v1::letter_of_marque;
namespace {

constexpr const char* kColours[] = {"red", "blue", "green", "yellow", "purple", "orange"};

pb::Base base_of(bool armed) { return armed ? pb::BASE_ARMED : pb::BASE_UNARMED; }

}  // namespace

v1::GameAction LetterOfMarqueState::encode_action(Seat, ActionId a) const {
  v1::GameAction out;
  pb::Action* act = out.mutable_letter_of_marque();
  if (a <= action::kChooseArmed) {
    act->mutable_choose_ship()->set_armed(a == action::kChooseArmed);
  } else if (a <= action::kDepartArmed) {
    act->mutable_depart()->set_armed(a == action::kDepartArmed);
  } else if (a == action::kPass) {
    act->mutable_pass();
  } else if (a < action::kAttackBase) {
    act->mutable_return_ship()->set_ship_id(static_cast<int>(a - action::kReturnBase) + 1);
  } else {
    act->mutable_attack()->set_ship_id(static_cast<int>(a - action::kAttackBase) + 1);
  }
  return out;
}

Result<ActionId> LetterOfMarqueState::decode_action(Seat, const v1::GameAction& action) const {
  if (!action.has_letter_of_marque()) return make_error(ErrorCode::kMalformedAction, "not a Letter of Marque action");
  const pb::Action& act = action.letter_of_marque();
  auto ship = [](int id) -> Result<int> {
    if (id < 1 || id > kMaxShips) return make_error(ErrorCode::kMalformedAction, "ship_id must be 1..30");
    return id;
  };
  switch (act.kind_case()) {
    case pb::Action::kChooseShip:
      return act.choose_ship().armed() ? action::kChooseArmed : action::kChooseUnarmed;
    case pb::Action::kDepart:
      return act.depart().armed() ? action::kDepartArmed : action::kDepartUnarmed;
    case pb::Action::kPass:
      return action::kPass;
    case pb::Action::kReturnShip: {
      auto id = ship(act.return_ship().ship_id());
      if (!id) return id.error();
      return action::return_ship(*id);
    }
    case pb::Action::kAttack: {
      auto id = ship(act.attack().ship_id());
      if (!id) return id.error();
      return action::attack(*id);
    }
    case pb::Action::KIND_NOT_SET:
      break;
  }
  return make_error(ErrorCode::kMalformedAction, "the action names none of choose_ship, depart, return_ship, attack, pass");
}

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

v1::MatchOutcome LetterOfMarqueState::outcome() const {
  // LOM-15: highest score; then most cannon cards; still tied: shared victory.
  std::vector<std::vector<int>> keys;
  for (Seat s = 0; s < num_seats(); ++s) keys.push_back({score(s), cannons_held(s)});
  auto result = rank_outcome(keys, "");
  std::vector<std::string> winners;
  int best = 0;
  for (const auto& r : result.seats()) {
    if (r.winner()) {
      winners.push_back(kColours[r.seat()]);
      best = r.score();
    }
  }
  std::string summary;
  for (std::size_t i = 0; i < winners.size(); ++i) summary += (i ? " and " : "") + winners[i];
  summary += winners.size() == 1 ? " wins" : " share the victory";
  summary += " with " + std::to_string(best) + " points";
  result.set_summary(summary);
  return result;
}

}  // namespace brethren::rules::letter_of_marque
