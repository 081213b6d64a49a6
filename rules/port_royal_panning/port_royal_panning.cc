// Port Royal (Panning): set-up, round flow, auction, tricks and loot.
#include "rules/port_royal_panning/port_royal_panning.h"

#include <algorithm>
#include <numeric>

namespace brethren::rules::port_royal_panning {
namespace pb = v1::port_royal_panning;
namespace {

v1::GameEvent wrap(pb::Event event) {
  v1::GameEvent out;
  *out.mutable_port_royal_panning() = std::move(event);
  return out;
}

pb::Good good_pb(int ship) { return static_cast<pb::Good>(ship + 1); }

void set_crew(pb::CrewCard* out, int card) {
  out->set_colour(is_ghost(card) ? pb::COLOUR_GHOST : static_cast<pb::Colour>(colour_of(card) + 1));
  out->set_value(crew_value(card));
}

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

void erase_one(std::vector<int>& v, int x) { v.erase(std::find(v.begin(), v.end(), x)); }

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

PortRoyalPanningState::PortRoyalPanningState() : StateBase(kGameId) {}

PortRoyalPanningState::PortRoyalPanningState(const pb::Options& options, int seats, std::uint64_t seed)
    : StateBase(kGameId, seats, seed),
      rotate_left_(options.dealer_rotation() == pb::DEALER_ROTATION_LEFT),
      tie_break_(options.tie_break()) {
  // PRQ-A-6: the loot values come from the room's options.
  loot_values_.resize(kStandardLoot);
  for (int id = 0; id < kStandardLoot; ++id) {
    const int index = id % kLootPerGood;
    if (options.loot_values_size() == kStandardLoot) loot_values_[id] = options.loot_values(id);
    else if (options.loot_values_size() == kLootPerGood) loot_values_[id] = options.loot_values(index);
    else loot_values_[id] = kDefaultLootValues[index];
  }
  players_.resize(seats);
  // PRQ-3: Move 1 card at the bottom of the shuffled loot deck.
  for (int id = 0; id < kLootCards; ++id) {
    if (id != kMove1Id) loot_deck_.push_back(id);
  }
  rng().shuffle(loot_deck_);
  loot_deck_.insert(loot_deck_.begin(), kMove1Id);
  // PRQ-4
  prisoner_deck_.assign(std::begin(kPrisonerValues), std::end(kPrisonerValues));
  rng().shuffle(prisoner_deck_);
  // PRQ-6
  dealer_ = static_cast<Seat>(rng().below(static_cast<std::uint32_t>(seats)));
  start_round();
}

int PortRoyalPanningState::loot_value(int loot) const {
  return is_special(loot) ? special_def(loot).value_delta : loot_values_[loot];
}

std::vector<Seat> PortRoyalPanningState::acting_seats() const {
  if (phase_ == Phase::kFinished) return {};
  return {current_};
}

int PortRoyalPanningState::led_colour() const {
  if (tricks_.empty() || tricks_.back().empty()) return kNoColour;
  return colour_of(tricks_.back().front().card);
}

bool PortRoyalPanningState::has_movable(Seat seat) const {
  for (const Ship& ship : players_[seat].ships) {
    if (!ship.prisoners.empty()) return true;
    if (std::any_of(ship.loot.begin(), ship.loot.end(), is_special)) return true;
  }
  return false;
}

bool PortRoyalPanningState::may_pay_down(Seat seat) const {
  // PRQ-29, PRQ-A-14: the privileged player, in his round, while the bid
  // cube is above the debt cube.
  return seat == privileged_ && bid_cube_ > players_[seat].debt;
}

// --- Round preparation (PRQ-7, PRQ-8) ------------------------------------------

void PortRoyalPanningState::start_round() {
  ++round_;
  // PRQ-7: 9 cards in round 1; later the leftover stays and 8 join it.
  const int reveal = round_ == 1 ? kTricks + 1 : kTricks;
  for (int i = 0; i < reveal && !loot_deck_.empty(); ++i) {
    available_.push_back(LootSlot{loot_deck_.back(), {}});
    loot_deck_.pop_back();
  }
  // PRQ-5, PRQ-8, PRQ-40: the whole crew deck is shuffled and dealt.
  const PlayerCountSetup& setup = setup_for(num_seats());
  std::vector<int> deck;
  for (int c = 0; c < kColours; ++c) {
    for (int v = 1; v <= setup.max_crew_value; ++v) deck.push_back(crew_card(c, v));
  }
  deck.insert(deck.end(), setup.ghosts.begin(), setup.ghosts.end());
  rng().shuffle(deck);
  for (Seat s = 0; s < num_seats(); ++s) {
    Player& p = players_[s];
    p.hand.assign(deck.end() - kHandSize, deck.end());
    deck.resize(deck.size() - kHandSize);
    std::sort(p.hand.begin(), p.hand.end());
    p.passed = false;
    p.void_mask = 0;
  }
  face_up_ = deck;
  std::sort(face_up_.begin(), face_up_.end());
  taken_face_up_.clear();
  set_aside_.clear();
  tricks_.clear();
  privileged_ = -1;
  high_bid_ = 0;
  high_bidder_ = -1;
  bid_cube_ = -1;
  trump_ = -1;
  pirate_ = -1;
  trick_leader_ = -1;
  phase_ = Phase::kAuction;
  current_ = left_of(dealer_);  // PRQ-9

  pb::Event started;
  auto* rs = started.mutable_round_started();
  rs->set_round(round_);
  rs->set_dealer(dealer_);
  rs->set_first_bidder(current_);
  for (const LootSlot& slot : available_) {
    auto* l = rs->add_loot();
    fill_loot(l->mutable_card(), slot.loot);
    l->set_prisoners(static_cast<int>(slot.prisoners.size()));
  }
  for (int c : face_up_) set_crew(rs->add_face_up(), c);
  emit(Audience::everyone(), wrap(std::move(started)));
  for (Seat s = 0; s < num_seats(); ++s) {
    pb::Event dealt;
    for (int c : players_[s].hand) set_crew(dealt.mutable_hand_dealt()->add_cards(), c);
    emit(Audience::only(s), wrap(std::move(dealt)));
  }
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
    case Phase::kFinished:
      break;
  }
  std::sort(out.begin(), out.end());
}

// --- Applying actions ------------------------------------------------------------------

void PortRoyalPanningState::do_apply(Seat seat, ActionId a) {
  pb::Event event;
  switch (phase_) {
    case Phase::kAuction:
      apply_auction(seat, a);
      return;
    case Phase::kExchange: {
      // PRQ-13.1, PRQ-H-3
      const int card = static_cast<int>(a - action::kSetAside);
      erase_one(players_[seat].hand, card);
      set_aside_.push_back(card);
      event.mutable_card_set_aside()->set_seat(seat);
      emit(Audience::everyone(), wrap(std::move(event)));
      pb::Event own;
      set_crew(own.mutable_own_card_set_aside()->mutable_card(), card);
      emit(Audience::only(seat), wrap(std::move(own)));
      if (set_aside_.size() == kFaceUpCrew) phase_ = Phase::kNameTrump;
      return;
    }
    case Phase::kNameTrump:
      // PRQ-13.2
      trump_ = static_cast<int>(a - action::kTrump);
      event.mutable_trump_named()->set_seat(seat);
      event.mutable_trump_named()->set_colour(static_cast<pb::Colour>(trump_ + 1));
      emit(Audience::everyone(), wrap(std::move(event)));
      phase_ = Phase::kNameLeader;
      return;
    case Phase::kNameLeader:
      // PRQ-13.3
      trick_leader_ = static_cast<Seat>(a - action::kLeader);
      current_ = trick_leader_;
      event.mutable_leader_named()->set_seat(seat);
      event.mutable_leader_named()->set_leader(trick_leader_);
      emit(Audience::everyone(), wrap(std::move(event)));
      phase_ = Phase::kChooseLoot;
      return;
    case Phase::kChooseLoot:
      // PRQ-14
      pirate_ = static_cast<int>(a - action::kChooseLoot);
      event.mutable_loot_chosen()->set_seat(seat);
      event.mutable_loot_chosen()->set_loot_id(pirate_);
      emit(Audience::everyone(), wrap(std::move(event)));
      tricks_.emplace_back();
      phase_ = Phase::kPlay;
      return;
    case Phase::kPlay:
      apply_play(seat, static_cast<int>(a - action::kPlay));
      return;
    case Phase::kResolveLoot:
      apply_resolve(seat, a);
      return;
    case Phase::kPlacePrisoner: {
      // PRQ-28: face down, no weight.
      const int ship = static_cast<int>(a - action::kPlacePrisoner);
      players_[seat].ships[ship].prisoners.push_back(pending_prisoners_.front());
      pending_prisoners_.erase(pending_prisoners_.begin());
      event.mutable_prisoner_placed()->set_seat(seat);
      event.mutable_prisoner_placed()->set_ship(good_pb(ship));
      emit(Audience::everyone(), wrap(std::move(event)));
      if (pending_prisoners_.empty()) after_resolution();
      return;
    }
    case Phase::kFinished:
      return;
  }
}

void PortRoyalPanningState::apply_auction(Seat seat, ActionId a) {
  pb::Event event;
  if (a == action::kPass) {
    players_[seat].passed = true;
    event.mutable_passed()->set_seat(seat);
  } else {
    high_bid_ = static_cast<int>(a - action::kBid) + 1;
    high_bidder_ = seat;
    event.mutable_bid_made()->set_seat(seat);
    event.mutable_bid_made()->set_amount(high_bid_);
  }
  emit(Audience::everyone(), wrap(std::move(event)));
  const int active = static_cast<int>(
      std::count_if(players_.begin(), players_.end(), [](const Player& p) { return !p.passed; }));
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
  emit(Audience::everyone(), wrap(std::move(won)));
  // PRQ-13.1: the two face-up cards go into his hand, publicly.
  Player& p = players_[winner];
  taken_face_up_ = face_up_;
  p.hand.insert(p.hand.end(), face_up_.begin(), face_up_.end());
  std::sort(p.hand.begin(), p.hand.end());
  pb::Event taken;
  taken.mutable_face_up_taken()->set_seat(winner);
  for (int c : face_up_) set_crew(taken.mutable_face_up_taken()->add_cards(), c);
  emit(Audience::everyone(), wrap(std::move(taken)));
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
  emit(Audience::everyone(), wrap(std::move(event)));
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
  const auto slot = std::find_if(available_.begin(), available_.end(),
                                 [&](const LootSlot& s) { return s.loot == pirate_; });
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
  emit(Audience::everyone(), wrap(std::move(won)));
  if (!pending_prisoners_.empty()) {
    // PRQ-28, PRQ-H-5: the winner alone looks at them.
    pb::Event seen;
    for (int v : pending_prisoners_) seen.mutable_prisoners_seen()->add_values(v);
    emit(Audience::only(winner), wrap(std::move(seen)));
  }
  if (pending_loot_ == kMove1Id && !has_movable(winner)) {
    // PRQ-36: nothing to move, the card is simply discarded.
    removed_loot_.push_back(kMove1Id);
    pb::Event discarded;
    discarded.mutable_move_discarded()->set_seat(winner);
    emit(Audience::everyone(), wrap(std::move(discarded)));
    loot_resolved();
    return;
  }
  phase_ = Phase::kResolveLoot;
  // A won card with a single possible use is resolved by the server: a
  // standard loot card with no alternative to its own ship (PRQ-25), or a
  // Remove 1 card with nothing on the winner's ships to remove (PRQ-35(b)).
  std::vector<ActionId> legal;
  fill_legal_actions(winner, legal);
  if (legal.size() == 1) apply_resolve(winner, legal.front());
}

void PortRoyalPanningState::apply_resolve(Seat seat, ActionId a) {
  Player& p = players_[seat];
  const int loot = pending_loot_;
  pb::Event event;
  if (a < action::kPayDown) {
    // PRQ-25, PRQ-26
    const int ship = static_cast<int>(a - action::kPlaceLoot);
    p.ships[ship].loot.push_back(loot);
    auto* e = event.mutable_loot_placed();
    e->set_seat(seat);
    e->set_loot_id(loot);
    e->set_ship(good_pb(ship));
  } else if (a == action::kPayDown) {
    // PRQ-29: toward the debt cube, never below it; excess is lost.
    const int amount = loot_value(loot);
    bid_cube_ = std::max(p.debt, bid_cube_ - amount);
    removed_loot_.push_back(loot);
    auto* e = event.mutable_bid_paid_down();
    e->set_seat(seat);
    e->set_loot_id(loot);
    e->set_amount(amount);
    e->set_bid_cube(bid_cube_);
  } else if (a == action::kDiscardWithRemove) {
    // PRQ-35(b)
    p.remove_kept = false;
    removed_loot_.push_back(loot);
    removed_loot_.push_back(kRemove1Id);
    event.mutable_discarded_with_remove()->set_seat(seat);
    event.mutable_discarded_with_remove()->set_loot_id(loot);
  } else if (a == action::kKeepRemove) {
    // PRQ-35(b)
    p.remove_kept = true;
    event.mutable_remove_kept()->set_seat(seat);
  } else if (a < action::kRemovePrisoner) {
    // PRQ-35(a): with a loot card from an own ship.
    const int target = static_cast<int>(a - action::kRemoveLoot);
    for (Ship& ship : p.ships) {
      if (contains(ship.loot, target)) erase_one(ship.loot, target);
    }
    removed_loot_.push_back(target);
    removed_loot_.push_back(kRemove1Id);
    auto* e = event.mutable_card_removed();
    e->set_seat(seat);
    e->set_loot_id(target);
    e->set_prisoner_index(-1);
  } else if (a < action::kMoveSpecial) {
    // PRQ-35(a): with a face-down prisoner card; it stays face down.
    const int code = static_cast<int>(a - action::kRemovePrisoner);
    const int ship = code / kMaxPrisonersOnShip, index = code % kMaxPrisonersOnShip;
    auto& prisoners = p.ships[ship].prisoners;
    p.discarded_prisoners.push_back(prisoners[index]);
    prisoners.erase(prisoners.begin() + index);
    removed_loot_.push_back(kRemove1Id);
    auto* e = event.mutable_card_removed();
    e->set_seat(seat);
    e->set_loot_id(-1);
    e->set_ship(good_pb(ship));
    e->set_prisoner_index(index);
  } else if (a < action::kMovePrisoner) {
    // PRQ-36: a special card to another ship.
    const int code = static_cast<int>(a - action::kMoveSpecial);
    const int target = kStandardLoot + code / kGoods, to = code % kGoods;
    int from = 0;
    while (!contains(p.ships[from].loot, target)) ++from;
    erase_one(p.ships[from].loot, target);
    p.ships[to].loot.push_back(target);
    removed_loot_.push_back(kMove1Id);
    auto* e = event.mutable_card_moved();
    e->set_seat(seat);
    e->set_loot_id(target);
    e->set_from(good_pb(from));
    e->set_prisoner_index(-1);
    e->set_to(good_pb(to));
  } else {
    // PRQ-36: a prisoner card to another ship, still face down.
    const int code = static_cast<int>(a - action::kMovePrisoner);
    const int to = code % kGoods, slot = code / kGoods;
    const int from = slot / kMaxPrisonersOnShip, index = slot % kMaxPrisonersOnShip;
    auto& prisoners = p.ships[from].prisoners;
    p.ships[to].prisoners.push_back(prisoners[index]);
    prisoners.erase(prisoners.begin() + index);
    removed_loot_.push_back(kMove1Id);
    auto* e = event.mutable_card_moved();
    e->set_seat(seat);
    e->set_loot_id(-1);
    e->set_from(good_pb(from));
    e->set_prisoner_index(index);
    e->set_to(good_pb(to));
  }
  emit(Audience::everyone(), wrap(std::move(event)));
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

// --- End of round and game (PRQ-37..47) ----------------------------------------------------

void PortRoyalPanningState::end_round() {
  Player& priv = players_[privileged_];
  priv.debt = bid_cube_;  // PRQ-39
  bid_cube_ = -1;
  for (Player& p : players_) p.void_mask = 0;  // PRQ-38
  set_aside_.clear();                          // PRQ-40
  taken_face_up_.clear();
  LootSlot& leftover = available_.front();
  if (round_ < kRounds && !prisoner_deck_.empty()) {
    // PRQ-41
    leftover.prisoners.push_back(prisoner_deck_.back());
    prisoner_deck_.pop_back();
  }
  const Seat next = rotate_left_ ? left_of(dealer_) : right_of(dealer_);  // PRQ-42
  pb::Event ended;
  auto* e = ended.mutable_round_ended();
  e->set_round(round_);
  e->set_privileged_seat(privileged_);
  e->set_debt(priv.debt);
  e->set_leftover_loot_id(leftover.loot);
  e->set_prisoners_under(static_cast<int>(leftover.prisoners.size()));
  e->set_next_dealer(round_ < kRounds ? next : -1);
  emit(Audience::everyone(), wrap(std::move(ended)));
  if (round_ == kRounds) {
    finish_game();
    return;
  }
  dealer_ = next;
  start_round();
}

void PortRoyalPanningState::finish_game() {
  phase_ = Phase::kFinished;  // PRQ-43
  current_ = -1;
  privileged_ = -1;
  pb::Event ended;
  auto* e = ended.mutable_game_ended();
  for (Seat s = 0; s < num_seats(); ++s) {
    e->add_scores(score(s));
    e->add_debts(players_[s].debt);
    for (int ship = 0; ship < kGoods; ++ship) {
      const ShipScore sc = ship_score(s, ship);
      auto* out = e->add_ships();
      out->set_good(good_pb(ship));
      for (int l : players_[s].ships[ship].loot) fill_loot(out->add_loot(), l);
      for (int v : players_[s].ships[ship].prisoners) out->add_prisoners(v);  // PRQ-H-5: revealed now
      out->set_weight(sc.weight);
      out->set_capacity(sc.capacity);
      out->set_loot_value(sc.loot_value);
      out->set_sunk(sc.sunk);
      out->set_value(sc.value);
    }
  }
  emit(Audience::everyone(), wrap(std::move(ended)));
}

}  // namespace brethren::rules::port_royal_panning
