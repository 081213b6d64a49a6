// Letter of Marque (Bruno Faidutti), 3-6 players.
// Rules: docs/rules/letter-of-marque.md, rule IDs LOM-*.
//
// Options (brethren.v1.letter_of_marque.Options):
//   cannon_tiebreak  ALL_HELD (default, LOM-A-3) | CAPTURED_ONLY
//
// Actions and their ids: letter_of_marque_action.h. The parts of the game,
// one file each: _state.cc (set-up, whose turn, outcome), _legal.cc,
// _apply.cc, _events.cc, _view.cc, _resample.cc, _load.cc, _game.cc, _bot.cc.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "rules/core/game.h"
#include "rules/letter_of_marque/letter_of_marque_action.h"

namespace brethren::rules::letter_of_marque {

inline constexpr const char* kGameId = "letter-of-marque";
// Game::max_moves(): the most accepted moves one match can take (see docs/games).
inline constexpr std::uint64_t kMaxMoves = 500;
inline constexpr int kArmedShipsPerPlayer = 2;
inline constexpr int kCannonsPerPlayer = 3;
inline constexpr int kTreasureValues[kShipsPerPlayer] = {3, 4, 5, 6, 7};
// The seats' colours, in seat order (views and the outcome's summary).
inline constexpr const char* kColours[] = {"red", "blue", "green", "yellow", "purple", "orange"};

enum class Phase : std::uint8_t { kPreliminary = 1, kRegular = 2, kFinished = 3 };
enum class Place : std::uint8_t { kReserve, kChosen, kAtSea, kReturned, kSunk };

struct Ship {
  Place place = Place::kReserve;
  bool armed = false;
  bool revealed = false;  // an attack showed the base to everyone
  int treasure = 0;       // value of the card it guards while chosen / at sea
  int id = 0;             // public id once at sea, 0 before

  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.place, s.armed, s.revealed, s.treasure, s.id);
  }
};

struct Player {
  std::vector<int> deck;  // treasure values; back() is the top card
  int unused_cannons = kCannonsPerPlayer;
  std::vector<int> treasures_won;  // score pile: treasure values
  std::vector<int> cannons_from;   // score pile: seats whose cannon he took
  int preliminary_treasure = 0;    // LOM-4 card waiting for its ship

  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.deck, s.unused_cannons, s.treasures_won, s.cannons_from, s.preliminary_treasure);
  }
};

class LetterOfMarqueState : public StateBase<LetterOfMarqueState> {
 public:
  LetterOfMarqueState();  // empty, for load()
  LetterOfMarqueState(const v1::letter_of_marque::Options& options, int seats, std::uint64_t seed);

  bool is_terminal() const override { return phase_ == Phase::kFinished; }
  std::vector<Seat> acting_seats() const override;
  void fill_acting_seats(std::vector<Seat>& out) const override;
  void fill_legal_actions(Seat seat, std::vector<ActionId>& out) const override;
  ActionId action_space_size() const override { return action::kSpaceSize; }
  v1::GameAction encode_action(Seat seat, ActionId action) const override;
  Result<ActionId> decode_action(Seat seat, const v1::GameAction& action) const override;
  v1::GameView game_view(Viewer viewer) const override;
  v1::MatchOutcome outcome() const override;

  // Read access for tests and tools.
  Phase phase() const { return phase_; }
  Seat current_seat() const { return current_; }
  const Player& player(Seat seat) const { return players_[seat]; }
  // The ships of one seat, in no meaningful order.
  const Ship* ships_of(Seat seat) const { return &ships_[seat * kShipsPerPlayer]; }
  const Ship* ship_at_sea(int id) const;
  // The search's inference redraws a sample's hidden bases
  // (letter_of_marque_belief.cc); the caller keeps each seat's two armed.
  void set_armed_in_sample(Seat seat, int index, bool armed) { ships_[seat * kShipsPerPlayer + index].armed = armed; }
  int score(Seat seat) const;
  int cannons_held(Seat seat) const;

  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.cannon_tiebreak_, s.phase_, s.current_, s.next_ship_id_, s.players_, s.ships_);
  }

 protected:
  void do_apply(Seat seat, ActionId action) override;
  std::string illegal_reason(Seat seat, ActionId action) const override;
  void do_resample_hidden(Viewer viewer, Rng& rng) override;
  // Reads the fields, then refuses states the rules cannot have reached
  // (letter_of_marque_load.cc).
  void load_game(Reader& in) override;

 private:
  bool well_formed() const;
  Ship* reserve_ship(Seat seat, bool armed);
  int reserve_count(Seat seat, bool armed) const;
  bool has_ship_at_sea(Seat seat) const;
  Seat owner_of(const Ship& ship) const;
  Ship* find_at_sea(int id);
  bool game_over() const;

  // do_apply's parts (letter_of_marque_apply.cc).
  void choose_ship(Seat seat, bool armed);
  void depart(Seat seat, bool armed);
  void return_ship(Seat seat, int ship_id);
  void attack(Seat seat, int ship_id);
  void set_sail_after_preliminary();
  void end_turn();

  // The events (letter_of_marque_events.cc), built in place in the order
  // they are emitted.
  void emit_preliminary_cards();
  void emit_ship_chosen(Seat seat, bool armed);
  void emit_own_ship_base(Seat seat, const Ship& ship);
  void emit_ships_set_sail(const std::vector<Seat>& tied_lowest);
  void emit_departed(Seat seat, const Ship& ship);  // and the owner's own_ship_base
  void emit_returned(Seat seat, const Ship& ship);
  void emit_attacked(Seat attacker, Seat defender, const Ship& ship);
  void emit_passed(Seat seat, bool automatic);
  void emit_game_ended();

  int cannon_tiebreak_ = 0;  // v1::letter_of_marque::CannonTiebreak
  Phase phase_ = Phase::kPreliminary;
  Seat current_ = -1;
  int next_ship_id_ = 1;
  std::vector<Player> players_;
  std::vector<Ship> ships_;  // kShipsPerPlayer per seat, seat-major
};

std::unique_ptr<Game> make_game();

}  // namespace brethren::rules::letter_of_marque
