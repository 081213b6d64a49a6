// Port Royal (Wolfgang Panning, Queen Games 2000), 3-4 players: six rounds of
// an auction for privileges followed by eight tricks for loot cards.
// Rules: docs/rules/port-royal-panning.md, rule IDs PRQ-*.
//
// Options (brethren.v1.port_royal_panning.Options):
//   loot_values      PRQ-A-6: 10 values for every good, or 40 good by good,
//                    each 1..30; empty = 2,3,4,5,6,7,8,9,10,12
//   dealer_rotation  RIGHT (default, PRQ-42/PRQ-A-4) | LEFT
//   tie_break        SHARED (default, PRQ-A-7) | LOWER_DEBT
//
// Action encoding (ActionId): port_royal_panning_action.h.
// Crew card ids: colour * 8 + value - 1 (red, blue, green, black), ghosts
// 32..34 (values 1, 5, 7). Loot ids: good * 10 + index, specials 40..48.
// Ships are numbered by good: biscuits, tobacco, rum, gunpowder.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "rules/core/game.h"
#include "rules/port_royal_panning/port_royal_panning_action.h"
#include "rules/port_royal_panning/port_royal_panning_cards.h"

namespace brethren::rules::port_royal_panning {

inline constexpr const char* kGameId = "port-royal-panning";
// Game::max_moves(): the most accepted moves one match can take (see docs/games).
inline constexpr std::uint64_t kMaxMoves = 1000;

enum class Phase : std::uint8_t {
  kAuction = 1,
  kExchange = 2,
  kNameTrump = 3,
  kNameLeader = 4,
  kChooseLoot = 5,
  kPlay = 6,
  kResolveLoot = 7,
  kPlacePrisoner = 8,
  kFinished = 9,
};

struct Ship {
  std::vector<int> loot;       // loot ids in placement order
  std::vector<int> prisoners;  // prisoner values in placement order (face down)

  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.loot, s.prisoners);
  }
};

struct Player {
  std::vector<int> hand;                 // crew card ids, ascending
  int debt = 0;                          // yellow cube (PRQ-12)
  bool passed = false;                   // in the current auction
  int void_mask = 0;                     // PRQ-18: bit per colour with a void marker
  bool remove_kept = false;              // PRQ-35(b)
  std::vector<int> discarded_prisoners;  // values, face down (PRQ-35(a))
  std::array<Ship, kGoods> ships{};

  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.hand, s.debt, s.passed, s.void_mask, s.remove_kept, s.discarded_prisoners, s.ships);
  }
};

struct Play {
  int seat = 0;
  int card = 0;
  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.seat, s.card);
  }
};

struct LootSlot {
  int loot = 0;
  std::vector<int> prisoners;  // values, face down (PRQ-41)
  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.loot, s.prisoners);
  }
};

// Per-ship totals for scoring (PRQ-44, PRQ-45).
struct ShipScore {
  int weight = 0;
  int capacity = 0;
  int loot_value = 0;  // after x2, never below 0
  int prisoners = 0;
  bool sunk = false;
  int value = 0;  // 0 when sunk, else loot_value + prisoners
};

// The legality of one crew card for a player who holds `hand` (card ids),
// given the led colour (kNoColour: he leads, or a ghost was led) and trump
// (PRQ-17..19). `leading` is true for the first card of a trick.
bool play_allowed(const std::vector<int>& hand, bool leading, int led_colour, int trump, int card);

// Whether the round's play so far stays legal (PRQ-17..19) with these
// current `hands`: the cards each seat played this round are added back to
// rebuild the hands held when the first trick began.
bool plays_consistent(const std::vector<std::vector<int>>& hands, const std::vector<std::vector<Play>>& tricks,
                      int trump);

// The index in `trick` (playing order) of the winning card (PRQ-21, PRQ-22).
int trick_winner(const std::vector<Play>& trick, int trump);

// PRQ-30..34, PRQ-44, PRQ-45: one ship's totals. `loot_values` holds the 40
// standard loot values (PRQ-A-6); `base_capacity` is 24 or 18.
ShipScore score_ship(const Ship& ship, int base_capacity, const std::vector<int>& loot_values);

class PortRoyalPanningState : public StateBase<PortRoyalPanningState> {
 public:
  PortRoyalPanningState();  // empty, for load()
  PortRoyalPanningState(const v1::port_royal_panning::Options& options, int seats, std::uint64_t seed);

  bool is_terminal() const override { return phase_ == Phase::kFinished; }
  std::vector<Seat> acting_seats() const override;
  void fill_legal_actions(Seat seat, std::vector<ActionId>& out) const override;
  ActionId action_space_size() const override { return action::kSpaceSize; }
  v1::GameAction encode_action(Seat seat, ActionId action) const override;
  Result<ActionId> decode_action(Seat seat, const v1::GameAction& action) const override;
  v1::GameView game_view(Viewer viewer) const override;
  v1::MatchOutcome outcome() const override;

  // Read access for tests and tools.
  Phase phase() const { return phase_; }
  int round() const { return round_; }
  Seat dealer() const { return dealer_; }
  Seat current_seat() const { return current_; }
  Seat privileged() const { return privileged_; }
  int high_bid() const { return high_bid_; }
  int bid_cube() const { return bid_cube_; }
  int trump() const { return trump_; }
  int pirate() const { return pirate_; }
  int pending_loot() const { return pending_loot_; }
  const std::vector<int>& pending_prisoners() const { return pending_prisoners_; }
  const Player& player(Seat seat) const { return players_[seat]; }
  const std::vector<LootSlot>& available() const { return available_; }
  const std::vector<int>& face_up() const { return face_up_; }
  const std::vector<int>& set_aside() const { return set_aside_; }
  const std::vector<int>& taken_face_up() const { return taken_face_up_; }
  const std::vector<int>& loot_deck() const { return loot_deck_; }
  const std::vector<int>& prisoner_deck() const { return prisoner_deck_; }
  const std::vector<int>& removed_loot() const { return removed_loot_; }
  const std::vector<std::vector<Play>>& tricks() const { return tricks_; }
  int loot_value(int loot) const;  // value of a loot card (PRQ-A-6, specials: their number)
  ShipScore ship_score(Seat seat, int ship) const;
  int score(Seat seat) const;  // PRQ-46
  int capacity() const { return setup_for(num_seats()).capacity; }

  // For the search bots' belief (port_royal_panning_belief.cc), on a sample
  // that resample_hidden(me) just drew: moves it toward the deals `weight`
  // makes likely by `steps` Metropolis swaps of hidden cards, among the
  // deals consistent with what `me` sees. Reads nothing else.
  void walk_hidden_hands(Seat me, const std::function<double(const PortRoyalPanningState&)>& weight, int steps,
                         Rng& rng);

  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.loot_values_, s.rotate_left_, s.tie_break_, s.phase_, s.round_, s.dealer_, s.current_, s.privileged_,
       s.high_bid_, s.high_bidder_, s.bid_cube_, s.trump_, s.pirate_, s.trick_leader_);
    ar(s.players_, s.available_, s.face_up_, s.taken_face_up_, s.set_aside_, s.loot_deck_, s.prisoner_deck_,
       s.removed_loot_, s.tricks_, s.pending_loot_, s.pending_prisoners_);
  }

 protected:
  void do_apply(Seat seat, ActionId action) override;
  std::string illegal_reason(Seat seat, ActionId action) const override;
  void do_resample_hidden(Viewer viewer, Rng& rng) override;
  // Reads the fields, then refuses states whose values are out of range.
  void load_game(Reader& in) override;

 private:
  // port_royal_panning_load.cc
  bool well_formed() const;
  bool cards_accounted_for() const;
  bool round_consistent() const;
  // port_royal_panning_resample.cc: whether `card` may lie in seat
  // `container`'s hand (num_seats(): among the cards set aside) as far as
  // anyone sees (PRQ-H-1..3, PRQ-H-6).
  bool may_hold(int container, int card) const;
  // port_royal_panning_state.cc
  Seat left_of(Seat seat) const { return (seat + 1) % num_seats(); }
  Seat right_of(Seat seat) const { return (seat + num_seats() - 1) % num_seats(); }
  int led_colour() const;
  bool has_movable(Seat seat) const;
  bool may_pay_down(Seat seat) const;
  void start_round();
  void end_round();
  void finish_game();

  // port_royal_panning_apply.cc
  void apply_auction(Seat seat, const Action& action);
  void end_auction(Seat winner, bool nobody_bid);
  void apply_play(Seat seat, int card);
  void finish_trick();
  void apply_resolve(Seat seat, const Action& action);
  void loot_resolved();
  void after_resolution();

  // port_royal_panning_legal.cc
  std::string play_reason(Seat seat, int card) const;
  std::string resolve_reason(Seat seat, const Action& action) const;

  // port_royal_panning_events.cc
  void emit_event(v1::port_royal_panning::Event event);
  void emit_private(Seat seat, v1::port_royal_panning::Event event);
  void emit_round_started();
  void emit_round_ended(const LootSlot& leftover, Seat next_dealer);
  void emit_game_ended();
  void fill_loot(v1::port_royal_panning::LootCard* out, int loot) const;

  // Options.
  std::vector<int> loot_values_;  // 40 values, good-major (PRQ-A-6)
  bool rotate_left_ = false;      // PRQ-A-4
  int tie_break_ = 0;             // v1::port_royal_panning::TieBreak

  Phase phase_ = Phase::kAuction;
  int round_ = 0;
  Seat dealer_ = 0;
  Seat current_ = -1;     // the seat that acts
  Seat privileged_ = -1;  // PRQ-13
  int high_bid_ = 0;
  Seat high_bidder_ = -1;
  int bid_cube_ = -1;  // PRQ-12, -1 while nobody holds the privileges
  int trump_ = -1;
  int pirate_ = -1;  // loot id under the pirate figure (PRQ-14)
  Seat trick_leader_ = -1;
  std::vector<Player> players_;
  std::vector<LootSlot> available_;        // face-up loot cards in the middle
  std::vector<int> face_up_;               // PRQ-8: face-up crew cards
  std::vector<int> taken_face_up_;         // PRQ-13.1: the 2 taken (public)
  std::vector<int> set_aside_;             // PRQ-13.1, PRQ-H-3
  std::vector<int> loot_deck_;             // back() is the top; front() the bottom (PRQ-3)
  std::vector<int> prisoner_deck_;         // values, back() is the top
  std::vector<int> removed_loot_;          // out of the game, face up
  std::vector<std::vector<Play>> tricks_;  // this round's tricks, the last one may be in progress
  int pending_loot_ = -1;                  // the won card being resolved
  std::vector<int> pending_prisoners_;     // won prisoners still to place
};

std::unique_ptr<Game> make_game();

}  // namespace brethren::rules::port_royal_panning
