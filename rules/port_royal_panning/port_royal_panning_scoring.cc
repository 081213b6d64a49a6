// Port Royal (Panning): ship values, sinking and scores (PRQ-30..34, PRQ-44..46).
#include <algorithm>
#include <numeric>

#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules::port_royal_panning {

ShipScore score_ship(const Ship& ship, int base_capacity, const std::vector<int>& loot_values) {
  ShipScore out;
  out.capacity = base_capacity;
  int value = 0;
  bool doubled = false;
  for (int l : ship.loot) {
    if (!is_special(l)) {
      out.weight += loot_values[l];
      value += loot_values[l];
      continue;
    }
    const SpecialDef& def = special_def(l);
    out.weight += def.value_delta;       // PRQ-30, PRQ-31
    value += def.value_delta;
    out.capacity += def.capacity_delta;  // PRQ-32
    doubled = doubled || def.doubles;    // PRQ-33: value only (PRQ-A-5)
  }
  if (doubled) value *= 2;
  out.loot_value = std::max(0, value);  // PRQ-34
  out.prisoners = std::accumulate(ship.prisoners.begin(), ship.prisoners.end(), 0);
  out.sunk = out.weight > out.capacity;                        // PRQ-44
  out.value = out.sunk ? 0 : out.loot_value + out.prisoners;  // PRQ-45
  return out;
}

ShipScore PortRoyalPanningState::ship_score(Seat seat, int ship) const {
  return score_ship(players_[seat].ships[ship], capacity(), loot_values_);
}

int PortRoyalPanningState::score(Seat seat) const {
  int total = -players_[seat].debt;  // PRQ-46
  for (int ship = 0; ship < kGoods; ++ship) total += ship_score(seat, ship).value;
  return total;
}

}  // namespace brethren::rules::port_royal_panning
