// Tortuga 1667: whose move it is, legal actions and the T67-16 timeouts.
#include <algorithm>

#include "rules/tortuga_1667/tortuga_1667.h"
#include "rules/tortuga_1667/tortuga_1667_util.h"

namespace brethren::rules::tortuga_1667 {
namespace pb = v1::tortuga_1667;
using util::erase_one;
using util::insert_sorted;
using util::wrap;

// --- Whose move --------------------------------------------------------------

std::vector<Seat> TortugaState::acting_seats() const {
  std::vector<Seat> out;
  switch (phase_) {
    case Phase::kFinished:
      break;
    case Phase::kTurn:
      out.push_back(current_);
      if (atlantis_window_open()) out.push_back(map_owner_[map_index(kAtlantis)]);
      std::sort(out.begin(), out.end());
      break;
    case Phase::kVoting:
      for (int v : voters_) {
        if (submitted_[v].empty()) out.push_back(v);
      }
      std::sort(out.begin(), out.end());
      break;
    default:
      out.push_back(pend_seat_);
  }
  return out;
}

void TortugaState::turn_actions(Seat seat, std::vector<ActionId>& out) const {
  // T67-17..T67-19 (T67-27, T67-A-17: Look and Force need two face-down cards).
  for (int p = 0; p < 10; ++p) {
    const int a = kSlotPairs[p][0], b = kSlotPairs[p][1];
    if (row_[a].card < 0 || row_[b].card < 0) continue;
    out.push_back(action::look(a, b));
    for (Seat t = 0; t < n(); ++t) {
      if (t != seat) out.push_back(action::force(a, b, t));
    }
  }
  for (int s = 0; s < kRowSize; ++s) {
    if (row_[s].card >= 0) out.push_back(action::reveal(s));
  }
  // T67-20 / T67-12: lifeboats.
  const Place p = place_of(seat);
  if (!sunk_) {
    if (p.area == kFD || p.area == kJR) {
      if (boat_[p.area] < 0) out.push_back(action::move(kFDBoat + p.area));
    } else if (p.area == kTortuga) {
      for (int s = 0; s < 2; ++s) {
        if (boat_[s] < 0) out.push_back(action::move(kFDBoat + s));
      }
    } else {
      const int ship = p.area - kFDBoat;
      out.push_back(action::move(kTortuga));
      if (static_cast<int>(ship_[ship].size()) < kShipCapacity) out.push_back(action::move(ship));
    }
  }
  if (p.area == kFD || p.area == kJR) {
    const auto& crew = ship_[p.area];
    if (p.pos == 0) {
      out.push_back(action::kAttack);  // T67-21
      for (int c : crew) {
        if (c != seat) out.push_back(action::maroon(c));  // T67-22, T67-A-6
      }
    }
    if (p.pos == 1) out.push_back(action::kMutiny);  // T67-23
    if (p.pos + 1 == static_cast<int>(crew.size())) {  // T67-24
      for (int h = 0; h < 2; ++h) {
        if (hold_[p.area][h] > 0) out.push_back(action::shift(h));
      }
    }
  }
  if (p.area == kTortuga && p.pos == 0) out.push_back(action::kBrawl);  // T67-25
  if (out.empty()) out.push_back(action::kPass);
  if (atlantis_usable(seat)) out.push_back(action::kUseAtlantis);  // T67-34, not an action
}

void TortugaState::fill_legal_actions(Seat seat, std::vector<ActionId>& out) const {
  out.clear();
  if (seat < 0 || seat >= n() || phase_ == Phase::kFinished) return;
  switch (phase_) {
    case Phase::kTurn:
      if (seat == current_) {
        turn_actions(seat, out);
      } else if (atlantis_window_open() && seat == map_owner_[map_index(kAtlantis)]) {
        out = {action::kUseAtlantis, action::kDecline};
      }
      break;
    case Phase::kSetupTreasure:
      if (seat == pend_seat_) out = {action::place(0, kBritish), action::place(0, kFrench)};
      break;
    case Phase::kAdvancedPlacement:
      if (seat != pend_seat_) break;
      for (int s = 0; s < 2; ++s) {
        if (static_cast<int>(ship_[s].size()) < kShipCapacity) out.push_back(action::place_pawn(s));
      }
      out.push_back(action::place_pawn(kTortuga));
      break;
    case Phase::kForcedChoice:
    case Phase::kForcerChoice:
      if (seat != pend_seat_) break;
      out = {action::pick(pend_slots_[0]), action::pick(pend_slots_[1])};
      if (phase_ == Phase::kForcedChoice && timer_) out.push_back(action::kForcedTimeout);
      break;
    case Phase::kVoteCalled:
      if (seat == pend_seat_) out = {action::kUseAtlantis, action::kDecline};
      break;
    case Phase::kVoting: {
      if (std::find(voters_.begin(), voters_.end(), seat) == voters_.end() || !submitted_[seat].empty()) break;
      const auto& h = hand_[seat];
      for (std::size_t i = 0; i < h.size(); ++i) {
        if (i == 0 || h[i] != h[i - 1]) out.push_back(action::vote(h[i]));
      }
      if (map_owner_[map_index(kElDorado)] == seat) {  // T67-35
        for (std::size_t i = 0; i < h.size(); ++i) {
          for (std::size_t j = i + 1; j < h.size(); ++j) out.push_back(action::vote2(h[i], h[j]));
        }
      }
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
      break;
    }
    case Phase::kAttackPlacement: {
      if (seat != pend_seat_) break;
      if (galleon_ > 0) {
        out = {action::place(0, kBritish), action::place(0, kFrench)};
      } else {
        for (int h = 0; h < 2; ++h) {
          if (hold_[1 - vote_ship_][h] > 0) {
            out.push_back(action::place(1 + h, kBritish));
            out.push_back(action::place(1 + h, kFrench));
          }
        }
      }
      break;
    }
    case Phase::kChoosePlayer:
      if (seat != pend_seat_) break;
      for (Seat t = 0; t < n(); ++t) {
        if (t != seat || pend_card_ == kPistol) out.push_back(action::choose(t));  // T67-28 "any", else "another"
      }
      break;
    case Phase::kLetterChoice: {
      if (seat != pend_seat_) break;
      for (Seat t = 0; t < n(); ++t) {
        const int a = place_of(t).area;
        if (a != kTortuga && a != kFDBoat && a != kJRBoat) continue;
        for (int s = 0; s < 2; ++s) {
          if (static_cast<int>(ship_[s].size()) < kShipCapacity) out.push_back(action::letter_move(t, s));
        }
      }
      if (!vote_deck_.empty() || !hand_[seat].empty()) out.push_back(action::kLetterDraw);
      break;
    }
    case Phase::kLetterReturn:
    case Phase::kGiveUpCard: {
      if (seat != pend_seat_) break;
      const auto& h = hand_[seat];
      for (std::size_t i = 0; i < h.size(); ++i) {
        if (i == 0 || h[i] != h[i - 1]) out.push_back(action::put(h[i]));
      }
      break;
    }
    case Phase::kMaroonWindow:
      if (seat != pend_seat_) break;
      if (atlantis_usable(seat) && cause_ != Cause::kAlbatross) out.push_back(action::kUseAtlantis);
      if (map_owner_[map_index(kFountain)] == seat &&
          (cause_ == Cause::kPistol || cause_ == Cause::kBlackSpot || cause_ == Cause::kCaptain)) {
        out.push_back(action::kUseFountain);
      }
      out.push_back(action::kDecline);
      break;
    case Phase::kFinished:
      break;
  }
  std::sort(out.begin(), out.end());
}

std::optional<ActionId> TortugaState::timeout_action(Seat seat) const {
  if (!timer_ || !is_acting(seat)) return std::nullopt;
  // T67-16: "look at 2 event cards"; a forced player leaves the choice to the
  // forcing player. The optional Atlantis window simply closes.
  if (phase_ == Phase::kTurn && seat == current_) {
    for (int p = 0; p < 10; ++p) {
      if (row_[kSlotPairs[p][0]].card >= 0 && row_[kSlotPairs[p][1]].card >= 0) return action::kLook + p;
    }
    return std::nullopt;
  }
  if (phase_ == Phase::kTurn) return action::kDecline;
  if (phase_ == Phase::kForcedChoice) return action::kForcedTimeout;
  return std::nullopt;
}

}  // namespace brethren::rules::tortuga_1667
