// Tortuga 1667: set-up, turns, votes, event cards and the end.
#include "rules/tortuga_1667/tortuga_1667.h"

#include <algorithm>

namespace brethren::rules::tortuga_1667 {
namespace pb = v1::tortuga_1667;
namespace {

v1::GameEvent wrap(pb::Event event) {
  v1::GameEvent out;
  *out.mutable_tortuga_1667() = std::move(event);
  return out;
}

void insert_sorted(std::vector<int>& v, int x) { v.insert(std::upper_bound(v.begin(), v.end(), x), x); }
void erase_one(std::vector<int>& v, int x) { v.erase(std::find(v.begin(), v.end(), x)); }

}  // namespace

TortugaState::TortugaState() : StateBase(kGameId) {}

TortugaState::TortugaState(const pb::Options& options, int seats, std::uint64_t seed)
    : StateBase(kGameId, seats, seed) {
  vote_copies_.assign(kDefaultVoteCopies.begin(), kDefaultVoteCopies.end());
  if (options.vote_card_copies_size() > 0) vote_copies_.assign(options.vote_card_copies().begin(), options.vote_card_copies().end());
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
  rng().shuffle(vote_deck_);
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
  pb::Event e;
  auto* g = e.mutable_game_started();
  for (int s : ship_[kFD]) g->add_flying_dutchman(s);
  for (int s : ship_[kJR]) g->add_jolly_roger(s);
  for (int c : chosen_stars_) g->add_star_cards(static_cast<pb::EventCard>(c));
  g->set_star_card_count(star_count_);
  g->set_advanced_setup(advanced_);
  emit_event(std::move(e));
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

void TortugaState::emit_event(pb::Event event) { emit(Audience::everyone(), wrap(std::move(event))); }
void TortugaState::emit_private(Seat seat, pb::Event event) { emit(Audience::only(seat), wrap(std::move(event))); }

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
  if (area == kFD || area == kJR) ship_[area].push_back(seat);  // T67-11: end of the column
  else if (area == kTortuga) tortuga_.push_back(seat);
  else boat_[area - kFDBoat] = seat;
}

void TortugaState::move_pawn(Seat seat, int area, Cause cause) {
  const int from = place_of(seat).area;
  remove_pawn(seat);
  put_pawn(seat, area);
  pb::Event e;
  auto* m = e.mutable_pawn_moved();
  m->set_seat(seat);
  m->set_from(static_cast<pb::Area>(from));
  m->set_to(static_cast<pb::Area>(area));
  m->set_cause(static_cast<pb::MaroonCause>(cause));
  emit_event(std::move(e));
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
  start_turn((current_ + 1) % n());
}

void TortugaState::finish(int winner) {
  phase_ = Phase::kFinished;
  winner_ = winner;
  pend_seat_ = -1;
  pb::Event e;
  auto* g = e.mutable_game_ended();
  g->set_british(team_total(kBritish));
  g->set_french(team_total(kFrench));
  g->set_winner(static_cast<pb::Team>(winner));
  for (int l : loyalty_) g->add_loyalties(static_cast<pb::Team>(l));
  emit_event(std::move(e));
}

void TortugaState::do_look(Seat seat, int a, int b) {
  pb::Event pub, priv;
  pub.mutable_looked()->set_seat(seat);
  for (int s : {a, b}) {
    pub.mutable_looked()->add_slots(s);
    priv.mutable_look_result()->add_slots(s);
    priv.mutable_look_result()->add_cards(static_cast<pb::EventCard>(row_[s].card));
    known_slots_[seat] |= 1u << s;
    notes_[seat].push_back(Seen{turn_, s, row_[s].card});
  }
  emit_event(std::move(pub));
  emit_private(seat, std::move(priv));
}

void TortugaState::reveal_slot(Seat reader, int slot, Seat forced_by) {
  const int card = row_[slot].card;
  row_[slot].card = -1;
  for (auto& k : known_slots_) k &= ~(1u << slot);
  pb::Event e;
  auto* r = e.mutable_revealed();
  r->set_reader(reader);
  r->set_slot(slot);
  r->set_card(static_cast<pb::EventCard>(card));
  r->set_forced_by(forced_by);
  emit_event(std::move(e));
  // T67-18 / T67-27: refill from the deck while it lasts.
  if (card != kArmada) {
    pb::Event refill;
    refill.mutable_row_refilled()->set_slot(slot);
    if (!event_deck_.empty()) {
      row_[slot].card = event_deck_.back();
      row_[slot].bottom5 = event_deck_.size() <= 5;
      event_deck_.pop_back();
      refill.mutable_row_refilled()->set_refilled(true);
    }
    emit_event(std::move(refill));
  }
  resolve_event(reader, card);
}

void TortugaState::resolve_event(Seat reader, int card) {
  pend_card_ = card;
  pend_seat_ = reader;
  switch (card) {
    case kPistol:
    case kCabinFever:
      discard_.push_back(card);
      phase_ = Phase::kChoosePlayer;
      return;
    case kFountain:
    case kAtlantis:
    case kElDorado:
      phase_ = Phase::kChoosePlayer;  // T67-32: kept by the player it is given to
      return;
    case kLetter:
      discard_.push_back(card);
      phase_ = Phase::kLetterChoice;
      {
        std::vector<ActionId> legal;
        fill_legal_actions(reader, legal);
        if (legal.empty()) end_action();  // nothing possible at all
      }
      return;
    case kBlackSpot:
      discard_.push_back(card);
      maroon_single(reader, Cause::kBlackSpot);  // T67-30
      return;
    case kAlbatross:
      ++albatross_[reader];  // T67-31: kept in front of the reader
      albatross_check();
      end_action();
      return;
    case kBlackPowder: {
      discard_.push_back(card);
      sunk_ = true;  // T67-36
      pb::Event e;
      e.mutable_lifeboats_sunk();
      emit_event(std::move(e));
      for (int s = 0; s < 2; ++s) {
        if (boat_[s] >= 0) move_pawn(boat_[s], kTortuga, Cause::kBlackPowder);
      }
      end_action();
      return;
    }
    case kEightBells: {
      discard_.push_back(card);
      const int area = place_of(reader).area;  // T67-38, T67-A-10
      std::vector<int>* column = area == kTortuga ? &tortuga_ : area == kFD || area == kJR ? &ship_[area] : nullptr;
      if (column) {
        rng().shuffle(*column);
        pb::Event e;
        e.mutable_reordered()->set_area(static_cast<pb::Area>(area));
        for (int p : *column) e.mutable_reordered()->add_column(p);
        emit_event(std::move(e));
      }
      end_action();
      return;
    }
    case kFacade: {
      discard_.push_back(card);
      // T67-39, T67-A-9: swap places with the player to the right.
      const Seat other = (reader + n() - 1) % n();
      const Place a = place_of(reader), b = place_of(other);
      auto slot_of = [this](Place p) -> int* {
        if (p.area == kFD || p.area == kJR) return &ship_[p.area][p.pos];
        if (p.area == kTortuga) return &tortuga_[p.pos];
        return &boat_[p.area - kFDBoat];
      };
      std::swap(*slot_of(a), *slot_of(b));
      for (const auto& [who, from, to] : {std::array<int, 3>{reader, a.area, b.area}, std::array<int, 3>{other, b.area, a.area}}) {
        pb::Event e;
        auto* m = e.mutable_pawn_moved();
        m->set_seat(who);
        m->set_from(static_cast<pb::Area>(from));
        m->set_to(static_cast<pb::Area>(to));
        emit_event(std::move(e));
      }
      albatross_check();
      end_action();
      return;
    }
    case kPirateCode:
      code_holder_ = reader;  // T67-40
      code_skips_ = 2;
      end_action();
      return;
    case kStormySeas: {
      discard_.push_back(card);
      const int area = place_of(reader).area;  // T67-41, T67-A-10
      pb::Event e;
      e.mutable_stormy_seas()->set_area(static_cast<pb::Area>(area));
      if (area == kFD || area == kJR) {
        const int moved = hold_[area][0] + hold_[area][1];
        galleon_ += moved;
        hold_[area] = {0, 0};
        e.mutable_stormy_seas()->set_treasures(moved);
      } else if (area == kTortuga) {
        const int moved = depot_[0] + depot_[1];
        neutral_ += moved;
        depot_ = {0, 0};
        e.mutable_stormy_seas()->set_treasures(moved);
      }
      emit_event(std::move(e));
      end_action();
      return;
    }
    case kArmada:
      armada();
      return;
    default:
      end_action();
  }
}

void TortugaState::armada() {
  // T67-43..T67-46.
  const int b = team_total(kBritish), f = team_total(kFrench);
  if (b != f) return finish(b > f ? kBritish : kFrench);
  if (n() % 2 == 1) return finish(kDutch);
  // Sudden death: the Armada leaves; discards, row and deck form a new deck.
  sudden_death_ = true;
  std::vector<int> deck = discard_;
  discard_.clear();
  for (auto& slot : row_) {
    if (slot.card >= 0) deck.push_back(slot.card);
    slot = Slot{};
  }
  deck.insert(deck.end(), event_deck_.begin(), event_deck_.end());
  rng().shuffle(deck);
  event_deck_ = deck;
  for (auto& k : known_slots_) k = 0;
  for (auto& slot : row_) {
    if (event_deck_.empty()) break;
    slot.card = event_deck_.back();
    event_deck_.pop_back();
  }
  pb::Event e;
  e.mutable_sudden_death()->set_event_deck(static_cast<int>(event_deck_.size()));
  emit_event(std::move(e));
  end_action();
}

void TortugaState::maroon_single(Seat seat, Cause cause) {
  target_ = seat;
  cause_ = cause;
  pend_seat_ = seat;
  phase_ = Phase::kMaroonWindow;
  // T67-A-5: ask only if a map could be used; the owner may decline.
  std::vector<ActionId> legal;
  fill_legal_actions(seat, legal);
  if (legal.size() > 1) return;
  const bool on_tortuga = place_of(seat).area == kTortuga;
  move_pawn(seat, kTortuga, cause);
  after_single_maroon(seat, on_tortuga);
}

void TortugaState::after_single_maroon(Seat seat, bool was_on_tortuga) {
  // T67-10: marooned again on Tortuga costs one vote card of his choice.
  if (was_on_tortuga && !hand_[seat].empty()) {
    phase_ = Phase::kGiveUpCard;
    pend_seat_ = seat;
    return;
  }
  end_action();
}

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
      map_owner_[map_index(kElDorado)] = -1;
      discard_.push_back(kElDorado);
      pb::Event e;
      e.mutable_map_used()->set_card(pb::EVENT_EL_DORADO);
      e.mutable_map_used()->set_owner(s);
      emit_event(std::move(e));
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
  if (vote_kind_ == VoteKind::kAttack) success = cannon >= 1 && torch - water >= 1;         // T67-21
  if (vote_kind_ == VoteKind::kMutiny) success = 2 * skulls > static_cast<int>(cards.size());  // T67-23, T67-A-16
  if (vote_kind_ == VoteKind::kBrawl) success = true;
  pb::Event rev;
  auto* r = rev.mutable_vote_revealed();
  r->set_kind(static_cast<pb::VoteKind>(vote_kind_));
  std::vector<int> sorted = cards;
  std::sort(sorted.begin(), sorted.end());
  for (int k : sorted) {
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
  rng().shuffle(cards);
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
    if (british > french) depot_ = {total, 0};
    else if (french > british) depot_ = {0, total};
    else depot_ = {total / 2, total - total / 2};
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

// --- Applying actions ----------------------------------------------------------

void TortugaState::do_apply(Seat seat, ActionId a) {
  switch (phase_) {
    case Phase::kSetupTreasure: {
      const int h = static_cast<int>(a - action::kPlace) % 2;
      ++hold_[setup_ship_][h];
      pb::Event e;
      auto* t = e.mutable_treasure_placed();
      t->set_seat(seat);
      t->set_ship(static_cast<pb::Ship>(setup_ship_));
      t->set_hold(static_cast<pb::Team>(h));
      emit_event(std::move(e));
      if (setup_ship_ == kJR) {
        setup_ship_ = kFD;
        pend_seat_ = ship_[kFD][0];
        return;
      }
      setup_ship_ = -1;
      start_turn(ship_[kJR][0]);  // T67-7
      return;
    }
    case Phase::kAdvancedPlacement: {
      const int area = static_cast<int>(a - action::kPlacePawn);
      put_pawn(seat, area);
      pb::Event e;  // T67-8: drawn from the bag (from = to = the chosen area)
      e.mutable_pawn_moved()->set_seat(seat);
      e.mutable_pawn_moved()->set_from(static_cast<pb::Area>(area));
      e.mutable_pawn_moved()->set_to(static_cast<pb::Area>(area));
      emit_event(std::move(e));
      next_advanced_pawn();
      return;
    }
    case Phase::kForcedChoice:
    case Phase::kForcerChoice:
      if (a == action::kForcedTimeout) {
        pb::Event e;
        e.mutable_forced_timed_out()->set_seat(seat);
        emit_event(std::move(e));
        phase_ = Phase::kForcerChoice;
        pend_seat_ = forcer_;
        return;
      }
      reveal_slot(target_, static_cast<int>(a - action::kPick), forcer_);
      return;
    case Phase::kVoteCalled:
      if (a == action::kUseAtlantis) {
        map_owner_[map_index(kAtlantis)] = -1;
        discard_.push_back(kAtlantis);
        pb::Event e;
        e.mutable_map_used()->set_card(pb::EVENT_ATLANTIS);
        e.mutable_map_used()->set_owner(seat);
        emit_event(std::move(e));
        move_pawn(seat, vote_ship_, Cause::kNone);
        albatross_check();
      } else {
        pb::Event e;
        e.mutable_declined()->set_seat(seat);
        emit_event(std::move(e));
      }
      begin_voting();
      return;
    case Phase::kVoting: {
      std::vector<int> kinds;
      if (a < action::kVote2) kinds = {static_cast<int>(a - action::kVote)};
      else {
        const auto pr = vote_pair(static_cast<int>(a - action::kVote2));
        kinds = {pr[0], pr[1]};
      }
      for (int k : kinds) erase_one(hand_[seat], k);
      submitted_[seat] = kinds;
      pb::Event e;
      e.mutable_voted()->set_seat(seat);  // only "has voted" (T67-H-3)
      e.mutable_voted()->set_cards(static_cast<int>(kinds.size()));
      emit_event(std::move(e));
      if (acting_seats().empty()) resolve_vote();
      return;
    }
    case Phase::kAttackPlacement: {
      const int source = static_cast<int>(a - action::kPlace) / 2, h = static_cast<int>(a - action::kPlace) % 2;
      if (source == 0) --galleon_;
      else --hold_[1 - vote_ship_][source - 1];
      ++hold_[vote_ship_][h];
      pb::Event e;
      auto* t = e.mutable_treasure_placed();
      t->set_seat(seat);
      t->set_source(source);
      t->set_ship(static_cast<pb::Ship>(vote_ship_));
      t->set_hold(static_cast<pb::Team>(h));
      emit_event(std::move(e));
      end_action();
      return;
    }
    case Phase::kChoosePlayer: {
      const Seat t = static_cast<Seat>(a - action::kChoose);
      const int card = pend_card_;
      if (card == kPistol) {
        maroon_single(t, Cause::kPistol);  // T67-28
        return;
      }
      if (card == kCabinFever) {
        // T67-37: the two loyalty cards are shuffled and dealt back.
        std::array<int, 2> cards{loyalty_[seat], loyalty_[t]};
        rng().shuffle(cards);
        const bool changed = cards[0] != loyalty_[seat];
        loyalty_[seat] = cards[0];
        loyalty_[t] = cards[1];
        for (Seat v = 0; v < n(); ++v) loyalty_known_[v] &= ~((1u << seat) | (1u << t));
        loyalty_known_[seat] |= 1u << seat;
        loyalty_known_[t] |= 1u << t;
        if (changed) {  // each then knows the other's new card: his own old one
          loyalty_known_[seat] |= 1u << t;
          loyalty_known_[t] |= 1u << seat;
        }
        pb::Event e;
        e.mutable_cabin_fever()->set_reader(seat);
        e.mutable_cabin_fever()->set_other(t);
        emit_event(std::move(e));
        for (Seat s : {seat, t}) {
          pb::Event d;
          d.mutable_loyalty_dealt()->set_loyalty(static_cast<pb::Team>(loyalty_[s]));
          emit_private(s, std::move(d));
        }
        end_action();
        return;
      }
      // T67-32: a treasure map goes face up to its owner.
      map_owner_[map_index(card)] = t;
      pb::Event e;
      e.mutable_map_given()->set_card(static_cast<pb::EventCard>(card));
      e.mutable_map_given()->set_owner(t);
      emit_event(std::move(e));
      if (card == kElDorado) draw_vote(t);  // T67-35
      end_action();
      return;
    }
    case Phase::kLetterChoice:
      if (a == action::kLetterDraw) {
        draw_vote(seat);  // T67-29 option 2
        pb::Event e;
        e.mutable_letter_drew()->set_seat(seat);
        emit_event(std::move(e));
        phase_ = Phase::kLetterReturn;
        if (hand_[seat].empty()) end_action();
        return;
      } else {
        const int idx = static_cast<int>(a - action::kLetterMove);
        move_pawn(idx / 2, idx % 2, Cause::kNone);  // T67-29 option 1
        albatross_check();
        end_action();
        return;
      }
    case Phase::kLetterReturn: {
      const int k = static_cast<int>(a - action::kPut);
      erase_one(hand_[seat], k);
      vote_deck_.push_back(DeckCard{k, -1, seat});  // on top, known to him (T67-H-4)
      pb::Event e;
      e.mutable_letter_returned()->set_seat(seat);
      emit_event(std::move(e));
      end_action();
      return;
    }
    case Phase::kGiveUpCard: {
      const int k = static_cast<int>(a - action::kPut);
      erase_one(hand_[seat], k);
      put_vote_bottom(k, seat);  // T67-10, T67-H-4
      pb::Event e;
      e.mutable_vote_card_given_up()->set_seat(seat);
      emit_event(std::move(e));
      end_action();
      return;
    }
    case Phase::kMaroonWindow: {
      const Cause cause = cause_;
      if (a == action::kUseFountain) {
        // T67-33: the marooning is cancelled (a Captain's action is still spent).
        map_owner_[map_index(kFountain)] = -1;
        discard_.push_back(kFountain);
        pb::Event e;
        e.mutable_map_used()->set_card(pb::EVENT_FOUNTAIN_OF_YOUTH);
        e.mutable_map_used()->set_owner(seat);
        emit_event(std::move(e));
        end_action();
        return;
      }
      if (a == action::kUseAtlantis) {
        // T67-34: to the other ship instead; a marooning Captain acts again.
        const int other = 1 - place_of(seat).area;
        map_owner_[map_index(kAtlantis)] = -1;
        discard_.push_back(kAtlantis);
        pb::Event e;
        e.mutable_map_used()->set_card(pb::EVENT_ATLANTIS);
        e.mutable_map_used()->set_owner(seat);
        emit_event(std::move(e));
        move_pawn(seat, other, Cause::kNone);
        albatross_check();
        if (cause == Cause::kCaptain) extra_action_ = true;
        end_action();
        return;
      }
      pb::Event e;
      e.mutable_declined()->set_seat(seat);
      emit_event(std::move(e));
      const bool on_tortuga = place_of(seat).area == kTortuga;
      move_pawn(seat, kTortuga, cause);
      after_single_maroon(seat, on_tortuga);
      return;
    }
    case Phase::kTurn:
      break;
    case Phase::kFinished:
      return;
  }

  // Phase::kTurn.
  if (a == action::kUseAtlantis) {
    // T67-34, T67-A-5: a free move, not an action.
    map_owner_[map_index(kAtlantis)] = -1;
    discard_.push_back(kAtlantis);
    atlantis_done_ = true;
    pb::Event e;
    e.mutable_map_used()->set_card(pb::EVENT_ATLANTIS);
    e.mutable_map_used()->set_owner(seat);
    emit_event(std::move(e));
    move_pawn(seat, 1 - place_of(seat).area, Cause::kNone);
    albatross_check();
    return;
  }
  if (a == action::kDecline) {
    atlantis_done_ = true;
    pb::Event e;
    e.mutable_declined()->set_seat(seat);
    emit_event(std::move(e));
    return;
  }
  atlantis_done_ = true;  // the window closes once the turn's action is declared
  if (a == action::kPass) {
    pb::Event e;
    e.mutable_passed()->set_seat(seat);
    emit_event(std::move(e));
    end_action();
  } else if (a < action::kReveal) {
    const auto& pr = kSlotPairs[a - action::kLook];
    do_look(seat, pr[0], pr[1]);
    end_action();
  } else if (a < action::kForce) {
    reveal_slot(seat, static_cast<int>(a - action::kReveal), -1);
  } else if (a < action::kMove) {
    const int idx = static_cast<int>(a - action::kForce);
    const auto& pr = kSlotPairs[idx / kMaxPlayers];
    const Seat t = idx % kMaxPlayers;
    pb::Event e;
    e.mutable_forced()->set_seat(seat);
    e.mutable_forced()->set_target(t);
    e.mutable_forced()->add_slots(pr[0]);
    e.mutable_forced()->add_slots(pr[1]);
    emit_event(std::move(e));
    phase_ = Phase::kForcedChoice;
    pend_seat_ = t;
    target_ = t;
    forcer_ = seat;
    pend_slots_ = {pr[0], pr[1]};
  } else if (a < action::kAttack) {
    move_pawn(seat, static_cast<int>(a - action::kMove), Cause::kNone);
    albatross_check();
    end_action();
  } else if (a == action::kAttack) {
    call_vote(VoteKind::kAttack, seat, place_of(seat).area);
  } else if (a < action::kMutiny) {
    maroon_single(static_cast<Seat>(a - action::kMaroon), Cause::kCaptain);
  } else if (a == action::kMutiny) {
    call_vote(VoteKind::kMutiny, seat, place_of(seat).area);
  } else if (a < action::kBrawl) {
    const int ship = place_of(seat).area, from = static_cast<int>(a - action::kShift);
    --hold_[ship][from];
    ++hold_[ship][1 - from];
    pb::Event e;
    e.mutable_treasure_shifted()->set_ship(static_cast<pb::Ship>(ship));
    e.mutable_treasure_shifted()->set_from(static_cast<pb::Team>(from));
    emit_event(std::move(e));
    end_action();
  } else if (a == action::kBrawl) {
    call_vote(VoteKind::kBrawl, seat, -1);
  }
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

// --- Test-only helpers -----------------------------------------------------------

void TortugaState::debug_set_board(const Board& board) {
  ship_ = {board.ships[0], board.ships[1]};
  tortuga_ = board.tortuga;
  boat_ = board.boats;
}

void TortugaState::debug_set_treasure(int galleon, std::array<std::array<int, 2>, 2> holds, std::array<int, 2> depots,
                                      int neutral) {
  galleon_ = galleon;
  hold_ = holds;
  depot_ = depots;
  neutral_ = neutral;
}

void TortugaState::debug_put_event(int slot, int card) {
  if (row_[slot].card == card) return;
  for (auto& s : row_) {
    if (s.card == card) { std::swap(s.card, row_[slot].card); return; }
  }
  for (auto& c : event_deck_) {
    if (c == card) { std::swap(c, row_[slot].card); return; }
  }
  for (auto& c : box_) {
    if (c == card) { std::swap(c, row_[slot].card); std::sort(box_.begin(), box_.end()); return; }
  }
  for (auto& c : discard_) {
    if (c == card) { std::swap(c, row_[slot].card); return; }
  }
}

void TortugaState::debug_set_hand(Seat seat, std::vector<int> kinds) {
  for (int k : hand_[seat]) vote_deck_.insert(vote_deck_.begin(), DeckCard{k, -1, -1});
  hand_[seat].clear();
  for (int k : kinds) {
    auto it = std::find_if(vote_deck_.begin(), vote_deck_.end(), [k](const DeckCard& c) { return c.kind == k; });
    if (it == vote_deck_.end()) {
      // Take it from another hand, giving that hand a deck card instead.
      for (Seat o = 0; o < n(); ++o) {
        auto h = std::find(hand_[o].begin(), hand_[o].end(), k);
        if (o == seat || h == hand_[o].end()) continue;
        hand_[o].erase(h);
        insert_sorted(hand_[o], vote_deck_.back().kind);
        vote_deck_.back().kind = k;
        it = vote_deck_.end() - 1;
        break;
      }
    }
    insert_sorted(hand_[seat], it->kind);
    vote_deck_.erase(it);
  }
}

void TortugaState::debug_set_vote_top(int kind) {
  auto it = std::find_if(vote_deck_.begin(), vote_deck_.end(), [kind](const DeckCard& c) { return c.kind == kind; });
  if (it != vote_deck_.end()) std::iter_swap(it, vote_deck_.end() - 1);
}

void TortugaState::debug_give(int card, Seat owner) {
  if (card == kAlbatross) ++albatross_[owner];
  else if (card == kPirateCode) { code_holder_ = owner; code_skips_ = 2; }
  else map_owner_[map_index(card)] = owner;
}

void TortugaState::debug_set_current(Seat seat) {
  current_ = seat;
  phase_ = Phase::kTurn;
  pend_seat_ = -1;
  atlantis_done_ = false;
}

void TortugaState::debug_exhaust_events() {
  for (auto& slot : row_) {
    if (slot.card >= 0) discard_.push_back(slot.card);
    slot.card = -1;
  }
  discard_.insert(discard_.end(), event_deck_.begin(), event_deck_.end());
  event_deck_.clear();
}

}  // namespace brethren::rules::tortuga_1667
