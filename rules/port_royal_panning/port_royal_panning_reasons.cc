// Port Royal (Panning): why an action is illegal now, citing the rule.
#include <algorithm>
#include <numeric>

#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules::port_royal_panning {
namespace {
bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }
}  // namespace

// --- Why not -------------------------------------------------------------------------

std::string PortRoyalPanningState::play_reason(Seat seat, int card) const {
  const Player& p = players_[seat];
  if (!contains(p.hand, card)) return "that crew card is not in your hand (PRQ-H-1)";
  const int led = led_colour();
  const bool has_led = std::any_of(p.hand.begin(), p.hand.end(), [&](int c) { return colour_of(c) == led; });
  if (!has_led) return "you hold no card of the led colour but a ghost: you must play a ghost card (PRQ-19)";
  return "you may play trump only when you hold no card of the led colour (PRQ-18)";
}

std::string PortRoyalPanningState::resolve_reason(Seat seat, ActionId a) const {
  const Player& p = players_[seat];
  const int loot = pending_loot_;
  if (a >= action::kPlaceLoot && a < action::kPayDown) {
    if (loot == kRemove1Id || loot == kMove1Id)
      return "Remove 1 card and Move 1 card are not placed on a ship (PRQ-26, PRQ-35, PRQ-36)";
    return "a standard loot card goes on the ship of its own good (PRQ-25)";
  }
  if (a == action::kPayDown) {
    if (seat != privileged_) return "only the privileged player of this round may pay down his bid (PRQ-29)";
    if (is_special(loot) && !special_def(loot).pays_down)
      return "only standard loot, +8 and +6 may pay down a bid (PRQ-29)";
    return "your bid cube already stands on your debt cube: nothing to pay down (PRQ-29)";
  }
  if (a == action::kDiscardWithRemove) {
    if (!p.remove_kept) return "you have no Remove 1 card kept beside your board (PRQ-35)";
    return "the Remove 1 card you won is resolved first (PRQ-35)";
  }
  if (a == action::kKeepRemove || (a >= action::kRemoveLoot && a < action::kMoveSpecial)) {
    if (loot != kRemove1Id) return "only a Remove 1 card just won allows this (PRQ-35)";
    return "that card is not on one of your ships (PRQ-35)";
  }
  if (a >= action::kMoveSpecial && a < action::kPlacePrisoner) {
    if (loot != kMove1Id) return "only a Move 1 card just won allows moving a card (PRQ-27, PRQ-36)";
    return "Move 1 card moves one of your special or prisoner cards to another of your ships (PRQ-36)";
  }
  return "decide about the loot card you just won first (PRQ-23)";
}

std::string PortRoyalPanningState::illegal_reason(Seat seat, ActionId a) const {
  const Player& p = players_[seat];
  switch (phase_) {
    case Phase::kAuction:
      if (a < action::kPass) {
        const int amount = static_cast<int>(a - action::kBid) + 1;
        if (amount <= high_bid_)
          return "a bid must be higher than the current bid of " + std::to_string(high_bid_) + " (PRQ-9)";
        return "debt + bid may not exceed 19 tons; your debt is " + std::to_string(p.debt) + " (PRQ-10)";
      }
      return "the auction for the privileges is on: bid or pass (PRQ-9)";
    case Phase::kExchange:
      if (a >= action::kSetAside && a < action::kTrump) return "that crew card is not in your hand (PRQ-13)";
      return "first set aside 2 crew cards face down (PRQ-13)";
    case Phase::kNameTrump:
      return "name the trump colour now (PRQ-13)";
    case Phase::kNameLeader:
      return "name the player who leads the first trick (PRQ-13)";
    case Phase::kChooseLoot:
      if (a >= action::kChooseLoot && a < action::kPlay) return "that loot card is not available (PRQ-14)";
      return "place the pirate figure on an available loot card first (PRQ-14)";
    case Phase::kPlay:
      if (a >= action::kPlay && a < action::kPlaceLoot) return play_reason(seat, static_cast<int>(a - action::kPlay));
      return "play a crew card (PRQ-15, PRQ-16)";
    case Phase::kResolveLoot:
      return resolve_reason(seat, a);
    case Phase::kPlacePrisoner:
      return "place the prisoner card you won face down on one of your ships (PRQ-28)";
    case Phase::kFinished:
      break;
  }
  return "the game has ended (PRQ-43)";
}

}  // namespace brethren::rules::port_royal_panning
