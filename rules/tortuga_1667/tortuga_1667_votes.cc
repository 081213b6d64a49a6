// Tortuga 1667: the vote procedure (T67-26) for Attack, Mutiny and Brawl.
#include <algorithm>

#include "rules/tortuga_1667/tortuga_1667.h"

namespace brethren::rules::tortuga_1667 {
namespace pb = v1::tortuga_1667;

// --- Votes (T67-26) ----------------------------------------------------------

void TortugaState::call_vote(VoteKind kind, Seat caller, int ship) {
  vote_kind_ = kind;
  vote_caller_ = caller;
  vote_ship_ = ship;
  // T67-34: the Atlantis owner on the other ship may join an Attack or Mutiny.
  const Seat owner = map_owner_[map_index(kAtlantis)];
  if (kind != VoteKind::kBrawl && owner >= 0 && place_of(owner).area == 1 - ship && atlantis_usable(owner)) {
    phase_ = Phase::kVoteCalled;
    pend_seat_ = owner;
    // Public, so the new state has a version of its own.
    pb::Event e;
    auto* o = e.mutable_atlantis_offered();
    o->set_kind(static_cast<pb::VoteKind>(kind));
    o->set_caller(caller);
    o->set_ship(static_cast<pb::Ship>(ship));
    o->set_owner(owner);
    emit_event(std::move(e));
    return;
  }
  begin_voting();
}

void TortugaState::begin_voting() {
  voters_.clear();
  skipped_.clear();
  without_.clear();
  std::vector<int> eligible;
  if (vote_kind_ == VoteKind::kBrawl) {
    eligible = tortuga_;
  } else {
    eligible = ship_[vote_ship_];
    if (vote_kind_ == VoteKind::kMutiny && !eligible.empty()) eligible.erase(eligible.begin());
  }
  std::sort(eligible.begin(), eligible.end());
  for (int v : eligible) {
    if (v == code_holder_ && code_skips_ > 0) {  // T67-40
      skipped_.push_back(v);
      --code_skips_;
      pb::Event e;
      e.mutable_pirate_code_skip()->set_seat(v);
      e.mutable_pirate_code_skip()->set_remaining(code_skips_);
      if (code_skips_ == 0) {
        code_holder_ = -1;
        discard_.push_back(kPirateCode);
      }
      emit_event(std::move(e));
    } else if (hand_[v].empty()) {
      without_.push_back(v);  // T67-A-13
    } else {
      voters_.push_back(v);
    }
  }
  pb::Event e;
  auto* c = e.mutable_vote_called();
  c->set_kind(static_cast<pb::VoteKind>(vote_kind_));
  c->set_caller(vote_caller_);
  c->set_ship(static_cast<pb::Ship>(std::max(vote_ship_, 0)));
  for (int v : voters_) c->add_voters(v);
  for (int v : skipped_) c->add_skipped(v);
  for (int v : without_) c->add_without_cards(v);
  emit_event(std::move(e));
  phase_ = Phase::kVoting;
  pend_seat_ = -1;
  if (voters_.empty()) resolve_vote();
}

void TortugaState::resolve_vote() {
  // Steps 4-5: the deck's top card joins; everything is shuffled and revealed.
  std::vector<int> cards;
  std::vector<int> played;
  for (Seat s = 0; s < n(); ++s) {
    if (submitted_[s].empty()) continue;
    cards.insert(cards.end(), submitted_[s].begin(), submitted_[s].end());
    if (submitted_[s].size() == 2) {  // T67-35: El Dorado is spent
      spend_map(kElDorado, s);
    }
    played.push_back(s);
    submitted_[s].clear();  // authorship is dropped here (T67-H-3)
  }
  if (!vote_deck_.empty()) {
    cards.push_back(vote_deck_.back().kind);
    vote_deck_.pop_back();
  }
  int cannon = 0, torch = 0, water = 0, british = 0, french = 0, skulls = 0;
  for (int k : cards) {
    const int top = vote_top(k);
    cannon += top == kCannon;
    torch += top == kTorch;
    water += top == kWater;
    (vote_flag(k) == kBritish ? british : french) += 1;
    skulls += vote_skull(k);
  }
  bool success = false;
  if (vote_kind_ == VoteKind::kAttack) success = cannon >= 1 && torch - water >= 1;            // T67-21
  if (vote_kind_ == VoteKind::kMutiny) success = 2 * skulls > static_cast<int>(cards.size());  // T67-23, T67-A-16
  if (vote_kind_ == VoteKind::kBrawl) success = true;
  pb::Event rev;
  auto* r = rev.mutable_vote_revealed();
  r->set_kind(static_cast<pb::VoteKind>(vote_kind_));
  // T67-H-3: only the multiset, in random order. The order is drawn from a
  // canonical (sorted) arrangement, so it carries nothing about who played
  // which card or which came from the deck; it is a shuffle of its own, so it
  // says nothing about the order the block takes in the deck below either.
  std::vector<int> shown = cards;
  std::sort(shown.begin(), shown.end());
  secret_rng().shuffle(shown);
  for (int k : shown) {
    auto* vc = r->add_cards();
    vc->set_kind(k);
    vc->set_top(static_cast<pb::VoteTop>(vote_top(k)));
    vc->set_flag(static_cast<pb::Team>(vote_flag(k)));
    vc->set_skull(vote_skull(k));
  }
  r->set_success(success);
  emit_event(std::move(rev));
  // Step 6: shuffled to the bottom as one public block. Sorting first makes
  // the shuffle's input canonical, so not even the Rng's history could tell
  // which card was whose or which came from the deck (T67-H-3).
  std::sort(cards.begin(), cards.end());
  secret_rng().shuffle(cards);
  const int block = next_block_++;
  for (int k : cards) vote_deck_.insert(vote_deck_.begin(), DeckCard{k, block, -1});
  // Step 7, T67-A-14: replacement draws clockwise from the caller.
  pb::Event drawn;
  drawn.mutable_vote_cards_drawn();
  for (int i = 0; i < n(); ++i) {
    const Seat s = (vote_caller_ + i) % n();
    if (std::find(played.begin(), played.end(), s) == played.end()) continue;
    draw_vote(s);
    drawn.mutable_vote_cards_drawn()->add_seats(s);
  }
  emit_event(std::move(drawn));
  voters_.clear();
  const VoteKind kind = vote_kind_;
  vote_kind_ = VoteKind::kNone;
  if (kind == VoteKind::kBrawl) {
    // T67-25: both Tortuga treasures go to the majority's depot, 1-1 on a tie.
    const int total = depot_[0] + depot_[1] + neutral_;
    neutral_ = 0;
    if (british > french)
      depot_ = {total, 0};
    else if (french > british)
      depot_ = {0, total};
    else
      depot_ = {total / 2, total - total / 2};
    pb::Event e;
    e.mutable_brawl_result()->set_british(depot_[0]);
    e.mutable_brawl_result()->set_french(depot_[1]);
    emit_event(std::move(e));
    end_action();
    return;
  }
  if (kind == VoteKind::kAttack) {
    const int other = 1 - vote_ship_;
    if (success && (galleon_ > 0 || hold_[other][0] + hold_[other][1] > 0)) {
      phase_ = Phase::kAttackPlacement;  // the caller chooses the holds (T67-A-4)
      pend_seat_ = vote_caller_;
      return;
    }
    end_action();  // T67-A-3
    return;
  }
  // Mutiny: the ship's Captain is marooned.
  if (success && !ship_[vote_ship_].empty()) {
    maroon_single(ship_[vote_ship_][0], Cause::kMutiny);
    return;
  }
  end_action();
}

}  // namespace brethren::rules::tortuga_1667
