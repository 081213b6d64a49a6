// Port Royal (Panning): loading a serialized state, refusing impossible values.
#include <algorithm>
#include <array>
#include <iterator>

#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules::port_royal_panning {

void PortRoyalPanningState::load_game(Reader& in) {
  archive(*this, in);
  if (in.ok() && !well_formed()) in.fail();
}

bool PortRoyalPanningState::well_formed() const {
  const int n = num_seats();
  auto seat_or_none = [n](int s) { return s >= -1 && s < n; };
  auto crew_ok = [](const std::vector<int>& v) {
    return std::all_of(v.begin(), v.end(), [](int c) { return c >= 0 && c < kCrewCards; });
  };
  auto loot_ok = [](int l) { return l >= 0 && l < kLootCards; };
  if (n < 3 || n > 4 || static_cast<int>(players_.size()) != n) return false;
  if (static_cast<int>(loot_values_.size()) != kStandardLoot) return false;
  if (phase_ < Phase::kAuction || phase_ > Phase::kFinished || round_ < 1 || round_ > kRounds) return false;
  if (dealer_ < 0 || dealer_ >= n || !seat_or_none(current_) || !seat_or_none(privileged_)) return false;
  if (!seat_or_none(high_bidder_) || !seat_or_none(trick_leader_) || trump_ < -1 || trump_ >= kColours) return false;
  if (phase_ != Phase::kFinished && current_ < 0) return false;
  if (pending_loot_ < -1 || pending_loot_ >= kLootCards || pirate_ < -1 || pirate_ >= kLootCards) return false;
  if (!crew_ok(face_up_) || !crew_ok(taken_face_up_) || !crew_ok(set_aside_)) return false;
  if (static_cast<int>(tricks_.size()) > kTricks) return false;
  if (phase_ == Phase::kPlay && tricks_.empty()) return false;
  for (const auto& trick : tricks_) {
    if (static_cast<int>(trick.size()) > n) return false;
    for (const Play& pl : trick) {
      if (pl.seat < 0 || pl.seat >= n || pl.card < 0 || pl.card >= kCrewCards) return false;
    }
  }
  for (const Player& p : players_) {
    if (!crew_ok(p.hand)) return false;
    for (const Ship& ship : p.ships) {
      if (!std::all_of(ship.loot.begin(), ship.loot.end(), loot_ok)) return false;
      if (static_cast<int>(ship.prisoners.size()) > kMaxPrisonersOnShip) return false;
    }
  }
  if (!std::all_of(loot_deck_.begin(), loot_deck_.end(), loot_ok)) return false;
  if (!std::all_of(removed_loot_.begin(), removed_loot_.end(), loot_ok)) return false;
  if (!std::all_of(available_.begin(), available_.end(), [&](const LootSlot& s) { return loot_ok(s.loot); }))
    return false;
  return cards_accounted_for() && round_consistent();
}

// Every loot card at most once and every prisoner card exactly once (PRQ §1),
// and in every round but the finished game every crew card of this player
// count exactly once (PRQ-5, PRQ-8).
bool PortRoyalPanningState::cards_accounted_for() const {
  const int n = num_seats();
  std::array<int, kLootCards> loot{};
  std::array<int, std::size(kPrisonerValues) + 1> prisoners{};
  bool ok = true;
  auto see_loot = [&](int l) { ok = ok && ++loot[l] == 1; };
  auto see_prisoners = [&](const std::vector<int>& values) {
    for (int v : values) ok = ok && v >= 1 && v <= kMaxPrisonersOnShip && ++prisoners[v] == 1;
  };
  for (int l : loot_deck_) see_loot(l);
  for (int l : removed_loot_) see_loot(l);
  for (const LootSlot& slot : available_) {
    see_loot(slot.loot);
    see_prisoners(slot.prisoners);
  }
  if (pending_loot_ >= 0) see_loot(pending_loot_);
  see_prisoners(pending_prisoners_);
  see_prisoners(prisoner_deck_);
  for (const Player& p : players_) {
    if (p.debt < 0 || p.debt > kMaxDebt || p.void_mask < 0 || p.void_mask >= (1 << kColours)) return false;
    if (p.remove_kept) see_loot(kRemove1Id);
    see_prisoners(p.discarded_prisoners);
    for (int good = 0; good < kGoods; ++good) {
      const Ship& ship = p.ships[good];
      for (int l : ship.loot) {
        // Only standard loot of the ship's good (PRQ-25) and the placeable
        // specials (PRQ-26) lie on ships.
        if (special_of(l) == Special::kRemove1 || special_of(l) == Special::kMove1) return false;
        if (!is_special(l) && good_of(l) != good) return false;
        see_loot(l);
      }
      see_prisoners(ship.prisoners);
    }
  }
  if (!ok || std::count(prisoners.begin() + 1, prisoners.end(), 1) != kMaxPrisonersOnShip) return false;
  if (phase_ == Phase::kFinished) return true;
  const PlayerCountSetup& setup = setup_for(n);
  std::array<int, kCrewCards> crew{};
  auto see_crew = [&](int c) { ok = ok && ++crew[c] == 1; };
  for (const Player& p : players_) {
    if (!std::is_sorted(p.hand.begin(), p.hand.end())) return false;
    for (int c : p.hand) see_crew(c);
  }
  for (int c : face_up_) see_crew(c);
  for (int c : set_aside_) see_crew(c);
  for (const auto& trick : tricks_) {
    for (const Play& pl : trick) see_crew(pl.card);
  }
  if (!ok) return false;
  for (int c = 0; c < kCrewCards; ++c) {
    const bool in_game =
        is_ghost(c) ? (c == setup.ghosts[0] || c == setup.ghosts[1]) : crew_value(c) <= setup.max_crew_value;
    if (crew[c] != (in_game ? 1 : 0)) return false;
  }
  return true;
}

// What the phase needs to be playable: the privileges decided once the
// auction is over, hands that match the tricks played, the loot cards still
// to win, and something to do for the seat that acts.
bool PortRoyalPanningState::round_consistent() const {
  const int n = num_seats();
  if (high_bid_ < 0 || high_bid_ > kMaxDebt || bid_cube_ < -1 || bid_cube_ > kMaxDebt) return false;
  if (!v1::port_royal_panning::TieBreak_IsValid(tie_break_)) return false;
  if (std::any_of(loot_values_.begin(), loot_values_.end(), [](int v) { return v < 1 || v > 30; })) return false;
  if (phase_ == Phase::kFinished) return current_ == -1 && available_.size() == 1;
  const bool auction = phase_ == Phase::kAuction;
  if (auction != (privileged_ < 0) || auction != (bid_cube_ < 0)) return false;
  if ((phase_ == Phase::kPlay) != (pirate_ >= 0)) return false;
  if ((phase_ == Phase::kResolveLoot) != (pending_loot_ >= 0)) return false;
  // Prisoners won with a card wait while the card itself is resolved (PRQ-28).
  if (phase_ == Phase::kPlacePrisoner && pending_prisoners_.empty()) return false;
  if (!pending_prisoners_.empty() && phase_ != Phase::kResolveLoot && phase_ != Phase::kPlacePrisoner) return false;
  const bool trump_named = phase_ >= Phase::kNameLeader;
  if (trump_named != (trump_ >= 0)) return false;
  if (phase_ < Phase::kChooseLoot && !tricks_.empty()) return false;
  if (!auction && face_up_.size() != 0) return false;
  if (auction && (face_up_.size() != kFaceUpCrew || !set_aside_.empty())) return false;
  const bool exchanged = phase_ >= Phase::kNameTrump;
  if (set_aside_.size() != (exchanged ? kFaceUpCrew : phase_ == Phase::kExchange ? set_aside_.size() : 0)) return false;
  if (set_aside_.size() > kFaceUpCrew) return false;
  if (phase_ == Phase::kExchange || phase_ == Phase::kNameTrump || phase_ == Phase::kNameLeader) {
    if (current_ != privileged_) return false;
  }
  // Tricks: all complete but a trick in progress (PRQ-16, PRQ-24).
  int done = 0;
  std::array<int, 4> played{};
  for (std::size_t t = 0; t < tricks_.size(); ++t) {
    const auto& trick = tricks_[t];
    const bool last = t + 1 == tricks_.size();
    if (static_cast<int>(trick.size()) == n)
      ++done;
    else if (!(last && phase_ == Phase::kPlay))
      return false;
    std::array<int, 4> in_trick{};
    for (const Play& pl : trick) {
      if (++in_trick[pl.seat] != 1) return false;
      ++played[pl.seat];
    }
  }
  if (phase_ == Phase::kPlay) {
    if (tricks_.back().size() >= static_cast<std::size_t>(n)) return false;
    if (std::none_of(available_.begin(), available_.end(), [&](const LootSlot& s) { return s.loot == pirate_; }))
      return false;
    if (std::any_of(tricks_.back().begin(), tricks_.back().end(), [&](const Play& pl) { return pl.seat == current_; }))
      return false;
  }
  // PRQ-7: nine loot cards face up at the start of a round, one per trick.
  const int on_table =
      static_cast<int>(available_.size()) + static_cast<int>(tricks_.size()) - (phase_ == Phase::kPlay);
  if (on_table != kTricks + 1) return false;
  if (phase_ == Phase::kChooseLoot && tricks_.size() >= static_cast<std::size_t>(kTricks)) return false;
  // PRQ-8: eight cards each, the privileged seat two more until he sets two aside.
  for (Seat s = 0; s < n; ++s) {
    int expected = kHandSize - played[s];
    if (phase_ == Phase::kExchange && s == privileged_) expected += kFaceUpCrew - static_cast<int>(set_aside_.size());
    if (static_cast<int>(players_[s].hand.size()) != expected) return false;
  }
  if (auction && (high_bidder_ < 0) != (high_bid_ == 0)) return false;
  if (auction && players_[current_].passed) return false;
  if (phase_ == Phase::kResolveLoot && pending_loot_ == kMove1Id) {
    if (!has_movable(current_) && !players_[current_].remove_kept) return false;
  }
  return true;
}

}  // namespace brethren::rules::port_royal_panning
