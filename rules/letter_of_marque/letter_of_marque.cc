// Letter of Marque: set-up, turn rules and hidden-information resampling.
#include "rules/letter_of_marque/letter_of_marque.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace brethren::rules::letter_of_marque {
namespace {

v1::GameEvent wrap(v1::letter_of_marque::Event event) {
  v1::GameEvent out;
  *out.mutable_letter_of_marque() = std::move(event);
  return out;
}

}  // namespace

LetterOfMarqueState::LetterOfMarqueState() : StateBase(kGameId) {}

LetterOfMarqueState::LetterOfMarqueState(const v1::letter_of_marque::Options& options, int seats, std::uint64_t seed)
    : StateBase(kGameId, seats, seed), cannon_tiebreak_(options.cannon_tiebreak()) {
  players_.resize(seats);
  ships_.resize(seats * kShipsPerPlayer);
  // About 18 events per seat in a whole game: one allocation for the stream.
  reserve_events(static_cast<std::size_t>(seats) * 20);
  auto* reveal = emit_in_place(Audience::everyone()).mutable_letter_of_marque()->mutable_preliminary_cards();
  for (Seat s = 0; s < seats; ++s) {
    Player& p = players_[s];
    // LOM-1, LOM-2: five treasure cards 3..7, shuffled face down.
    p.deck.assign(std::begin(kTreasureValues), std::end(kTreasureValues));
    rng().shuffle(p.deck);
    // LOM-3: two armed and three unarmed ships in reserve.
    for (int k = 0; k < kShipsPerPlayer; ++k) ships_[s * kShipsPerPlayer + k].armed = k < kArmedShipsPerPlayer;
    // LOM-4: everyone reveals his top card at once.
    p.preliminary_treasure = p.deck.back();
    p.deck.pop_back();
    reveal->add_treasures(p.preliminary_treasure);
  }
}

std::vector<Seat> LetterOfMarqueState::acting_seats() const {
  std::vector<Seat> out;
  fill_acting_seats(out);
  return out;
}

void LetterOfMarqueState::fill_acting_seats(std::vector<Seat>& out) const {
  out.clear();
  if (phase_ == Phase::kPreliminary) {
    // LOM-5 / LOM-A-7: every seat that has not yet chosen, simultaneously.
    for (Seat s = 0; s < num_seats(); ++s) {
      if (players_[s].preliminary_treasure != 0) out.push_back(s);
    }
  } else if (phase_ == Phase::kRegular) {
    out.push_back(current_);
  }
}

int LetterOfMarqueState::reserve_count(Seat seat, bool armed) const {
  const Ship* ships = ships_of(seat);
  return static_cast<int>(std::count_if(ships, ships + kShipsPerPlayer, [armed](const Ship& s) {
    return s.place == Place::kReserve && s.armed == armed;
  }));
}

Ship* LetterOfMarqueState::reserve_ship(Seat seat, bool armed) {
  Ship* ships = &ships_[seat * kShipsPerPlayer];
  Ship* found = std::find_if(ships, ships + kShipsPerPlayer, [armed](const Ship& s) {
    return s.place == Place::kReserve && s.armed == armed;
  });
  return found == ships + kShipsPerPlayer ? nullptr : found;
}

bool LetterOfMarqueState::has_ship_at_sea(Seat seat) const {
  const Ship* ships = ships_of(seat);
  return std::any_of(ships, ships + kShipsPerPlayer, [](const Ship& s) { return s.place == Place::kAtSea; });
}

Seat LetterOfMarqueState::owner_of(const Ship& ship) const {
  return static_cast<Seat>((&ship - ships_.data()) / kShipsPerPlayer);
}

const Ship* LetterOfMarqueState::ship_at_sea(int id) const {
  for (const Ship& s : ships_) {
    if (s.place == Place::kAtSea && s.id == id) return &s;
  }
  return nullptr;
}

Ship* LetterOfMarqueState::find_at_sea(int id) { return const_cast<Ship*>(ship_at_sea(id)); }

int LetterOfMarqueState::score(Seat seat) const {
  // LOM-14: treasure values in the score pile + 1 per opponent cannon card.
  const Player& p = players_[seat];
  return std::accumulate(p.treasures_won.begin(), p.treasures_won.end(), 0) +
         static_cast<int>(p.cannons_from.size());
}

int LetterOfMarqueState::cannons_held(Seat seat) const {
  // LOM-15 with LOM-A-3: unused own cannons count unless the room chose
  // the "captured only" reading.
  const Player& p = players_[seat];
  const int captured = static_cast<int>(p.cannons_from.size());
  return cannon_tiebreak_ == v1::letter_of_marque::CANNON_TIEBREAK_CAPTURED_ONLY ? captured
                                                                                 : captured + p.unused_cannons;
}

void LetterOfMarqueState::fill_legal_actions(Seat seat, std::vector<ActionId>& out) const {
  out.clear();
  if (seat < 0 || seat >= num_seats()) return;
  const Player& p = players_[seat];
  if (phase_ == Phase::kPreliminary ? p.preliminary_treasure == 0 : phase_ != Phase::kRegular || seat != current_) {
    return;
  }
  // This is the hot path of every random game: one pass over the seat's own
  // ships, one over the others' only with a cannon card left, and ids at sea
  // as bit sets (ids are 1..kMaxShips) read out in ascending order.
  static_assert(kMaxShips < 64);
  const Ship* mine = ships_of(seat);
  bool reserve_unarmed = false, reserve_armed = false;
  std::uint64_t own = 0;
  for (int k = 0; k < kShipsPerPlayer; ++k) {
    if (mine[k].place == Place::kReserve) (mine[k].armed ? reserve_armed : reserve_unarmed) = true;
    else if (mine[k].place == Place::kAtSea) own |= std::uint64_t{1} << mine[k].id;
  }
  if (phase_ == Phase::kPreliminary) {
    if (reserve_unarmed) out.push_back(action::kChooseUnarmed);
    if (reserve_armed) out.push_back(action::kChooseArmed);
    return;
  }
  if (!p.deck.empty()) {  // LOM-8 (LOM-12: a ship is always in reserve then)
    if (reserve_unarmed) out.push_back(action::kDepartUnarmed);
    if (reserve_armed) out.push_back(action::kDepartArmed);
  }
  if (p.deck.empty() && own == 0) out.push_back(action::kPass);  // LOM-11
  std::uint64_t targets = 0;
  if (p.unused_cannons > 0) {  // LOM-10; LOM-A-4: never one's own ship
    for (const Ship& s : ships_) {
      if (s.place == Place::kAtSea && (&s < mine || &s >= mine + kShipsPerPlayer)) targets |= std::uint64_t{1} << s.id;
    }
  }
  for (; own != 0; own &= own - 1) out.push_back(action::return_ship(std::countr_zero(own)));  // LOM-9
  for (; targets != 0; targets &= targets - 1) out.push_back(action::attack(std::countr_zero(targets)));
}

std::string LetterOfMarqueState::illegal_reason(Seat seat, ActionId a) const {
  const Player& p = players_[seat];
  if (phase_ == Phase::kPreliminary) {
    if (a > action::kChooseArmed) return "the preliminary turn comes first: choose the ship for your card (LOM-5)";
    return "no ship of that kind left in your reserve";
  }
  if (a <= action::kChooseArmed) return "the preliminary turn is over";
  if (a <= action::kDepartArmed) {
    if (p.deck.empty()) return "your treasure deck is empty, no ship can depart (LOM-8)";
    return a == action::kDepartArmed ? "no armed ship left in your reserve" : "no unarmed ship left in your reserve";
  }
  if (a == action::kPass) return "you may pass only with an empty treasure deck and no ship at sea (LOM-11)";
  if (a < action::kAttackBase) {
    const Ship* s = ship_at_sea(static_cast<int>(a - action::kReturnBase) + 1);
    if (!s) return "no ship with that id is at sea";
    return "that ship is not yours (LOM-9)";
  }
  const Ship* s = ship_at_sea(static_cast<int>(a - action::kAttackBase) + 1);
  if (!s) return "no ship with that id is at sea";
  if (owner_of(*s) == seat) return "you cannot attack your own ship (LOM-A-4)";
  return "you have no cannon card left (LOM-10)";
}

void LetterOfMarqueState::do_apply(Seat seat, ActionId a) {
  Player& p = players_[seat];
  // Events are built in place, in the order they are emitted.
  auto event = [this](Audience audience) { return emit_in_place(audience).mutable_letter_of_marque(); };
  if (phase_ == Phase::kPreliminary) {
    const bool armed = a == action::kChooseArmed;
    Ship* ship = reserve_ship(seat, armed);
    ship->place = Place::kChosen;
    ship->treasure = p.preliminary_treasure;
    p.preliminary_treasure = 0;
    event(Audience::everyone())->mutable_ship_chosen()->set_seat(seat);  // LOM-H-4: only "has chosen"
    event(Audience::only(seat))->mutable_own_ship_base()->set_armed(armed);
    if (std::none_of(players_.begin(), players_.end(), [](const Player& q) { return q.preliminary_treasure != 0; })) {
      set_sail_after_preliminary();
    }
    return;
  }

  if (a == action::kDepartUnarmed || a == action::kDepartArmed) {
    // LOM-8
    const bool armed = a == action::kDepartArmed;
    Ship* ship = reserve_ship(seat, armed);
    ship->place = Place::kAtSea;
    ship->treasure = p.deck.back();
    ship->id = next_ship_id_++;
    p.deck.pop_back();
    auto* d = event(Audience::everyone())->mutable_departed();
    d->set_seat(seat);
    d->set_ship_id(ship->id);
    d->set_treasure(ship->treasure);
    auto* own = event(Audience::only(seat))->mutable_own_ship_base();
    own->set_ship_id(ship->id);
    own->set_armed(armed);
  } else if (a == action::kPass) {
    // LOM-11
    event(Audience::everyone())->mutable_passed()->set_seat(seat);
  } else if (a < action::kAttackBase) {
    // LOM-9: the ship leaves the game with its base unrevealed (LOM-H-3).
    Ship* ship = find_at_sea(static_cast<int>(a - action::kReturnBase) + 1);
    ship->place = Place::kReturned;
    p.treasures_won.push_back(ship->treasure);
    auto* r = event(Audience::everyone())->mutable_returned();
    r->set_seat(seat);
    r->set_ship_id(ship->id);
    r->set_treasure(ship->treasure);
  } else {
    // LOM-10
    Ship* ship = find_at_sea(static_cast<int>(a - action::kAttackBase) + 1);
    const Seat defender = owner_of(*ship);
    --p.unused_cannons;
    ship->revealed = true;
    if (ship->armed) {
      // Fails: the ship stays at sea, the defender scores the cannon card.
      players_[defender].cannons_from.push_back(seat);
    } else {
      // Succeeds: the cannon card leaves the game (LOM-A-8), the treasure is taken.
      p.treasures_won.push_back(ship->treasure);
      ship->place = Place::kSunk;
    }
    auto* at = event(Audience::everyone())->mutable_attacked();
    at->set_attacker(seat);
    at->set_defender(defender);
    at->set_ship_id(ship->id);
    at->set_treasure(ship->treasure);
    at->set_armed(ship->armed);
  }
  end_turn();
}

void LetterOfMarqueState::set_sail_after_preliminary() {
  namespace pb = v1::letter_of_marque;
  pb::Event sail;
  auto* s = sail.mutable_ships_set_sail();
  int lowest = 1000;
  for (Seat seat = 0; seat < num_seats(); ++seat) {
    Ship* ship = &ships_[seat * kShipsPerPlayer];
    while (ship->place != Place::kChosen) ++ship;
    ship->place = Place::kAtSea;
    ship->id = next_ship_id_++;
    auto* out = s->add_ships();
    out->set_ship_id(ship->id);
    out->set_owner(seat);
    out->set_treasure(ship->treasure);
    lowest = std::min(lowest, ship->treasure);
    auto* own = emit_in_place(Audience::only(seat)).mutable_letter_of_marque()->mutable_own_ship_base();
    own->set_ship_id(ship->id);
    own->set_armed(ship->armed);
  }
  // LOM-6: lowest treasure starts; ties are broken at random.
  std::vector<Seat> tied;
  for (const auto& ship : s->ships()) {
    if (ship.treasure() == lowest) tied.push_back(ship.owner());
  }
  current_ = tied[rng().below(static_cast<std::uint32_t>(tied.size()))];
  for (Seat t : tied) s->add_tied_lowest(t);
  s->set_start_seat(current_);
  phase_ = Phase::kRegular;
  emit(Audience::everyone(), wrap(std::move(sail)));
}

bool LetterOfMarqueState::game_over() const {
  // LOM-13: no ship at sea and every treasure deck empty.
  for (const Player& p : players_) {
    if (!p.deck.empty()) return false;
  }
  return std::none_of(ships_.begin(), ships_.end(), [](const Ship& s) { return s.place == Place::kAtSea; });
}

void LetterOfMarqueState::end_turn() {
  namespace pb = v1::letter_of_marque;
  if (game_over()) {
    phase_ = Phase::kFinished;
    current_ = -1;
    auto* end = emit_in_place(Audience::everyone()).mutable_letter_of_marque()->mutable_game_ended();
    for (Seat s = 0; s < num_seats(); ++s) {
      end->add_scores(score(s));
      end->add_cannons_held(cannons_held(s));
    }
    return;
  }
  // Clockwise; LOM-A-6: a seat with nothing at all left is passed by the server.
  for (;;) {
    current_ = (current_ + 1) % num_seats();
    const Player& p = players_[current_];
    if (!p.deck.empty() || has_ship_at_sea(current_) || p.unused_cannons > 0) return;
    auto* passed = emit_in_place(Audience::everyone()).mutable_letter_of_marque()->mutable_passed();
    passed->set_seat(current_);
    passed->set_automatic(true);
  }
}

void LetterOfMarqueState::do_resample_hidden(Viewer viewer, Rng& rng) {
  for (Seat s = 0; s < num_seats(); ++s) {
    // LOM-H-5: deck order is unknown to everyone, the owner included.
    rng.shuffle(players_[s].deck);
    if (!viewer.is_spectator() && viewer.seat() == s) continue;
    // LOM-H-1/H-3/H-4: bases never revealed are interchangeable to others;
    // only their count (two armed per player) is known.
    std::vector<char> bases;
    Ship* ships = &ships_[s * kShipsPerPlayer];
    for (int k = 0; k < kShipsPerPlayer; ++k) {
      if (!ships[k].revealed) bases.push_back(ships[k].armed);
    }
    rng.shuffle(bases);
    std::size_t next = 0;
    for (int k = 0; k < kShipsPerPlayer; ++k) {
      if (!ships[k].revealed) ships[k].armed = bases[next++];
    }
  }
}

}  // namespace brethren::rules::letter_of_marque
