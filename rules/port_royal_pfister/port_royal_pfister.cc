// Port Royal: set-up, the turn sequence, abilities and hidden-information
// resampling.
#include "rules/port_royal_pfister/port_royal_pfister.h"

#include <algorithm>
#include <numeric>

#include "rules/port_royal_pfister/card_proto.h"

namespace brethren::rules::port_royal_pfister {
namespace pb = v1::port_royal_pfister;
namespace {

v1::GameEvent wrap(pb::Event event) {
  v1::GameEvent out;
  *out.mutable_port_royal_pfister() = std::move(event);
  return out;
}

// PRP-19: differently coloured ships -> base allowance.
int allowance_for_colours(int colours) { return colours <= 3 ? 1 : colours == 4 ? 2 : 3; }

}  // namespace

PortRoyalState::PortRoyalState() : StateBase(kGameId) {}

PortRoyalState::PortRoyalState(const pb::Options& options, int seats, std::uint64_t seed)
    : StateBase(kGameId, seats, seed), end_condition_(options.end_condition()) {
  players_.resize(seats);
  card_generation_.assign(kNumCards, 0);
  // PRP-2, PRP-3: the 5-player Expedition is set out or returned to the box;
  // the other 119 cards form the draw pile.
  for (int id = 0; id < kNumCards; ++id) {
    if (id != kFivePlayerExpedition) draw_.push_back(static_cast<std::uint8_t>(id));
  }
  rng().shuffle(draw_);
  if (seats == 5) expeditions_.push_back(kFivePlayerExpedition);
  // PRP-5: the starting player is drawn at random.
  start_ = active_ = static_cast<Seat>(rng().below(static_cast<std::uint32_t>(seats)));
  pb::Event started;
  started.mutable_game_started()->set_start_seat(start_);
  for (int id : expeditions_) started.mutable_game_started()->add_expeditions(card_proto(id));
  // PRP-4: three coins each, dealt face down.
  for (Seat s = 0; s < seats; ++s) gain_into(s, kStartCoins, started.mutable_game_started()->mutable_coins());
  emit(Audience::everyone(), wrap(std::move(started)));
  start_turn();
}

// --- Queries -----------------------------------------------------------------

std::vector<Seat> PortRoyalState::acting_seats() const {
  switch (phase_) {
    case Phase::kDiscover:
    case Phase::kRepel: return {active_};
    case Phase::kTradeHire: return {taking_};
    case Phase::kFinished: break;
  }
  return {};
}

int PortRoyalState::count_person(Seat seat, Person type) const {
  const auto& persons = players_[seat].persons;
  return static_cast<int>(std::count_if(persons.begin(), persons.end(), [type](int id) { return card(id).person == type; }));
}

int PortRoyalState::traders(Seat seat, Colour colour) const {
  const auto& persons = players_[seat].persons;
  return static_cast<int>(std::count_if(persons.begin(), persons.end(), [colour](int id) {
    return card(id).person == Person::kTrader && card(id).colour == colour;
  }));
}

int PortRoyalState::points(Seat seat) const {
  // PRP-39: shields on persons and expeditions.
  int total = 0;
  for (int id : players_[seat].persons) total += card(id).points;
  for (int id : players_[seat].expeditions) total += card(id).points;
  return total;
}

int PortRoyalState::swords(Seat seat) const {
  // PRP-34: 1 per Sailor, 2 per Pirate.
  int total = 0;
  for (int id : players_[seat].persons) total += card(id).swords;
  return total;
}

int PortRoyalState::hire_cost(Seat seat, int card_id) const {
  // PRP-25, PRP-38: 1 coin less per Mademoiselle, never below 0.
  return std::max(0, card(card_id).cost - count_person(seat, Person::kMademoiselle));
}

int PortRoyalState::cards_left() const {
  if (phase_ != Phase::kTradeHire) return 0;
  // PRP-19..21: base allowance + 1 per Governor (applies at once, PRP-22).
  const int base = taking_ == active_ ? base_allowance_ : 1;
  return std::max(0, base + count_person(taking_, Person::kGovernor) - taken_);
}

bool PortRoyalState::can_draw() const { return !draw_.empty() || can_reshuffle(); }

// PRP-A-14 (decision): after kMaxReshuffles reshuffles the discard pile is not
// shuffled again, so a game where nobody keeps the cards cannot cycle forever.
bool PortRoyalState::can_reshuffle() const { return !discard_.empty() && generation_ < kMaxReshuffles; }

bool PortRoyalState::can_take(Seat seat, int position) const {
  if (position < 0 || position >= static_cast<int>(harbor_.size())) return false;
  const int id = harbor_[position];
  if (card(id).type == Type::kShip) return true;  // PRP-29: compensation may come from the ship's income
  const int compensation = seat == active_ ? 0 : 1;
  return coins(seat) >= hire_cost(seat, id) + compensation;
}

std::optional<PortRoyalState::FulfilChoice> PortRoyalState::fulfil_choice(ActionId a) {
  if (a < action::kFulfilBase || a >= action::kSpaceSize) return std::nullopt;
  const int rel = static_cast<int>(a - action::kFulfilBase);
  const int in_kind = rel % action::kFulfilPerKind;
  return FulfilChoice{rel / static_cast<int>(action::kFulfilPerKind), in_kind / 9, (in_kind / 3) % 3, in_kind % 3};
}

int PortRoyalState::expedition_position(int expedition_index) const {
  for (std::size_t i = 0; i < expeditions_.size(); ++i) {
    if (port_royal_pfister::expedition_index(expeditions_[i]) == expedition_index) return static_cast<int>(i);
  }
  return -1;
}

bool PortRoyalState::can_fulfil(Seat seat, const FulfilChoice& f) const {
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
    for (ActionId a = action::fulfil(e, 0, 0, 0); a < action::fulfil(e + 1, 0, 0, 0); ++a) {
      if (can_fulfil(seat, *fulfil_choice(a))) out.push_back(a);
    }
  }
}

void PortRoyalState::fill_legal_actions(Seat seat, std::vector<ActionId>& out) const {
  out.clear();
  if (seat < 0 || seat >= num_seats()) return;
  switch (phase_) {
    case Phase::kDiscover:
      if (seat != active_) return;
      if (can_draw()) out.push_back(action::kDraw);                  // PRP-11, PRP-A-10
      if (drawn_ > 0 || !can_draw()) out.push_back(action::kStop);   // PRP-11: draw first
      if (!expeditions_.empty()) add_fulfil_actions(seat, out);
      return;
    case Phase::kRepel:
      if (seat != active_) return;
      out.push_back(action::kRepel);
      out.push_back(action::kDock);
      return;
    case Phase::kTradeHire:
      if (seat != taking_) return;
      out.push_back(action::kPass);
      if (cards_left() > 0) {
        for (int p = 0; p < static_cast<int>(harbor_.size()); ++p) {
          if (can_take(seat, p)) out.push_back(action::take(p));
        }
      }
      if (!expeditions_.empty()) add_fulfil_actions(seat, out);
      return;
    case Phase::kFinished: return;
  }
}

std::string PortRoyalState::illegal_reason(Seat seat, ActionId a) const {
  if (a == action::kDraw) {
    if (phase_ == Phase::kRepel) return "first decide whether to repel the ship just drawn (PRP-13)";
    if (phase_ == Phase::kTradeHire) return "Phase 1 is over: cards are drawn only before stopping (PRP-11)";
    if (discard_.empty()) return "the draw pile and the discard pile are both empty (PRP-A-10)";
    return "the draw pile is empty and the discard pile has been reshuffled " + std::to_string(kMaxReshuffles) +
           " times, the most a game allows (PRP-A-14)";
  }
  if (a == action::kStop) {
    if (phase_ == Phase::kDiscover) return "you must draw at least one card before stopping (PRP-11)";
    if (phase_ == Phase::kRepel) return "first decide whether to repel the ship just drawn (PRP-13)";
    return "you stopped already; take cards or pass (PRP-19)";
  }
  if (a == action::kRepel || a == action::kDock) {
    return "no ship is waiting to be repelled: a ship is repelled only right after it is drawn, and only when "
           "it has no skull and your swords are at least its sword value (PRP-13)";
  }
  if (a == action::kPass) return "passing ends a Phase-2 opportunity; in Phase 1 stop instead (PRP-11, PRP-23)";
  if (a < action::kFulfilBase) {
    const int position = static_cast<int>(a - action::kTakeBase);
    if (phase_ != Phase::kTradeHire) return "cards are taken from the harbor display in Phase 2 only (PRP-24, PRP-25)";
    if (position >= static_cast<int>(harbor_.size())) return "no card lies at that position of the harbor display";
    if (cards_left() == 0) return "you have taken as many cards as you may (PRP-19, PRP-20, PRP-21)";
    const int compensation = seat == active_ ? 0 : 1;
    return "you cannot pay for that person: it costs " + std::to_string(hire_cost(seat, harbor_[position])) +
           (compensation ? " plus 1 coin for the active player (PRP-29)" : " (PRP-25, PRP-38)");
  }
  const auto f = fulfil_choice(a);
  if (seat != active_) return "only the active player may fulfil Expeditions, during his own turn (PRP-27)";
  if (phase_ == Phase::kRepel) return "first decide whether to repel the ship just drawn (PRP-13)";
  if (expedition_position(f->expedition) < 0) return "that Expedition is not in the expedition area (PRP-26)";
  const CardKind& e = expedition_kind(f->expedition);
  if (f->jacks_anchor > e.anchors || f->jacks_cross > e.crosses || f->jacks_house > e.houses)
    return "more Jacks of all Trades named for a symbol than the Expedition requires (PRP-26, PRP-33)";
  return "your persons do not provide the Expedition's symbols that way (PRP-26, PRP-32, PRP-33)";
}

// --- Coins and the piles -------------------------------------------------------

std::optional<int> PortRoyalState::draw_card() {
  if (draw_.empty()) {
    if (!can_reshuffle()) return std::nullopt;  // PRP-A-10, PRP-A-14
    // PRP-10, PRP-H-6: the discard pile becomes a new, hidden draw pile.
    draw_.swap(discard_);
    rng().shuffle(draw_);
    ++generation_;
    for (int id : draw_) card_generation_[id] = static_cast<std::uint8_t>(generation_);
    pb::Event e;
    e.mutable_reshuffled()->set_cards(static_cast<int>(draw_.size()));
    emit(Audience::everyone(), wrap(std::move(e)));
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
    pb::Event e;
    e.mutable_end_triggered()->set_seat(active_);
    e.mutable_end_triggered()->set_piles_exhausted(true);
    emit(Audience::everyone(), wrap(std::move(e)));
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
  emit(Audience::everyone(), wrap(std::move(e)));
  if (busted) end_turn();
}

bool PortRoyalState::dock(int id, pb::Bust* bust) {
  // PRP-14, PRP-15
  harbor_.push_back(static_cast<std::uint8_t>(id));
  const Colour colour = card(id).colour;
  const auto same = std::count_if(harbor_.begin(), harbor_.end(), [colour](int h) {
    return card(h).type == Type::kShip && card(h).colour == colour;
  });
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
  pb::Event e;
  auto* s = e.mutable_stopped();
  s->set_seat(active_);
  s->set_colours(colours);
  s->set_allowance(base_allowance_);
  emit(Audience::everyone(), wrap(std::move(e)));
  phase_ = Phase::kTradeHire;
  taking_ = active_;
  begin_opportunity();
}

bool PortRoyalState::only_pass_possible() const {
  std::vector<ActionId> legal;
  fill_legal_actions(taking_, legal);
  return legal.size() <= 1;
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
  if (o->admiral_coins() > 0 || o->jester_coins() > 0) emit(Audience::everyone(), wrap(std::move(e)));
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
    pb::Event e;
    for (int h : harbor_) {
      e.mutable_harbor_cleared()->add_discarded(card_proto(h));
      discard_.push_back(static_cast<std::uint8_t>(h));
    }
    harbor_.clear();
    emit(Audience::everyone(), wrap(std::move(e)));
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
    emit(Audience::everyone(), wrap(std::move(e)));
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
    emit(Audience::everyone(), wrap(std::move(e)));
    check_end_trigger();
  }
  if (only_pass_possible()) next_opportunity();
}

void PortRoyalState::fulfil(Seat seat, const FulfilChoice& f) {
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
      auto it = std::find_if(p.persons.rbegin(), p.persons.rend(), [type = type](int pid) { return card(pid).person == type; });
      const int pid = *it;
      p.persons.erase(std::next(it).base());
      discard_.push_back(static_cast<std::uint8_t>(pid));
      out->add_discarded(card_proto(pid));
    }
  }
  p.expeditions.push_back(static_cast<std::uint8_t>(id));
  out->set_coins_gained(gain(seat, e.coins));
  emit(Audience::everyone(), wrap(std::move(event)));
  check_end_trigger();
  if (phase_ == Phase::kTradeHire && only_pass_possible()) next_opportunity();
}

bool PortRoyalState::qualifies_for_end(Seat seat) const {
  if (points(seat) < kEndPoints) return false;  // PRP-40
  return end_condition_ != pb::END_CONDITION_EXPEDITION || !players_[seat].expeditions.empty();  // PRP-43
}

void PortRoyalState::check_end_trigger() {
  // PRP-40, PRP-A-12: checked after every change, whoever is active.
  if (end_triggered_) return;
  for (Seat s = 0; s < num_seats(); ++s) {
    if (!qualifies_for_end(s)) continue;
    end_triggered_ = true;
    pb::Event e;
    e.mutable_end_triggered()->set_seat(s);
    emit(Audience::everyone(), wrap(std::move(e)));
    return;
  }
}

void PortRoyalState::end_turn() {
  // PRP-41: the round ends with the seat to the right of the starting player.
  if (end_triggered_ && (active_ + 1) % num_seats() == start_) {
    phase_ = Phase::kFinished;
    pending_ = -1;
    pb::Event e;
    auto* g = e.mutable_game_ended();
    for (Seat s = 0; s < num_seats(); ++s) {
      g->add_points(points(s));
      g->add_coins(coins(s));
      g->add_expeditions(static_cast<int>(players_[s].expeditions.size()));
    }
    emit(Audience::everyone(), wrap(std::move(e)));
    return;
  }
  active_ = (active_ + 1) % num_seats();
  start_turn();
}

void PortRoyalState::do_apply(Seat seat, ActionId a) {
  if (auto f = fulfil_choice(a)) {
    fulfil(seat, *f);
    return;
  }
  switch (a) {
    case action::kDraw: do_draw(); return;
    case action::kStop: stop(); return;
    case action::kRepel: {
      // PRP-13: the ship goes to the discard pile.
      const int id = pending_;
      pending_ = -1;
      phase_ = Phase::kDiscover;
      discard_.push_back(static_cast<std::uint8_t>(id));
      pb::Event e;
      e.mutable_ship_repelled()->set_seat(seat);
      e.mutable_ship_repelled()->set_card(card_proto(id));
      emit(Audience::everyone(), wrap(std::move(e)));
      return;
    }
    case action::kDock: {
      const int id = pending_;
      pending_ = -1;
      phase_ = Phase::kDiscover;
      pb::Event e;
      auto* d = e.mutable_ship_docked();
      d->set_seat(seat);
      d->set_card(card_proto(id));
      const bool busted = dock(id, d->mutable_bust());  // PRP-A-11: may bust
      if (!busted) d->clear_bust();
      emit(Audience::everyone(), wrap(std::move(e)));
      if (busted) end_turn();
      return;
    }
    case action::kPass: {
      pb::Event e;
      e.mutable_passed()->set_seat(seat);
      emit(Audience::everyone(), wrap(std::move(e)));
      next_opportunity();
      return;
    }
    default: take(seat, static_cast<int>(a - action::kTakeBase)); return;
  }
}

void PortRoyalState::do_resample_hidden(Viewer, Rng& rng) {
  // PRP-H-1, PRP-H-2: nobody knows the draw pile or any coin's front, but
  // everybody can tell which pile generation each coin came from (coins are
  // paid last-gained first). Permute the hidden cards within each generation.
  std::vector<std::uint8_t*> slots;
  std::vector<std::uint8_t> ids;
  for (int g = 0; g <= generation_; ++g) {
    slots.clear();
    ids.clear();
    auto collect = [&](std::vector<std::uint8_t>& cards) {
      for (auto& id : cards) {
        if (card_generation_[id] == g) slots.push_back(&id);
      }
    };
    collect(draw_);
    for (Player& p : players_) collect(p.coins);
    for (auto* slot : slots) ids.push_back(*slot);
    rng.shuffle(ids);
    for (std::size_t i = 0; i < slots.size(); ++i) *slots[i] = ids[i];
  }
}

}  // namespace brethren::rules::port_royal_pfister
