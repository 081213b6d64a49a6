// Tortuga 1667: loading a serialized state, refusing any state with a value
// out of range, a pawn missing or doubled, or vote cards that are not the
// match's vote cards, so that a corrupt state is CORRUPT_STATE instead of
// undefined behaviour later.
#include <algorithm>
#include <array>

#include "rules/tortuga_1667/tortuga_1667.h"

namespace brethren::rules::tortuga_1667 {
namespace {

bool in(int v, int lo, int hi) { return v >= lo && v <= hi; }

template <class Range, class Pred>
bool all(const Range& r, Pred pred) {
  return std::all_of(r.begin(), r.end(), pred);
}

}  // namespace

void TortugaState::load_game(Reader& in) {
  archive(*this, in);
  if (in.ok() && !well_formed()) in.fail();
}

bool TortugaState::well_formed() const {
  const int seats = n();
  if (seats < kMinPlayers || seats > kMaxPlayers) return false;
  const auto size_n = [seats](const auto& v) { return static_cast<int>(v.size()) == seats; };
  if (!size_n(loyalty_) || !size_n(loyalty_known_) || !size_n(known_slots_) || !size_n(notes_) || !size_n(albatross_) ||
      !size_n(submitted_) || !size_n(hand_))
    return false;
  auto seat = [seats](int s) { return in(s, 0, seats - 1); };
  auto seat_or_none = [seats](int s) { return in(s, -1, seats - 1); };
  auto event_card = [](int c) { return in(c, 0, kCardKinds - 1); };
  auto vote_card = [](int k) { return in(k, 0, kVoteKinds - 1); };
  const std::uint32_t seat_bits = (1u << seats) - 1;

  // Options.
  if (static_cast<int>(vote_copies_.size()) != kVoteKinds || !all(vote_copies_, [](int c) { return in(c, 0, 30); }))
    return false;
  if (!in(star_count_, 0, kStarCount)) return false;
  auto star = [](int c) { return in(c, kFirstStar, kFirstStar + kStarCount - 1); };
  if (!all(chosen_stars_, star) || !all(box_, star) || box_.size() > static_cast<std::size_t>(kStarCount)) return false;

  // Loyalties: the deal of T67-3 for this many players.
  std::array<int, 3> teams{};
  for (int t : loyalty_) {
    if (!in(t, 0, 2)) return false;
    ++teams[t];
  }
  for (int t = 0; t < 3; ++t) {
    if (teams[t] != kLoyalties[seats][t]) return false;
  }
  if (!all(loyalty_known_, [seat_bits](std::uint32_t k) { return (k & ~seat_bits) == 0; })) return false;
  if (!all(known_slots_, [](std::uint32_t k) { return k < (1u << kRowSize); })) return false;
  for (const auto& notes : notes_) {
    if (!all(notes,
             [](const Seen& s) { return s.turn >= 0 && in(s.slot, 0, kRowSize - 1) && in(s.card, 0, kCardKinds); }))
      return false;
  }
  if (!all(albatross_, [](int a) { return in(a, 0, kCards[kAlbatross].copies); })) return false;

  // Pawns: every seat's exactly once, on a ship, on Tortuga, in a lifeboat
  // or still in the bag (T67-8).
  if (!in(static_cast<int>(phase_), static_cast<int>(Phase::kSetupTreasure), static_cast<int>(Phase::kFinished)))
    return false;
  std::array<int, kMaxPlayers> pawns{};
  bool pawns_ok = true;
  auto pawn = [&](int s) {
    if (!seat(s) || ++pawns[s] != 1) pawns_ok = false;
  };
  for (int ship = 0; ship < 2; ++ship) {
    if (ship_[ship].size() > static_cast<std::size_t>(kShipCapacity)) return false;
    for (int s : ship_[ship]) pawn(s);
    if (boat_[ship] != -1) pawn(boat_[ship]);
  }
  for (int s : tortuga_) pawn(s);
  for (int s : unplaced_) pawn(s);
  if (phase_ == Phase::kAdvancedPlacement) pawn(pend_seat_);  // drawn from the bag, being placed
  if (!pawns_ok || std::count(pawns.begin(), pawns.end(), 1) != seats) return false;
  // Pawns stay in the bag only while they are being placed.
  if (!unplaced_.empty() && phase_ != Phase::kSetupTreasure && phase_ != Phase::kAdvancedPlacement) return false;

  // Treasure: never negative, and not more than the game has.
  for (const auto& h : hold_) {
    if (!in(h[0], 0, 100) || !in(h[1], 0, 100)) return false;
  }
  if (!in(depot_[0], 0, 100) || !in(depot_[1], 0, 100) || !in(neutral_, 0, 100) || !in(galleon_, 0, 100)) return false;

  // Vote cards: the match's copies of each kind, in hands, the deck or a
  // submitted vote.
  std::array<int, kVoteKinds> votes{};
  bool votes_ok = true;
  auto count_vote = [&](int k) {
    if (!vote_card(k))
      votes_ok = false;
    else
      ++votes[k];
  };
  for (const auto& hand : hand_) {
    if (hand.size() > static_cast<std::size_t>(kVoteKinds * 30) || !std::is_sorted(hand.begin(), hand.end()))
      return false;
    for (int k : hand) count_vote(k);
  }
  for (const auto& s : submitted_) {
    if (s.size() > 2) return false;
    for (int k : s) count_vote(k);
  }
  for (const DeckCard& d : vote_deck_) {
    count_vote(d.kind);
    if (d.block < -1 || d.block >= next_block_ || !seat_or_none(d.known_by)) return false;
  }
  if (!votes_ok || next_block_ < 0) return false;
  for (int k = 0; k < kVoteKinds; ++k) {
    if (votes[k] != vote_copies_[k]) return false;
  }

  // Event cards.
  for (const Slot& slot : row_) {
    if (!in(slot.card, -1, kCardKinds - 1)) return false;
  }
  if (!all(event_deck_, event_card) || !all(discard_, event_card)) return false;
  if (event_deck_.size() + discard_.size() > 64) return false;
  if (!all(map_owner_, seat_or_none) || !seat_or_none(code_holder_) || !in(code_skips_, 0, 64)) return false;

  // Turn and pending decisions.
  if (turn_ < 0 || cap_turns_ < 0 || !seat_or_none(current_)) return false;
  if (phase_ != Phase::kFinished && phase_ != Phase::kSetupTreasure && phase_ != Phase::kAdvancedPlacement &&
      !seat(current_))
    return false;
  if (!seat_or_none(pend_seat_) || !in(pend_card_, -1, kCardKinds - 1) || !seat_or_none(forcer_)) return false;
  if (!in(pend_slots_[0], -1, kRowSize - 1) || !in(pend_slots_[1], -1, kRowSize - 1)) return false;
  if (!in(static_cast<int>(cause_), 0, static_cast<int>(Cause::kBlackPowder)) || !seat_or_none(target_)) return false;
  if (!in(setup_ship_, -1, 1) || !in(vote_ship_, -1, 1) || !seat_or_none(vote_caller_)) return false;
  if (!in(static_cast<int>(vote_kind_), 0, static_cast<int>(VoteKind::kBrawl))) return false;
  if (!all(voters_, seat) || !all(skipped_, seat) || !all(without_, seat)) return false;
  if (voters_.size() > static_cast<std::size_t>(seats) || skipped_.size() > static_cast<std::size_t>(seats) ||
      without_.size() > static_cast<std::size_t>(seats))
    return false;
  if (!in(winner_, -1, kNoTeam)) return false;
  if ((phase_ == Phase::kFinished) != (winner_ != -1)) return false;
  return decision_consistent();
}

// What the phase's decision reads must be there, and whoever must act has
// something to do (else the match could never go on).
bool TortugaState::decision_consistent() const {
  const int seats = n();
  switch (phase_) {
    case Phase::kFinished: return true;
    case Phase::kTurn: break;
    case Phase::kVoting: {
      std::array<int, kMaxPlayers> seen{};
      for (int v : voters_) {
        if (++seen[v] != 1) return false;
      }
      break;
    }
    default:
      if (!in(pend_seat_, 0, seats - 1)) return false;
      break;
  }
  if (phase_ == Phase::kForcedChoice || phase_ == Phase::kForcerChoice) {
    const int a = pend_slots_[0], b = pend_slots_[1];
    if (a < 0 || b < 0 || a == b || row_[a].card < 0 || row_[b].card < 0) return false;
  }
  // A vote in progress (T67-26) knows its kind, its caller and, unless it is
  // a Brawl on Tortuga, its ship; a won Attack (placing the loot) its ship.
  if (phase_ == Phase::kVoteCalled || phase_ == Phase::kVoting) {
    if (vote_kind_ == VoteKind::kNone || !in(vote_caller_, 0, seats - 1)) return false;
    if (vote_kind_ != VoteKind::kBrawl && !in(vote_ship_, 0, 1)) return false;
    if (phase_ == Phase::kVoteCalled && vote_kind_ == VoteKind::kBrawl) return false;
  }
  if (phase_ == Phase::kAttackPlacement && !in(vote_ship_, 0, 1)) return false;
  // T67-7: the treasure is placed on Jolly Roger's hold, then Flying Dutchman's.
  if ((phase_ == Phase::kSetupTreasure) != (setup_ship_ >= 0)) return false;
  if (phase_ == Phase::kSetupTreasure && (ship_[kFD].empty() || ship_[kJR].empty())) return false;
  if (phase_ == Phase::kChoosePlayer && !in(pend_card_, 0, kCardKinds - 1)) return false;
  const auto acting = acting_seats();
  if (acting.empty()) return false;
  std::vector<ActionId> legal;
  for (Seat s : acting) {
    if (!in(s, 0, seats - 1)) return false;
    fill_legal_actions(s, legal);
    if (legal.empty()) return false;
  }
  return true;
}

}  // namespace brethren::rules::tortuga_1667
