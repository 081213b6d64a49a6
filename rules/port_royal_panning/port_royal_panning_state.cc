// Port Royal (Panning): set-up of a new match, the round flow around the
// tricks (PRQ-7, PRQ-8, PRQ-37..43), whose move it is, and ship values,
// scores and the outcome (PRQ-30..34, PRQ-44..47).
#include <algorithm>
#include <iterator>
#include <numeric>
#include <string>

#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules::port_royal_panning {
namespace pb = v1::port_royal_panning;

PortRoyalPanningState::PortRoyalPanningState() : StateBase(kGameId) {}

PortRoyalPanningState::PortRoyalPanningState(const pb::Options& options, int seats, std::uint64_t seed)
    : StateBase(kGameId, seats, seed),
      rotate_left_(options.dealer_rotation() == pb::DEALER_ROTATION_LEFT),
      tie_break_(options.tie_break()) {
  // PRQ-A-6: the loot values come from the room's options.
  loot_values_.resize(kStandardLoot);
  for (int id = 0; id < kStandardLoot; ++id) {
    const int index = id % kLootPerGood;
    if (options.loot_values_size() == kStandardLoot)
      loot_values_[id] = options.loot_values(id);
    else if (options.loot_values_size() == kLootPerGood)
      loot_values_[id] = options.loot_values(index);
    else
      loot_values_[id] = kDefaultLootValues[index];
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
  emit_round_started();
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
  emit_round_ended(leftover, next);
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
  emit_game_ended();
}

// --- Ship values and scores (PRQ-30..34, PRQ-44..46) ------------------------------------

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
    out.weight += def.value_delta;  // PRQ-30, PRQ-31
    value += def.value_delta;
    out.capacity += def.capacity_delta;  // PRQ-32
    doubled = doubled || def.doubles;    // PRQ-33: value only (PRQ-A-5)
  }
  if (doubled) value *= 2;
  out.loot_value = std::max(0, value);  // PRQ-34
  out.prisoners = std::accumulate(ship.prisoners.begin(), ship.prisoners.end(), 0);
  out.sunk = out.weight > out.capacity;                       // PRQ-44
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

v1::MatchOutcome PortRoyalPanningState::outcome() const {
  // PRQ-47, PRQ-A-7: highest score; ties shared, or by lower debt if chosen.
  std::vector<std::vector<int>> keys;
  for (Seat s = 0; s < num_seats(); ++s) {
    keys.push_back({score(s)});
    if (tie_break_ == pb::TIE_BREAK_LOWER_DEBT) keys.back().push_back(-players_[s].debt);
  }
  auto result = rank_outcome(keys, "");
  std::string names;
  int winners = 0, best = 0;
  for (const auto& r : result.seats()) {
    if (!r.winner()) continue;
    names += (winners++ ? " and seat " : "seat ") + std::to_string(r.seat());
    best = r.score();
  }
  result.set_summary(names + (winners == 1 ? " wins" : " share the victory") + " with " + std::to_string(best) +
                     " points");
  return result;
}

}  // namespace brethren::rules::port_royal_panning
