// Port Royal (Panning): applying a legal action: the auction, the privileges,
// the tricks and the won loot (PRQ-9..36).
#include <algorithm>

#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules::port_royal_panning {
namespace pb = v1::port_royal_panning;
namespace {

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

void erase_one(std::vector<int>& v, int x) { v.erase(std::find(v.begin(), v.end(), x)); }

}  // namespace

void PortRoyalPanningState::do_apply(Seat seat, ActionId id) {
  // Only legal actions get here: the action's kind is the one the phase asks for.
  const Action a = decode(id);
  pb::Event event;
  switch (phase_) {
    case Phase::kAuction: apply_auction(seat, a); return;
    case Phase::kExchange: {
      // PRQ-13.1, PRQ-H-3
      const int card = a.card;
      erase_one(players_[seat].hand, card);
      set_aside_.push_back(card);
      event.mutable_card_set_aside()->set_seat(seat);
      emit_event(std::move(event));
      pb::Event own;
      set_crew(own.mutable_own_card_set_aside()->mutable_card(), card);
      emit_private(seat, std::move(own));
      if (set_aside_.size() == kFaceUpCrew) phase_ = Phase::kNameTrump;
      return;
    }
    case Phase::kNameTrump:
      // PRQ-13.2
      trump_ = a.colour;
      event.mutable_trump_named()->set_seat(seat);
      event.mutable_trump_named()->set_colour(static_cast<pb::Colour>(trump_ + 1));
      emit_event(std::move(event));
      phase_ = Phase::kNameLeader;
      return;
    case Phase::kNameLeader:
      // PRQ-13.3
      trick_leader_ = a.seat;
      current_ = trick_leader_;
      event.mutable_leader_named()->set_seat(seat);
      event.mutable_leader_named()->set_leader(trick_leader_);
      emit_event(std::move(event));
      phase_ = Phase::kChooseLoot;
      return;
    case Phase::kChooseLoot:
      // PRQ-14
      pirate_ = a.loot;
      event.mutable_loot_chosen()->set_seat(seat);
      event.mutable_loot_chosen()->set_loot_id(pirate_);
      emit_event(std::move(event));
      tricks_.emplace_back();
      phase_ = Phase::kPlay;
      return;
    case Phase::kPlay: apply_play(seat, a.card); return;
    case Phase::kResolveLoot: apply_resolve(seat, a); return;
    case Phase::kPlacePrisoner: {
      // PRQ-28: face down, no weight.
      const int ship = a.ship;
      players_[seat].ships[ship].prisoners.push_back(pending_prisoners_.front());
      pending_prisoners_.erase(pending_prisoners_.begin());
      event.mutable_prisoner_placed()->set_seat(seat);
      event.mutable_prisoner_placed()->set_ship(good_pb(ship));
      emit_event(std::move(event));
      if (pending_prisoners_.empty()) after_resolution();
      return;
    }
    case Phase::kFinished: return;
  }
}

void PortRoyalPanningState::apply_auction(Seat seat, const Action& a) {
  pb::Event event;
  if (a.kind == Kind::kPass) {
    players_[seat].passed = true;
    event.mutable_passed()->set_seat(seat);
  } else {
    high_bid_ = a.amount;
    high_bidder_ = seat;
    event.mutable_bid_made()->set_seat(seat);
    event.mutable_bid_made()->set_amount(high_bid_);
  }
  emit_event(std::move(event));
  const int active =
      static_cast<int>(std::count_if(players_.begin(), players_.end(), [](const Player& p) { return !p.passed; }));
  if (high_bidder_ >= 0 && active == 1) {
    end_auction(high_bidder_, false);  // PRQ-9
  } else if (active == 0) {
    end_auction(left_of(dealer_), true);  // PRQ-11
  } else {
    do current_ = left_of(current_);
    while (players_[current_].passed);
  }
}

void PortRoyalPanningState::end_auction(Seat winner, bool nobody_bid) {
  privileged_ = winner;
  const int bid = nobody_bid ? 0 : high_bid_;
  bid_cube_ = players_[winner].debt + bid;  // PRQ-12
  for (Player& p : players_) p.passed = false;
  pb::Event won;
  auto* w = won.mutable_auction_won();
  w->set_seat(winner);
  w->set_bid(bid);
  w->set_bid_cube(bid_cube_);
  w->set_nobody_bid(nobody_bid);
  emit_event(std::move(won));
  // PRQ-13.1: the two face-up cards go into his hand, publicly.
  Player& p = players_[winner];
  taken_face_up_ = face_up_;
  p.hand.insert(p.hand.end(), face_up_.begin(), face_up_.end());
  std::sort(p.hand.begin(), p.hand.end());
  pb::Event taken;
  taken.mutable_face_up_taken()->set_seat(winner);
  for (int c : face_up_) set_crew(taken.mutable_face_up_taken()->add_cards(), c);
  emit_event(std::move(taken));
  face_up_.clear();
  phase_ = Phase::kExchange;
  current_ = winner;
}

void PortRoyalPanningState::apply_play(Seat seat, int card) {
  Player& p = players_[seat];
  std::vector<Play>& trick = tricks_.back();
  const bool leading = trick.empty();
  const int led = led_colour();
  pb::Event event;
  auto* played = event.mutable_card_played();
  played->set_seat(seat);
  set_crew(played->mutable_card(), card);
  // PRQ-18: trumping a colour lead shows a void, publicly.
  if (!leading && led != kNoColour && colour_of(card) == trump_ && trump_ != led && !(p.void_mask & (1 << led))) {
    p.void_mask |= 1 << led;
    played->set_void_marker(static_cast<pb::Colour>(led + 1));
  }
  erase_one(p.hand, card);
  trick.push_back(Play{seat, card});
  emit_event(std::move(event));
  if (static_cast<int>(trick.size()) == num_seats()) {
    finish_trick();
  } else {
    current_ = left_of(seat);  // PRQ-16
  }
}

int trick_winner(const std::vector<Play>& trick, int trump) {
  const bool ghost = std::any_of(trick.begin(), trick.end(), [](const Play& pl) { return is_ghost(pl.card); });
  int best = 0;
  if (ghost) {
    // PRQ-22: colours are ignored; highest number, ties to the card played last.
    for (int i = 1; i < static_cast<int>(trick.size()); ++i) {
      if (crew_value(trick[i].card) >= crew_value(trick[best].card)) best = i;
    }
    return best;
  }
  // PRQ-21: highest trump, else highest card of the led colour.
  const bool trumped =
      std::any_of(trick.begin(), trick.end(), [&](const Play& pl) { return colour_of(pl.card) == trump; });
  const int wins = trumped ? trump : colour_of(trick.front().card);
  best = -1;
  for (int i = 0; i < static_cast<int>(trick.size()); ++i) {
    if (colour_of(trick[i].card) != wins) continue;
    if (best < 0 || crew_value(trick[i].card) > crew_value(trick[best].card)) best = i;
  }
  return best;
}

void PortRoyalPanningState::finish_trick() {
  const std::vector<Play>& trick = tricks_.back();
  const bool ghost = std::any_of(trick.begin(), trick.end(), [](const Play& pl) { return is_ghost(pl.card); });
  const int best = trick_winner(trick, trump_);
  const Seat winner = trick[best].seat;
  // PRQ-23: the marked loot card and its prisoners go to the winner.
  const auto slot =
      std::find_if(available_.begin(), available_.end(), [&](const LootSlot& s) { return s.loot == pirate_; });
  pending_loot_ = slot->loot;
  pending_prisoners_ = slot->prisoners;
  available_.erase(slot);
  pirate_ = -1;
  current_ = winner;
  trick_leader_ = winner;
  pb::Event won;
  auto* tw = won.mutable_trick_won();
  tw->set_seat(winner);
  fill_loot(tw->mutable_loot(), pending_loot_);
  tw->set_prisoners(static_cast<int>(pending_prisoners_.size()));
  tw->set_trick(static_cast<int>(tricks_.size()));
  tw->set_ghost(ghost);
  emit_event(std::move(won));
  if (!pending_prisoners_.empty()) {
    // PRQ-28, PRQ-H-5: the winner alone looks at them.
    pb::Event seen;
    for (int v : pending_prisoners_) seen.mutable_prisoners_seen()->add_values(v);
    emit_private(winner, std::move(seen));
  }
  if (pending_loot_ == kMove1Id && !has_movable(winner)) {
    // PRQ-36: nothing to move, the card is simply discarded.
    removed_loot_.push_back(kMove1Id);
    pb::Event discarded;
    discarded.mutable_move_discarded()->set_seat(winner);
    emit_event(std::move(discarded));
    loot_resolved();
    return;
  }
  phase_ = Phase::kResolveLoot;
  // A won card with a single possible use is resolved by the server: a
  // standard loot card with no alternative to its own ship (PRQ-25), or a
  // Remove 1 card with nothing on the winner's ships to remove (PRQ-35(b)).
  std::vector<ActionId> legal;
  fill_legal_actions(winner, legal);
  if (legal.size() == 1) apply_resolve(winner, decode(legal.front()));
}

void PortRoyalPanningState::apply_resolve(Seat seat, const Action& a) {
  Player& p = players_[seat];
  const int loot = pending_loot_;
  pb::Event event;
  switch (a.kind) {
    case Kind::kPlaceLoot: {
      // PRQ-25, PRQ-26
      p.ships[a.ship].loot.push_back(loot);
      auto* e = event.mutable_loot_placed();
      e->set_seat(seat);
      e->set_loot_id(loot);
      e->set_ship(good_pb(a.ship));
      break;
    }
    case Kind::kPayDown: {
      // PRQ-29: toward the debt cube, never below it; excess is lost.
      const int amount = loot_value(loot);
      bid_cube_ = std::max(p.debt, bid_cube_ - amount);
      removed_loot_.push_back(loot);
      auto* e = event.mutable_bid_paid_down();
      e->set_seat(seat);
      e->set_loot_id(loot);
      e->set_amount(amount);
      e->set_bid_cube(bid_cube_);
      break;
    }
    case Kind::kDiscardWithRemove:
      // PRQ-35(b)
      p.remove_kept = false;
      removed_loot_.push_back(loot);
      removed_loot_.push_back(kRemove1Id);
      event.mutable_discarded_with_remove()->set_seat(seat);
      event.mutable_discarded_with_remove()->set_loot_id(loot);
      break;
    case Kind::kKeepRemove:
      // PRQ-35(b)
      p.remove_kept = true;
      event.mutable_remove_kept()->set_seat(seat);
      break;
    case Kind::kRemoveLoot: {
      // PRQ-35(a): with a loot card from an own ship.
      for (Ship& ship : p.ships) {
        if (contains(ship.loot, a.loot)) erase_one(ship.loot, a.loot);
      }
      removed_loot_.push_back(a.loot);
      removed_loot_.push_back(kRemove1Id);
      auto* e = event.mutable_card_removed();
      e->set_seat(seat);
      e->set_loot_id(a.loot);
      e->set_prisoner_index(-1);
      break;
    }
    case Kind::kRemovePrisoner: {
      // PRQ-35(a): with a face-down prisoner card; it stays face down.
      auto& prisoners = p.ships[a.ship].prisoners;
      p.discarded_prisoners.push_back(prisoners[a.index]);
      prisoners.erase(prisoners.begin() + a.index);
      removed_loot_.push_back(kRemove1Id);
      auto* e = event.mutable_card_removed();
      e->set_seat(seat);
      e->set_loot_id(-1);
      e->set_ship(good_pb(a.ship));
      e->set_prisoner_index(a.index);
      break;
    }
    case Kind::kMoveSpecial: {
      // PRQ-36: a special card to another ship.
      int from = 0;
      while (!contains(p.ships[from].loot, a.loot)) ++from;
      erase_one(p.ships[from].loot, a.loot);
      p.ships[a.to].loot.push_back(a.loot);
      removed_loot_.push_back(kMove1Id);
      auto* e = event.mutable_card_moved();
      e->set_seat(seat);
      e->set_loot_id(a.loot);
      e->set_from(good_pb(from));
      e->set_prisoner_index(-1);
      e->set_to(good_pb(a.to));
      break;
    }
    case Kind::kMovePrisoner: {
      // PRQ-36: a prisoner card to another ship, still face down.
      auto& prisoners = p.ships[a.ship].prisoners;
      p.ships[a.to].prisoners.push_back(prisoners[a.index]);
      prisoners.erase(prisoners.begin() + a.index);
      removed_loot_.push_back(kMove1Id);
      auto* e = event.mutable_card_moved();
      e->set_seat(seat);
      e->set_loot_id(-1);
      e->set_from(good_pb(a.ship));
      e->set_prisoner_index(a.index);
      e->set_to(good_pb(a.to));
      break;
    }
    default: return;  // not a way to resolve a won card: never legal here
  }
  emit_event(std::move(event));
  loot_resolved();
}

void PortRoyalPanningState::loot_resolved() {
  pending_loot_ = -1;
  // PRQ-28, PRQ-A-12: prisoners won with the card are placed in any case.
  if (!pending_prisoners_.empty()) {
    phase_ = Phase::kPlacePrisoner;
    return;
  }
  after_resolution();
}

void PortRoyalPanningState::after_resolution() {
  if (static_cast<int>(tricks_.size()) == kTricks) {
    end_round();  // PRQ-24, PRQ-37
    return;
  }
  phase_ = Phase::kChooseLoot;  // PRQ-23: the winner leads
  current_ = trick_leader_;
}

}  // namespace brethren::rules::port_royal_panning
