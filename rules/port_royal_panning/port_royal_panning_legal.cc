// Port Royal (Panning): the legal actions of a seat and, for any other
// action, why it is illegal now, citing the rule.
#include <algorithm>
#include <string>

#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules::port_royal_panning {
namespace {

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

}  // namespace

bool play_allowed(const std::vector<int>& hand, bool leading, int led_colour, int trump, int card) {
  if (!contains(hand, card)) return false;
  // PRQ-15, PRQ-A-10: the leader plays anything; after a ghost lead nothing is restricted.
  if (leading || led_colour == kNoColour) return true;
  const bool has_led = std::any_of(hand.begin(), hand.end(), [&](int c) { return colour_of(c) == led_colour; });
  const bool has_ghost = std::any_of(hand.begin(), hand.end(), is_ghost);
  // PRQ-19: void in the led colour with a ghost in hand: a ghost must be played.
  if (!has_led && has_ghost) return is_ghost(card);
  // PRQ-18: trump only when void in the led colour (trump led = following).
  if (colour_of(card) == trump && trump != led_colour && has_led) return false;
  return true;  // PRQ-17: no need to follow
}

// --- Legal actions -----------------------------------------------------------------

void PortRoyalPanningState::fill_legal_actions(Seat seat, std::vector<ActionId>& out) const {
  out.clear();
  if (phase_ == Phase::kFinished || seat != current_) return;
  const Player& p = players_[seat];
  switch (phase_) {
    case Phase::kAuction:
      // PRQ-9, PRQ-10
      for (int amount = high_bid_ + 1; p.debt + amount <= kMaxDebt; ++amount) out.push_back(action::bid(amount));
      out.push_back(action::kPass);
      break;
    case Phase::kExchange:
      for (int c : p.hand) out.push_back(action::set_aside(c));
      break;
    case Phase::kNameTrump:
      for (int c = 0; c < kColours; ++c) out.push_back(action::trump(c));
      break;
    case Phase::kNameLeader:
      for (Seat s = 0; s < num_seats(); ++s) out.push_back(action::leader(s));
      break;
    case Phase::kChooseLoot:
      for (const LootSlot& slot : available_) out.push_back(action::choose_loot(slot.loot));
      break;
    case Phase::kPlay: {
      const bool leading = tricks_.back().empty();
      for (int c : p.hand) {
        if (play_allowed(p.hand, leading, led_colour(), trump_, c)) out.push_back(action::play(c));
      }
      break;
    }
    case Phase::kResolveLoot: {
      const int loot = pending_loot_;
      if (loot == kRemove1Id) {
        // PRQ-35: (b) keep it, or (a) discard it with any card on an own ship.
        out.push_back(action::kKeepRemove);
        for (int ship = 0; ship < kGoods; ++ship) {
          for (int l : p.ships[ship].loot) out.push_back(action::remove_loot(l));
          for (int i = 0; i < static_cast<int>(p.ships[ship].prisoners.size()); ++i) {
            out.push_back(action::remove_prisoner(ship, i));
          }
        }
      } else if (loot == kMove1Id) {
        // PRQ-36 (finish_trick discards it when nothing can move).
        if (p.remove_kept) out.push_back(action::kDiscardWithRemove);
        for (int from = 0; from < kGoods; ++from) {
          const Ship& ship = p.ships[from];
          for (int l : ship.loot) {
            if (!is_special(l)) continue;
            for (int to = 0; to < kGoods; ++to) {
              if (to != from) out.push_back(action::move_special(l, to));
            }
          }
          for (int i = 0; i < static_cast<int>(ship.prisoners.size()); ++i) {
            for (int to = 0; to < kGoods; ++to) {
              if (to != from) out.push_back(action::move_prisoner(from, i, to));
            }
          }
        }
      } else {
        // PRQ-25 / PRQ-26
        if (is_special(loot)) {
          for (int ship = 0; ship < kGoods; ++ship) out.push_back(action::place_loot(ship));
        } else {
          out.push_back(action::place_loot(good_of(loot)));
        }
        // PRQ-29
        if ((!is_special(loot) || special_def(loot).pays_down) && may_pay_down(seat)) {
          out.push_back(action::kPayDown);
        }
        // PRQ-35(b)
        if (p.remove_kept) out.push_back(action::kDiscardWithRemove);
      }
      break;
    }
    case Phase::kPlacePrisoner:
      for (int ship = 0; ship < kGoods; ++ship) out.push_back(action::place_prisoner(ship));
      break;
    case Phase::kFinished: break;
  }
  std::sort(out.begin(), out.end());
}

// --- Why not -------------------------------------------------------------------------

std::string PortRoyalPanningState::play_reason(Seat seat, int card) const {
  const Player& p = players_[seat];
  if (!contains(p.hand, card)) return "that crew card is not in your hand (PRQ-H-1)";
  const int led = led_colour();
  const bool has_led = std::any_of(p.hand.begin(), p.hand.end(), [&](int c) { return colour_of(c) == led; });
  if (!has_led) return "you hold no card of the led colour but a ghost: you must play a ghost card (PRQ-19)";
  return "you may play trump only when you hold no card of the led colour (PRQ-18)";
}

std::string PortRoyalPanningState::resolve_reason(Seat seat, const Action& a) const {
  const Player& p = players_[seat];
  const int loot = pending_loot_;
  if (a.kind == Kind::kPlaceLoot) {
    if (loot == kRemove1Id || loot == kMove1Id)
      return "Remove 1 card and Move 1 card are not placed on a ship (PRQ-26, PRQ-35, PRQ-36)";
    return "a standard loot card goes on the ship of its own good (PRQ-25)";
  }
  if (a.kind == Kind::kPayDown) {
    if (seat != privileged_) return "only the privileged player of this round may pay down his bid (PRQ-29)";
    if (is_special(loot) && !special_def(loot).pays_down)
      return "only standard loot, +8 and +6 may pay down a bid (PRQ-29)";
    return "your bid cube already stands on your debt cube: nothing to pay down (PRQ-29)";
  }
  if (a.kind == Kind::kDiscardWithRemove) {
    if (!p.remove_kept) return "you have no Remove 1 card kept beside your board (PRQ-35)";
    return "the Remove 1 card you won is resolved first (PRQ-35)";
  }
  if (a.kind == Kind::kKeepRemove || a.kind == Kind::kRemoveLoot || a.kind == Kind::kRemovePrisoner) {
    if (loot != kRemove1Id) return "only a Remove 1 card just won allows this (PRQ-35)";
    return "that card is not on one of your ships (PRQ-35)";
  }
  if (a.kind == Kind::kMoveSpecial || a.kind == Kind::kMovePrisoner) {
    if (loot != kMove1Id) return "only a Move 1 card just won allows moving a card (PRQ-27, PRQ-36)";
    return "Move 1 card moves one of your special or prisoner cards to another of your ships (PRQ-36)";
  }
  return "decide about the loot card you just won first (PRQ-23)";
}

std::string PortRoyalPanningState::illegal_reason(Seat seat, ActionId id) const {
  const Player& p = players_[seat];
  const Action a = decode(id);
  switch (phase_) {
    case Phase::kAuction:
      if (a.kind == Kind::kBid) {
        if (a.amount <= high_bid_)
          return "a bid must be higher than the current bid of " + std::to_string(high_bid_) + " (PRQ-9)";
        return "debt + bid may not exceed 19 tons; your debt is " + std::to_string(p.debt) + " (PRQ-10)";
      }
      return "the auction for the privileges is on: bid or pass (PRQ-9)";
    case Phase::kExchange:
      if (a.kind == Kind::kSetAside) return "that crew card is not in your hand (PRQ-13)";
      return "first set aside 2 crew cards face down (PRQ-13)";
    case Phase::kNameTrump: return "name the trump colour now (PRQ-13)";
    case Phase::kNameLeader: return "name the player who leads the first trick (PRQ-13)";
    case Phase::kChooseLoot:
      if (a.kind == Kind::kChooseLoot) return "that loot card is not available (PRQ-14)";
      return "place the pirate figure on an available loot card first (PRQ-14)";
    case Phase::kPlay:
      if (a.kind == Kind::kPlayCard) return play_reason(seat, a.card);
      return "play a crew card (PRQ-15, PRQ-16)";
    case Phase::kResolveLoot: return resolve_reason(seat, a);
    case Phase::kPlacePrisoner: return "place the prisoner card you won face down on one of your ships (PRQ-28)";
    case Phase::kFinished: break;
  }
  return "the game has ended (PRQ-43)";
}

}  // namespace brethren::rules::port_royal_panning
