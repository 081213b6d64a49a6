// Port Royal: the legal actions of a seat, and why any other is not.
#include <string>

#include "rules/port_royal_pfister/port_royal_pfister.h"

namespace brethren::rules::port_royal_pfister {

bool PortRoyalState::can_take(Seat seat, int position) const {
  if (position < 0 || position >= static_cast<int>(harbor_.size())) return false;
  const int id = harbor_[position];
  if (card(id).type == Type::kShip) return true;  // PRP-29: compensation may come from the ship's income
  const int compensation = seat == active_ ? 0 : 1;
  return coins(seat) >= hire_cost(seat, id) + compensation;
}

bool PortRoyalState::can_fulfil(Seat seat, const Action& f) const {
  // PRP-26, PRP-33: one person per symbol; Jacks stand for any one symbol.
  if (expedition_position(f.expedition) < 0) return false;
  const CardKind& e = expedition_kind(f.expedition);
  if (f.jacks_anchor > e.anchors || f.jacks_cross > e.crosses || f.jacks_house > e.houses) return false;
  return count_person(seat, Person::kJack) >= f.jacks_anchor + f.jacks_cross + f.jacks_house &&
         count_person(seat, Person::kCaptain) >= e.anchors - f.jacks_anchor &&
         count_person(seat, Person::kPriest) >= e.crosses - f.jacks_cross &&
         count_person(seat, Person::kSettler) >= e.houses - f.jacks_house;
}

void PortRoyalState::add_fulfil_actions(Seat seat, std::vector<ActionId>& out) const {
  // PRP-27: only the active player, during his own turn.
  if (seat != active_) return;
  bool present[kNumExpeditionKinds] = {};
  for (int id : expeditions_) present[expedition_index(id)] = true;
  for (int e = 0; e < kNumExpeditionKinds; ++e) {
    if (!present[e]) continue;
    // Ascending ids: anchor Jacks, then cross, then house (action.h).
    for (int a = 0; a <= kMaxJacksPerSymbol; ++a) {
      for (int c = 0; c <= kMaxJacksPerSymbol; ++c) {
        for (int h = 0; h <= kMaxJacksPerSymbol; ++h) {
          const Action f = Action::fulfil(e, a, c, h);
          if (can_fulfil(seat, f)) out.push_back(encode(f));
        }
      }
    }
  }
}

void PortRoyalState::fill_legal_actions(Seat seat, std::vector<ActionId>& out) const {
  out.clear();
  if (seat < 0 || seat >= num_seats()) return;
  switch (phase_) {
    case Phase::kDiscover:
      if (seat != active_) return;
      if (can_draw()) out.push_back(encode(Action::simple(Kind::kDraw)));                 // PRP-11, PRP-A-10
      if (drawn_ > 0 || !can_draw()) out.push_back(encode(Action::simple(Kind::kStop)));  // PRP-11: draw first
      if (!expeditions_.empty()) add_fulfil_actions(seat, out);
      return;
    case Phase::kRepel:
      if (seat != active_) return;
      out.push_back(encode(Action::simple(Kind::kRepel)));
      out.push_back(encode(Action::simple(Kind::kDock)));
      return;
    case Phase::kTradeHire:
      if (seat != taking_) return;
      out.push_back(encode(Action::simple(Kind::kPass)));
      if (cards_left() > 0) {
        for (int p = 0; p < static_cast<int>(harbor_.size()); ++p) {
          if (can_take(seat, p)) out.push_back(encode(Action::take(p)));
        }
      }
      if (!expeditions_.empty()) add_fulfil_actions(seat, out);
      return;
    case Phase::kFinished: return;
  }
}

std::string PortRoyalState::illegal_reason(Seat seat, ActionId id) const {
  const Action a = decode(id);
  switch (a.kind) {
    case Kind::kDraw:
      if (phase_ == Phase::kRepel) return "first decide whether to repel the ship just drawn (PRP-13)";
      if (phase_ == Phase::kTradeHire) return "Phase 1 is over: cards are drawn only before stopping (PRP-11)";
      if (discard_.empty()) return "the draw pile and the discard pile are both empty (PRP-A-10)";
      return "the draw pile is empty and the discard pile has been reshuffled " + std::to_string(kMaxReshuffles) +
             " times, the most a game allows (PRP-A-14)";
    case Kind::kStop:
      if (phase_ == Phase::kDiscover) return "you must draw at least one card before stopping (PRP-11)";
      if (phase_ == Phase::kRepel) return "first decide whether to repel the ship just drawn (PRP-13)";
      return "you stopped already; take cards or pass (PRP-19)";
    case Kind::kRepel:
    case Kind::kDock:
      return "no ship is waiting to be repelled: a ship is repelled only right after it is drawn, and only when "
             "it has no skull and your swords are at least its sword value (PRP-13)";
    case Kind::kPass: return "passing ends a Phase-2 opportunity; in Phase 1 stop instead (PRP-11, PRP-23)";
    case Kind::kTake: {
      if (phase_ != Phase::kTradeHire)
        return "cards are taken from the harbor display in Phase 2 only (PRP-24, PRP-25)";
      if (a.position >= static_cast<int>(harbor_.size())) return "no card lies at that position of the harbor display";
      if (cards_left() == 0) return "you have taken as many cards as you may (PRP-19, PRP-20, PRP-21)";
      const int compensation = seat == active_ ? 0 : 1;
      return "you cannot pay for that person: it costs " + std::to_string(hire_cost(seat, harbor_[a.position])) +
             (compensation ? " plus 1 coin for the active player (PRP-29)" : " (PRP-25, PRP-38)");
    }
    case Kind::kFulfil: {
      if (seat != active_) return "only the active player may fulfil Expeditions, during his own turn (PRP-27)";
      if (phase_ == Phase::kRepel) return "first decide whether to repel the ship just drawn (PRP-13)";
      if (expedition_position(a.expedition) < 0) return "that Expedition is not in the expedition area (PRP-26)";
      const CardKind& e = expedition_kind(a.expedition);
      if (a.jacks_anchor > e.anchors || a.jacks_cross > e.crosses || a.jacks_house > e.houses)
        return "more Jacks of all Trades named for a symbol than the Expedition requires (PRP-26, PRP-33)";
      return "your persons do not provide the Expedition's symbols that way (PRP-26, PRP-32, PRP-33)";
    }
  }
  return "that action is not allowed now";
}

bool PortRoyalState::only_pass_possible() const {
  std::vector<ActionId> legal;
  fill_legal_actions(taking_, legal);
  return legal.size() <= 1;
}

}  // namespace brethren::rules::port_royal_pfister
