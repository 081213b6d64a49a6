// Port Royal: set-up, whose turn it is, the state's queries and the outcome.
#include <algorithm>
#include <string>

#include "rules/port_royal_pfister/port_royal_pfister.h"

namespace brethren::rules::port_royal_pfister {
namespace pb = v1::port_royal_pfister;
namespace {

constexpr const char* kSeatNames[] = {"seat 0", "seat 1", "seat 2", "seat 3", "seat 4"};

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
  publish(std::move(started));
  start_turn();
}

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
  return static_cast<int>(
      std::count_if(persons.begin(), persons.end(), [type](int id) { return card(id).person == type; }));
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

int PortRoyalState::expedition_position(int expedition_index) const {
  for (std::size_t i = 0; i < expeditions_.size(); ++i) {
    if (port_royal_pfister::expedition_index(expeditions_[i]) == expedition_index) return static_cast<int>(i);
  }
  return -1;
}

bool PortRoyalState::qualifies_for_end(Seat seat) const {
  if (points(seat) < kEndPoints) return false;                                                   // PRP-40
  return end_condition_ != pb::END_CONDITION_EXPEDITION || !players_[seat].expeditions.empty();  // PRP-43
}

v1::MatchOutcome PortRoyalState::outcome() const {
  // PRP-42: most points, then most coins, else shared. PRP-43 / PRP-A-9:
  // with the variant only players with an Expedition can win (if anybody
  // has one).
  const bool variant =
      end_condition_ == pb::END_CONDITION_EXPEDITION &&
      std::any_of(players_.begin(), players_.end(), [](const Player& p) { return !p.expeditions.empty(); });
  std::vector<std::vector<int>> keys;
  for (Seat s = 0; s < num_seats(); ++s) {
    const int eligible = variant ? (players_[s].expeditions.empty() ? 0 : 1) : 1;
    keys.push_back({eligible, points(s), coins(s)});
  }
  auto result = rank_outcome(keys, "");
  std::vector<std::string> winners;
  int best = 0, best_coins = 0;
  bool coins_decided = false;
  for (auto& r : *result.mutable_seats()) {
    r.set_score(points(r.seat()));
    if (r.winner()) {
      winners.push_back(kSeatNames[r.seat()]);
      best = points(r.seat());
      best_coins = coins(r.seat());
    }
  }
  for (Seat s = 0; s < num_seats(); ++s) {
    if (keys[s][0] == 1 && points(s) == best && coins(s) < best_coins) coins_decided = true;
  }
  std::string summary;
  for (std::size_t i = 0; i < winners.size(); ++i) summary += (i ? " and " : "") + winners[i];
  summary += winners.size() == 1 ? " wins" : " share the victory";
  summary += " with " + std::to_string(best) + " points";
  if (coins_decided || winners.size() > 1) summary += " and " + std::to_string(best_coins) + " coins";
  result.set_summary(summary);
  return result;
}

}  // namespace brethren::rules::port_royal_pfister
