// Tortuga 1667: the legal actions of a seat and, for any other action, why
// it is illegal now, citing the rule.
#include <algorithm>
#include <string>

#include "rules/tortuga_1667/tortuga_1667.h"

namespace brethren::rules::tortuga_1667 {

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
    if (p.pos == 1) out.push_back(action::kMutiny);    // T67-23
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
    case Phase::kFinished: break;
  }
  std::sort(out.begin(), out.end());
}

std::string TortugaState::illegal_reason(Seat seat, ActionId id) const {
  const Action a = decode(id);
  switch (phase_) {
    case Phase::kSetupTreasure:
      return "the captain places his starting chest in the British or French hold of his ship (T67-6)";
    case Phase::kAdvancedPlacement:
      return "place your pawn at the end of a ship that is not full or on Tortuga (T67-8, T67-11)";
    case Phase::kForcedChoice:
    case Phase::kForcerChoice: return "pick one of the two positions pointed at (T67-19)";
    case Phase::kVoteCalled: return "a vote was called: use Atlantis to join it or decline (T67-34, T67-A-5)";
    case Phase::kVoting:
      if (a.kind == Kind::kVoteTwo) return "playing two vote cards needs El Dorado and both cards in hand (T67-35)";
      return "play one vote card of a kind you hold, face down (T67-26)";
    case Phase::kAttackPlacement:
      return "the chest comes from the Galleon while it has any; only then from the other ship (T67-21, T67-A-4)";
    case Phase::kChoosePlayer:
      return pend_card_ == kPistol ? "choose the player to maroon (T67-28)" : "choose another player (T67-32, T67-37)";
    case Phase::kLetterChoice:
      return "move a player from Tortuga or a lifeboat to a ship that is not full, or draw a vote card (T67-29)";
    case Phase::kLetterReturn: return "put a vote card from your hand on top of the vote deck (T67-29)";
    case Phase::kGiveUpCard: return "give up one vote card from your hand (T67-10)";
    case Phase::kMaroonWindow:
      return "use a treasure map that applies to this marooning, or decline (T67-33, T67-34, T67-A-15)";
    case Phase::kFinished: return "the match has ended";
    case Phase::kTurn: break;
  }
  if (seat != current_) return "only the Atlantis owner may act out of turn now: use it or decline (T67-A-5)";
  if (a.kind == Kind::kLook || a.kind == Kind::kReveal || a.kind == Kind::kForce)
    return "Look and Force need two face-down cards; Reveal a face-down one; Force names another player (T67-17..19, "
           "T67-27)";
  if (a.kind == Kind::kMove)
    return sunk_ ? "the lifeboats were sunk by Black Powder (T67-36)"
                 : "lifeboat moves go one step to a free lifeboat or to a ship that is not full (T67-12, T67-20)";
  if (a.kind == Kind::kAttack) return "only a Captain may attack (T67-21)";
  if (a.kind == Kind::kMaroon) return "only a Captain may maroon another member of his own crew (T67-22, T67-A-6)";
  if (a.kind == Kind::kMutiny) return "only a First Mate may call a mutiny (T67-23)";
  if (a.kind == Kind::kShift) return "only the Cabin Boy may shift a chest from a non-empty hold (T67-24)";
  if (a.kind == Kind::kBrawl) return "only the Governor of Tortuga may call a brawl (T67-25)";
  if (a.kind == Kind::kPass) return "you may pass only when no action is possible";
  if (a.kind == Kind::kUseAtlantis)
    return "Atlantis: only its owner, from a ship, to the other ship if not full (T67-34)";
  return "that is not a turn action (T67-15)";
}

}  // namespace brethren::rules::tortuga_1667
