// Port Royal (Panning): loading a serialized state, refusing impossible values.
#include <algorithm>

#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules::port_royal_panning {

void PortRoyalPanningState::load_game(Reader& in) {
  archive(*this, in);
  if (in.ok() && !well_formed()) in.fail();
}

bool PortRoyalPanningState::well_formed() const {
  const int n = num_seats();
  auto seat_or_none = [n](int s) { return s >= -1 && s < n; };
  auto crew_ok = [](const std::vector<int>& v) {
    return std::all_of(v.begin(), v.end(), [](int c) { return c >= 0 && c < kCrewCards; });
  };
  auto loot_ok = [](int l) { return l >= 0 && l < kLootCards; };
  if (n < 3 || n > 4 || static_cast<int>(players_.size()) != n) return false;
  if (static_cast<int>(loot_values_.size()) != kStandardLoot) return false;
  if (phase_ < Phase::kAuction || phase_ > Phase::kFinished || round_ < 1 || round_ > kRounds) return false;
  if (dealer_ < 0 || dealer_ >= n || !seat_or_none(current_) || !seat_or_none(privileged_)) return false;
  if (!seat_or_none(high_bidder_) || !seat_or_none(trick_leader_) || trump_ < -1 || trump_ >= kColours) return false;
  if (phase_ != Phase::kFinished && current_ < 0) return false;
  if (pending_loot_ < -1 || pending_loot_ >= kLootCards || pirate_ < -1 || pirate_ >= kLootCards) return false;
  if (!crew_ok(face_up_) || !crew_ok(taken_face_up_) || !crew_ok(set_aside_)) return false;
  if (static_cast<int>(tricks_.size()) > kTricks) return false;
  if (phase_ == Phase::kPlay && tricks_.empty()) return false;
  for (const auto& trick : tricks_) {
    if (static_cast<int>(trick.size()) > n) return false;
    for (const Play& pl : trick) {
      if (pl.seat < 0 || pl.seat >= n || pl.card < 0 || pl.card >= kCrewCards) return false;
    }
  }
  for (const Player& p : players_) {
    if (!crew_ok(p.hand)) return false;
    for (const Ship& ship : p.ships) {
      if (!std::all_of(ship.loot.begin(), ship.loot.end(), loot_ok)) return false;
      if (static_cast<int>(ship.prisoners.size()) > kMaxPrisonersOnShip) return false;
    }
  }
  if (!std::all_of(loot_deck_.begin(), loot_deck_.end(), loot_ok)) return false;
  if (!std::all_of(removed_loot_.begin(), removed_loot_.end(), loot_ok)) return false;
  return std::all_of(available_.begin(), available_.end(), [&](const LootSlot& s) { return loot_ok(s.loot); });
}

}  // namespace brethren::rules::port_royal_panning
