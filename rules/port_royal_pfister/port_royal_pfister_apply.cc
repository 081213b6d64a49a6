// Port Royal: applying a legal action: the turn sequence, the piles and
// coins, and the persons' abilities.
#include <algorithm>

#include "rules/port_royal_pfister/port_royal_pfister.h"

namespace brethren::rules::port_royal_pfister {
namespace pb = v1::port_royal_pfister;
namespace {

// PRP-19: differently coloured ships -> base allowance.
int allowance_for_colours(int colours) { return colours <= 3 ? 1 : colours == 4 ? 2 : 3; }

}  // namespace

// --- Coins and the piles -------------------------------------------------------

std::optional<int> PortRoyalState::draw_card() {
  if (draw_.empty()) {
    if (!can_reshuffle()) return std::nullopt;  // PRP-A-10, PRP-A-14
    // PRP-10, PRP-H-6: the discard pile becomes a new, hidden draw pile.
    draw_.swap(discard_);
    rng().shuffle(draw_);
    ++generation_;
    for (int id : draw_) card_generation_[id] = static_cast<std::uint8_t>(generation_);
    emit_reshuffled();
  }
  const int id = draw_.back();
  draw_.pop_back();
  return id;
}

int PortRoyalState::gain(Seat seat, int n) {
  // PRP-8: one card at a time from the draw pile, face down (PRP-H-2).
  int got = 0;
  for (; got < n; ++got) {
    const auto id = draw_card();
    if (!id) break;
    players_[seat].coins.push_back(static_cast<std::uint8_t>(*id));
  }
  return got;
}

void PortRoyalState::gain_into(Seat seat, int n, google::protobuf::RepeatedPtrField<pb::CoinGain>* out) {
  const int got = gain(seat, n);
  if (got == 0) return;
  auto* g = out->Add();
  g->set_seat(seat);
  g->set_count(got);
}

void PortRoyalState::pay_to_discard(Seat seat, int n, pb::CoinPayment* out) {
  // PRP-9, PRP-A-7: last gained first; PRP-H-4: the fronts become public.
  out->set_seat(seat);
  out->set_count(n);
  out->set_to_seat(-1);
  auto& coins = players_[seat].coins;
  for (int k = 0; k < n; ++k) {
    const int id = coins.back();
    coins.pop_back();
    discard_.push_back(static_cast<std::uint8_t>(id));
    out->add_revealed(card_proto(id));
  }
}

void PortRoyalState::pay_to_player(Seat seat, Seat to, int n, pb::CoinPayment* out) {
  // PRP-29, PRP-H-5: the coin cards change hands face down. (A ship's income
  // always covers it: the traded ship itself can be drawn again, PRP-10.)
  auto& from = players_[seat].coins;
  n = std::min(n, static_cast<int>(from.size()));
  for (int k = 0; k < n; ++k) {
    players_[to].coins.push_back(from.back());
    from.pop_back();
  }
  out->set_seat(seat);
  out->set_count(n);
  out->set_to_seat(to);
}

// --- The turn ------------------------------------------------------------------

void PortRoyalState::start_turn() {
  phase_ = Phase::kDiscover;
  drawn_ = 0;
  taken_ = 0;
  base_allowance_ = 0;
  pending_ = -1;
  taking_ = active_;
  // PRP-A-10 (decision): with the draw pile and the discard pile both empty
  // nothing can ever be drawn again and the game could not progress; the end
  // is triggered and the round completed as in PRP-41. PRP-A-14: the same
  // once the draw pile is empty and the discard pile may not be reshuffled.
  if (!can_draw() && !end_triggered_) {
    end_triggered_ = true;
    emit_end_triggered(active_, true);
  }
}

void PortRoyalState::do_draw() {
  const int id = *draw_card();
  ++drawn_;
  const CardKind& c = card(id);
  pb::Event e;
  auto* d = e.mutable_card_drawn();
  d->set_seat(active_);
  d->set_card(card_proto(id));
  bool busted = false;
  switch (c.type) {
    case Type::kPerson:  // PRP-12
      harbor_.push_back(static_cast<std::uint8_t>(id));
      d->set_destination(pb::DESTINATION_HARBOR);
      break;
    case Type::kShip:
      if (!c.skull && swords(active_) >= c.swords) {  // PRP-13: may be repelled
        d->set_destination(pb::DESTINATION_REPEL_CHOICE);
        pending_ = id;
        phase_ = Phase::kRepel;
      } else {
        d->set_destination(pb::DESTINATION_HARBOR);
        busted = dock(id, d->mutable_bust());
        if (!busted) d->clear_bust();
      }
      break;
    case Type::kExpedition:  // PRP-16
      expeditions_.push_back(static_cast<std::uint8_t>(id));
      d->set_destination(pb::DESTINATION_EXPEDITIONS);
      break;
    case Type::kTax:
      d->set_destination(pb::DESTINATION_TAX);
      resolve_tax(id, d);
      break;
  }
  publish(std::move(e));
  if (busted) end_turn();
}

bool PortRoyalState::dock(int id, pb::Bust* bust) {
  // PRP-14, PRP-15
  harbor_.push_back(static_cast<std::uint8_t>(id));
  const Colour colour = card(id).colour;
  const auto same = std::count_if(harbor_.begin(), harbor_.end(),
                                  [colour](int h) { return card(h).type == Type::kShip && card(h).colour == colour; });
  if (same < 2) return false;
  bust->set_colour(static_cast<pb::Colour>(colour));
  for (int h : harbor_) {
    bust->add_discarded(card_proto(h));
    discard_.push_back(static_cast<std::uint8_t>(h));
  }
  harbor_.clear();
  // PRP-15, PRP-36(b): every player gains 1 coin per Jester.
  for (int k = 0; k < num_seats(); ++k) {
    const Seat s = (active_ + k) % num_seats();
    gain_into(s, count_person(s, Person::kJester), bust->mutable_jester_coins());
  }
  return true;
}

void PortRoyalState::resolve_tax(int id, pb::CardDrawn* out) {
  // PRP-17 step 1: 12 or more coins -> lose half, rounded down.
  for (int k = 0; k < num_seats(); ++k) {
    const Seat s = (active_ + k) % num_seats();
    if (coins(s) >= kTaxThreshold) pay_to_discard(s, coins(s) / 2, out->add_tax_losses());
  }
  // Step 2 (PRP-18, PRP-A-8): every seat tied for most swords / fewest points.
  const bool by_swords = card(id).tax == Tax::kMostSwords;
  std::vector<int> value(num_seats());
  for (Seat s = 0; s < num_seats(); ++s) value[s] = by_swords ? swords(s) : -points(s);
  const int best = *std::max_element(value.begin(), value.end());
  for (int k = 0; k < num_seats(); ++k) {
    const Seat s = (active_ + k) % num_seats();
    if (value[s] != best) continue;
    out->add_rewarded(s);
    gain_into(s, 1, out->mutable_rewards());
  }
  // Step 3: the card goes to the discard pile.
  discard_.push_back(static_cast<std::uint8_t>(id));
}

void PortRoyalState::stop() {
  // PRP-19, PRP-A-3: the allowance is fixed now.
  bool seen[kNumColours + 1] = {};
  int colours = 0;
  for (int h : harbor_) {
    const CardKind& c = card(h);
    if (c.type == Type::kShip && !seen[static_cast<int>(c.colour)]) {
      seen[static_cast<int>(c.colour)] = true;
      ++colours;
    }
  }
  base_allowance_ = allowance_for_colours(colours);
  emit_stopped(colours);
  phase_ = Phase::kTradeHire;
  taking_ = active_;
  begin_opportunity();
}

void PortRoyalState::begin_opportunity() {
  taken_ = 0;
  pb::Event e;
  auto* o = e.mutable_opportunity_bonus();
  o->set_seat(taking_);
  // PRP-35, PRP-A-5: 2 coins per Admiral with 5+ cards in the harbor display.
  if (static_cast<int>(harbor_.size()) >= kAdmiralHarbor)
    o->set_admiral_coins(gain(taking_, kAdmiralCoins * count_person(taking_, Person::kAdmiral)));
  // PRP-36(a), PRP-A-6: a non-active player facing an empty harbor display.
  if (taking_ != active_ && harbor_.empty()) o->set_jester_coins(gain(taking_, count_person(taking_, Person::kJester)));
  if (o->admiral_coins() > 0 || o->jester_coins() > 0) publish(std::move(e));
  if (only_pass_possible()) next_opportunity();
}

void PortRoyalState::next_opportunity() {
  // PRP-21: the others in clockwise order; PRP-30: then the harbor is cleared.
  taking_ = (taking_ + 1) % num_seats();
  if (taking_ != active_) {
    begin_opportunity();
    return;
  }
  if (!harbor_.empty()) {
    emit_harbor_cleared();
    discard_.insert(discard_.end(), harbor_.begin(), harbor_.end());
    harbor_.clear();
  }
  end_turn();
}

void PortRoyalState::take(Seat seat, int position) {
  const int id = harbor_[position];
  harbor_.erase(harbor_.begin() + position);
  ++taken_;
  const CardKind& c = card(id);
  pb::Event e;
  if (c.type == Type::kShip) {
    // PRP-24, PRP-31: coin value + 1 per Trader of that colour.
    discard_.push_back(static_cast<std::uint8_t>(id));
    const int income = c.coins + traders(seat, c.colour);
    auto* t = e.mutable_ship_traded();
    t->set_seat(seat);
    t->set_card(card_proto(id));
    t->set_income(income);
    t->set_coins_gained(gain(seat, income));
    // PRP-29: gain first, then compensate the active player.
    if (seat != active_) pay_to_player(seat, active_, 1, t->mutable_compensation());
    publish(std::move(e));
  } else {
    auto* h = e.mutable_person_hired();
    h->set_seat(seat);
    h->set_card(card_proto(id));
    // PRP-29: a non-active player pays the active player before hiring.
    if (seat != active_) pay_to_player(seat, active_, 1, h->mutable_compensation());
    // PRP-25, PRP-38
    const int cost = hire_cost(seat, id);
    h->set_cost(cost);
    pay_to_discard(seat, cost, h->mutable_payment());
    players_[seat].persons.push_back(static_cast<std::uint8_t>(id));
    publish(std::move(e));
    check_end_trigger();
  }
  if (only_pass_possible()) next_opportunity();
}

void PortRoyalState::fulfil(Seat seat, const Action& f) {
  // PRP-26: discard the persons, take the Expedition and its coins.
  const CardKind& e = expedition_kind(f.expedition);
  const int position = expedition_position(f.expedition);
  const int id = expeditions_[position];
  expeditions_.erase(expeditions_.begin() + position);
  Player& p = players_[seat];
  pb::Event event;
  auto* out = event.mutable_expedition_fulfilled();
  out->set_seat(seat);
  out->set_expedition(card_proto(id));
  const std::pair<Person, int> discards[] = {
      {Person::kCaptain, e.anchors - f.jacks_anchor},
      {Person::kPriest, e.crosses - f.jacks_cross},
      {Person::kSettler, e.houses - f.jacks_house},
      {Person::kJack, f.jacks_anchor + f.jacks_cross + f.jacks_house},
  };
  for (const auto& [type, n] : discards) {
    for (int k = 0; k < n; ++k) {
      // The last hired of that type (persons of one symbol are all alike).
      auto it = std::find_if(p.persons.rbegin(), p.persons.rend(),
                             [type = type](int pid) { return card(pid).person == type; });
      const int pid = *it;
      p.persons.erase(std::next(it).base());
      discard_.push_back(static_cast<std::uint8_t>(pid));
      out->add_discarded(card_proto(pid));
    }
  }
  p.expeditions.push_back(static_cast<std::uint8_t>(id));
  out->set_coins_gained(gain(seat, e.coins));
  publish(std::move(event));
  check_end_trigger();
  if (phase_ == Phase::kTradeHire && only_pass_possible()) next_opportunity();
}

void PortRoyalState::check_end_trigger() {
  // PRP-40, PRP-A-12: checked after every change, whoever is active.
  if (end_triggered_) return;
  for (Seat s = 0; s < num_seats(); ++s) {
    if (!qualifies_for_end(s)) continue;
    end_triggered_ = true;
    emit_end_triggered(s, false);
    return;
  }
}

void PortRoyalState::end_turn() {
  // PRP-41: the round ends with the seat to the right of the starting player.
  if (end_triggered_ && (active_ + 1) % num_seats() == start_) {
    phase_ = Phase::kFinished;
    pending_ = -1;
    emit_game_ended();
    return;
  }
  active_ = (active_ + 1) % num_seats();
  start_turn();
}

void PortRoyalState::do_apply(Seat seat, ActionId id) {
  const Action a = decode(id);
  switch (a.kind) {
    case Kind::kDraw: do_draw(); return;
    case Kind::kStop: stop(); return;
    case Kind::kRepel: {
      // PRP-13: the ship goes to the discard pile.
      const int card_id = pending_;
      pending_ = -1;
      phase_ = Phase::kDiscover;
      discard_.push_back(static_cast<std::uint8_t>(card_id));
      emit_ship_repelled(seat, card_id);
      return;
    }
    case Kind::kDock: {
      const int card_id = pending_;
      pending_ = -1;
      phase_ = Phase::kDiscover;
      pb::Event e;
      auto* d = e.mutable_ship_docked();
      d->set_seat(seat);
      d->set_card(card_proto(card_id));
      const bool busted = dock(card_id, d->mutable_bust());  // PRP-A-11: may bust
      if (!busted) d->clear_bust();
      publish(std::move(e));
      if (busted) end_turn();
      return;
    }
    case Kind::kPass:
      emit_passed(seat);
      next_opportunity();
      return;
    case Kind::kTake: take(seat, a.position); return;
    case Kind::kFulfil: fulfil(seat, a); return;
  }
}

}  // namespace brethren::rules::port_royal_pfister
