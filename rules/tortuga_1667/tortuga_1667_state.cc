// Tortuga 1667: set-up of a new match, board helpers, the turn flow, whose
// move it is, the T67-16 timeouts and the outcome.
#include <algorithm>
#include <string>

#include "rules/tortuga_1667/tortuga_1667.h"

namespace brethren::rules::tortuga_1667 {
namespace pb = v1::tortuga_1667;
namespace {

// Hands are kept sorted: a multiset of vote kinds without identities.
void insert_sorted(std::vector<int>& v, int x) { v.insert(std::upper_bound(v.begin(), v.end(), x), x); }

}  // namespace

TortugaState::TortugaState() : StateBase(kGameId) {}

TortugaState::TortugaState(const pb::Options& options, int seats, std::uint64_t seed, std::uint64_t secret_seed)
    : StateBase(kGameId, seats, seed, secret_seed) {
  vote_copies_.assign(kDefaultVoteCopies.begin(), kDefaultVoteCopies.end());
  if (options.vote_card_copies_size() > 0)
    vote_copies_.assign(options.vote_card_copies().begin(), options.vote_card_copies().end());
  advanced_ = options.advanced_setup();
  timer_ = options.turn_timer();
  loyalty_known_.assign(seats, 0);
  known_slots_.assign(seats, 0);
  notes_.resize(seats);
  albatross_.assign(seats, 0);
  submitted_.resize(seats);
  hand_.resize(seats);

  // T67-1: loyalty cards.
  for (int team = 0; team < 3; ++team) loyalty_.insert(loyalty_.end(), kLoyalties[seats][team], team);
  rng().shuffle(loyalty_);
  for (Seat s = 0; s < seats; ++s) {
    loyalty_known_[s] = 1u << s;
    pb::Event e;
    e.mutable_loyalty_dealt()->set_loyalty(static_cast<pb::Team>(loyalty_[s]));
    emit_private(s, std::move(e));
  }
  // T67-2: vote cards, three each.
  for (int k = 0; k < kVoteKinds; ++k) {
    for (int c = 0; c < vote_copies_[k]; ++c) vote_deck_.push_back(DeckCard{k, -1, -1});
  }
  secret_rng().shuffle(vote_deck_);  // T67-H-3: the deck order tells every hand
  for (Seat s = 0; s < seats; ++s) {
    for (int c = 0; c < kHandSize; ++c) draw_vote(s);
  }
  // T67-3: star cards.
  std::vector<int> stars;
  if (options.star_cards_size() > 0) {
    stars_public_ = true;
    for (int c : options.star_cards()) stars.push_back(c);
    std::sort(stars.begin(), stars.end());
    for (int c = kFirstStar; c < kFirstStar + kStarCount; ++c) {
      if (!std::binary_search(stars.begin(), stars.end(), c)) box_.push_back(c);
    }
    chosen_stars_ = stars;
  } else {
    star_count_ = options.random_star_count() == 0 ? 3 : options.random_star_count();
    std::vector<int> all;
    for (int c = kFirstStar; c < kFirstStar + kStarCount; ++c) all.push_back(c);
    rng().shuffle(all);
    stars.assign(all.begin(), all.begin() + star_count_);
    box_.assign(all.begin() + star_count_, all.end());
    std::sort(box_.begin(), box_.end());
  }
  star_count_ = static_cast<int>(stars.size());
  // T67-4: the event deck with the Armada among the last five.
  std::vector<int> deck;
  for (int c = 0; c < kCardKinds; ++c) {
    if (c == kArmada || kCards[c].star) continue;
    deck.insert(deck.end(), kCards[c].copies, c);
  }
  deck.insert(deck.end(), stars.begin(), stars.end());
  rng().shuffle(deck);
  std::vector<int> bottom(deck.end() - 4, deck.end());
  deck.resize(deck.size() - 4);
  bottom.push_back(kArmada);
  rng().shuffle(bottom);
  event_deck_ = bottom;  // back() is the top: the bottom five come first
  event_deck_.insert(event_deck_.end(), deck.begin(), deck.end());
  for (auto& slot : row_) {
    slot.card = event_deck_.back();
    slot.bottom5 = event_deck_.size() <= 5;
    event_deck_.pop_back();
  }
  // T67-6 / T67-8: treasures.
  galleon_ = 4;
  neutral_ = 2;
  if (advanced_) {
    hold_[kFD][kBritish] = 1;
    hold_[kJR][kFrench] = 1;
    for (Seat s = 0; s < seats; ++s) unplaced_.push_back(s);
    next_advanced_pawn();
    return;
  }
  // T67-5: pawns drawn at random, alternately FD and JR.
  std::vector<int> bag(seats);
  for (Seat s = 0; s < seats; ++s) bag[s] = s;
  rng().shuffle(bag);
  for (int i = 0; i < seats; ++i) ship_[i % 2].push_back(bag[i]);
  start_setup_treasure();
}

void TortugaState::start_setup_treasure() {
  emit_game_started();
  if (advanced_) {
    // T67-7 with T67-8: the JR captain starts; with an empty JR the FD
    // captain, with both ships empty the Governor [D].
    Seat first = !ship_[kJR].empty() ? ship_[kJR][0] : !ship_[kFD].empty() ? ship_[kFD][0] : tortuga_[0];
    start_turn(first);
    return;
  }
  // T67-6: first the JR captain, then the FD captain.
  setup_ship_ = kJR;
  phase_ = Phase::kSetupTreasure;
  pend_seat_ = ship_[kJR][0];
}

void TortugaState::next_advanced_pawn() {
  if (unplaced_.empty()) {
    start_setup_treasure();
    return;
  }
  const int i = static_cast<int>(rng().below(static_cast<std::uint32_t>(unplaced_.size())));
  pend_seat_ = unplaced_[i];
  unplaced_.erase(unplaced_.begin() + i);
  phase_ = Phase::kAdvancedPlacement;
}

// --- Board helpers -----------------------------------------------------------

Place TortugaState::place_of(Seat seat) const {
  for (int s = 0; s < 2; ++s) {
    for (int i = 0; i < static_cast<int>(ship_[s].size()); ++i) {
      if (ship_[s][i] == seat) return {s, i};
    }
    if (boat_[s] == seat) return {s == kFD ? kFDBoat : kJRBoat, 0};
  }
  for (int i = 0; i < static_cast<int>(tortuga_.size()); ++i) {
    if (tortuga_[i] == seat) return {kTortuga, i};
  }
  return {-1, 0};  // still in the bag (T67-8)
}

int TortugaState::team_total(int team) const { return hold_[kFD][team] + hold_[kJR][team] + depot_[team]; }

int TortugaState::face_down_count() const {
  return static_cast<int>(std::count_if(row_.begin(), row_.end(), [](const Slot& s) { return s.card >= 0; }));
}

void TortugaState::remove_pawn(Seat seat) {
  for (int s = 0; s < 2; ++s) {
    auto it = std::find(ship_[s].begin(), ship_[s].end(), seat);
    if (it != ship_[s].end()) ship_[s].erase(it);  // T67-10: pawns behind move up
    if (boat_[s] == seat) boat_[s] = -1;
  }
  auto it = std::find(tortuga_.begin(), tortuga_.end(), seat);
  if (it != tortuga_.end()) tortuga_.erase(it);
}

void TortugaState::put_pawn(Seat seat, int area) {
  if (area == kFD || area == kJR)
    ship_[area].push_back(seat);  // T67-11: end of the column
  else if (area == kTortuga)
    tortuga_.push_back(seat);
  else
    boat_[area - kFDBoat] = seat;
}

void TortugaState::move_pawn(Seat seat, int area, Cause cause) {
  const int from = place_of(seat).area;
  remove_pawn(seat);
  put_pawn(seat, area);
  emit_pawn_moved(seat, from, area, cause);
}

void TortugaState::albatross_check() {
  // T67-14: two Albatross cards aboard one ship maroon its whole crew,
  // Cabin Boy first, Captain last.
  for (int s = 0; s < 2; ++s) {
    int total = 0;
    for (int p : ship_[s]) total += albatross_[p];
    if (total < 2) continue;
    const std::vector<int> crew = ship_[s];
    for (auto it = crew.rbegin(); it != crew.rend(); ++it) move_pawn(*it, kTortuga, Cause::kAlbatross);
  }
}

void TortugaState::draw_vote(Seat seat) {
  if (vote_deck_.empty()) return;
  insert_sorted(hand_[seat], vote_deck_.back().kind);
  vote_deck_.pop_back();
}

void TortugaState::put_vote_bottom(int kind, int known_by) {
  vote_deck_.insert(vote_deck_.begin(), DeckCard{kind, -1, known_by});
}

void TortugaState::spend_map(int card, Seat owner) {
  map_owner_[map_index(card)] = -1;
  discard_.push_back(card);
  emit_map_used(static_cast<v1::tortuga_1667::EventCard>(card), owner);
}

bool TortugaState::atlantis_usable(Seat seat) const {
  // T67-34: only from a ship, to the end of the other ship if not full (T67-A-7).
  if (map_owner_[map_index(kAtlantis)] != seat) return false;
  const Place p = place_of(seat);
  if (p.area != kFD && p.area != kJR) return false;
  return static_cast<int>(ship_[1 - p.area].size()) < kShipCapacity;
}

bool TortugaState::atlantis_window_open() const {
  // T67-A-5: the owner may use Atlantis at the start of any turn.
  const Seat owner = map_owner_[map_index(kAtlantis)];
  return phase_ == Phase::kTurn && !atlantis_done_ && owner >= 0 && owner != current_ && atlantis_usable(owner);
}

// --- Turn flow ---------------------------------------------------------------

void TortugaState::start_turn(Seat seat) {
  current_ = seat;
  ++turn_;
  phase_ = Phase::kTurn;
  pend_seat_ = -1;
  atlantis_done_ = false;
  pb::Event e;
  e.mutable_turn_started()->set_seat(seat);
  e.mutable_turn_started()->set_turn(turn_);
  emit_event(std::move(e));
}

void TortugaState::end_action() {
  pend_seat_ = -1;
  pend_card_ = -1;
  target_ = -1;
  cause_ = Cause::kNone;
  if (phase_ == Phase::kFinished) return;
  if (sudden_death_) {
    // T67-46, T67-A-11: the first team to lead wins at once.
    const int b = team_total(kBritish), f = team_total(kFrench);
    if (b != f) {
      finish(b > f ? kBritish : kFrench);
      return;
    }
    if (face_down_count() == 0 && event_deck_.empty() && ++cap_turns_ > n()) {
      finish(kNoTeam);  // T67-A-11 safety cap: a draw
      return;
    }
  }
  if (extra_action_) {
    // T67-34: the Captain whose Maroon was dodged by Atlantis acts again.
    extra_action_ = false;
    phase_ = Phase::kTurn;
    return;
  }
  if (turn_ >= kMaxTurns) {
    // T67-A-19 (decision): the Armada may never come up if nobody reveals,
    // so the game ends after the last allowed turn as if it had (T67-43 to
    // T67-45), without sudden death: an even-count tie is a draw.
    const int b = team_total(kBritish), f = team_total(kFrench);
    finish(b != f ? (b > f ? kBritish : kFrench) : n() % 2 == 1 ? kDutch : kNoTeam);
    return;
  }
  start_turn((current_ + 1) % n());
}

void TortugaState::finish(int winner) {
  phase_ = Phase::kFinished;
  winner_ = winner;
  pend_seat_ = -1;
  emit_game_ended();
}

// --- Whose move --------------------------------------------------------------

std::vector<Seat> TortugaState::acting_seats() const {
  std::vector<Seat> out;
  switch (phase_) {
    case Phase::kFinished: break;
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
    default: out.push_back(pend_seat_);
  }
  return out;
}

// --- Timeouts and the end ------------------------------------------------------

std::optional<ActionId> TortugaState::timeout_action(Seat seat) const {
  if (!timer_ || !is_acting(seat)) return std::nullopt;
  // T67-16: "look at 2 event cards"; a forced player leaves the choice to the
  // forcing player. The optional Atlantis window simply closes.
  if (phase_ == Phase::kTurn && seat == current_) {
    for (int p = 0; p < 10; ++p) {
      const int a = kSlotPairs[p][0], b = kSlotPairs[p][1];
      if (row_[a].card >= 0 && row_[b].card >= 0) return action::look(a, b);
    }
    return std::nullopt;
  }
  if (phase_ == Phase::kTurn) return action::kDecline;
  if (phase_ == Phase::kForcedChoice) return action::kForcedTimeout;
  return std::nullopt;
}

v1::MatchOutcome TortugaState::outcome() const {
  // T67-44..T67-46: every player whose current loyalty is the winning team's
  // wins; score = his team's treasures (0 for the Dutch).
  std::vector<std::vector<int>> keys;
  for (Seat s = 0; s < n(); ++s) {
    const int team = loyalty_[s];
    const bool won = winner_ == kNoTeam || team == winner_;
    keys.push_back({won ? 1 : 0, team == kDutch ? 0 : team_total(team)});
  }
  auto result = rank_outcome(keys, "");
  // rank_outcome scores by the first key; report treasures instead.
  for (auto& r : *result.mutable_seats()) r.set_score(keys[r.seat()][1]);
  const std::string tally =
      " (British " + std::to_string(team_total(kBritish)) + ", French " + std::to_string(team_total(kFrench)) + ")";
  switch (winner_) {
    case kBritish: result.set_summary("the British win" + tally); break;
    case kFrench: result.set_summary("the French win" + tally); break;
    case kDutch: result.set_summary("a tie: the Dutch player wins" + tally); break;
    default:
      result.set_summary((turn_ >= kMaxTurns ? "a draw at the turn limit" : "a draw after sudden death") + tally);
      break;
  }
  return result;
}

std::vector<State::RatedSide> TortugaState::rated_sides() const {
  // T67-44..T67-46: the winning team's members place first, everyone else
  // (the other team, or both when the Dutch player wins) ties below; a draw
  // ties everyone.
  std::vector<RatedSide> sides;
  for (Seat s = 0; s < n(); ++s) {
    const int team = loyalty_[s];
    const bool won = winner_ == kNoTeam || team == winner_;
    sides.push_back(RatedSide{team, won ? 1 : 2});
  }
  return sides;
}

}  // namespace brethren::rules::tortuga_1667
