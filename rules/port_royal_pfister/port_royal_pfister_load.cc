// Port Royal (Pfister): loading a serialized state, refusing any state whose
// values are out of range or whose cards are not the game's 120 cards, each
// in exactly one place (PRP §1.1), so that a corrupt state is CORRUPT_STATE
// instead of undefined behaviour later.
#include <algorithm>
#include <array>

#include "rules/port_royal_pfister/port_royal_pfister.h"

namespace brethren::rules::port_royal_pfister {

void PortRoyalState::load_game(Reader& in) {
  archive(*this, in);
  if (in.ok() && !well_formed()) in.fail();
}

bool PortRoyalState::well_formed() const {
  const int n = num_seats();
  auto seat_ok = [n](int s) { return s >= 0 && s < n; };
  if (n < 2 || n > 5 || static_cast<int>(players_.size()) != n) return false;
  if (!v1::port_royal_pfister::EndCondition_IsValid(end_condition_)) return false;
  if (phase_ < Phase::kDiscover || phase_ > Phase::kFinished) return false;
  if (!seat_ok(active_) || !seat_ok(start_) || !seat_ok(taking_)) return false;
  if (base_allowance_ < 0 || base_allowance_ > 3 || taken_ < 0 || taken_ > kNumCards) return false;
  if (drawn_ < 0 || drawn_ > kNumCards) return false;
  if (generation_ < 0 || static_cast<int>(card_generation_.size()) != kNumCards) return false;
  if (!std::all_of(card_generation_.begin(), card_generation_.end(), [this](int g) { return g <= generation_; }))
    return false;
  if (harbor_.size() > static_cast<std::size_t>(kMaxHarbor)) return false;
  // Every card once, wherever it is; the 5-player Expedition only with five.
  std::array<int, kNumCards> seen{};
  bool ok = true;
  auto place = [&](const std::vector<std::uint8_t>& cards, auto&& allowed) {
    for (int id : cards) {
      if (id >= kNumCards || ++seen[id] != 1 || !allowed(card(id).type)) ok = false;
    }
  };
  auto any = [](Type) { return true; };
  place(draw_, any);
  place(discard_, any);
  place(harbor_, [](Type t) { return t == Type::kPerson || t == Type::kShip; });
  place(expeditions_, [](Type t) { return t == Type::kExpedition; });
  for (const Player& p : players_) {
    place(p.coins, any);
    place(p.persons, [](Type t) { return t == Type::kPerson; });
    place(p.expeditions, [](Type t) { return t == Type::kExpedition; });
  }
  if (!ok) return false;
  if (phase_ == Phase::kRepel) {
    // PRP-13: a ship without a skull that the active player may repel.
    if (pending_ < 0 || pending_ >= kNumCards || ++seen[pending_] != 1) return false;
    if (card(pending_).type != Type::kShip || card(pending_).skull) return false;
  } else if (pending_ != -1) {
    return false;
  }
  for (int id = 0; id < kNumCards; ++id) {
    const bool in_game = id != kFivePlayerExpedition || n == 5;
    if (seen[id] != (in_game ? 1 : 0)) return false;
  }
  return true;
}

}  // namespace brethren::rules::port_royal_pfister
