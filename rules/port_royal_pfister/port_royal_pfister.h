// Port Royal (Alexander Pfister), 2-5 players.
// Rules: docs/rules/port-royal-pfister.md, rule IDs PRP-*.
//
// Options (brethren.v1.port_royal_pfister.Options):
//   end_condition  STANDARD (default, PRP-40) | EXPEDITION (variant, PRP-43)
//
// Actions and their ids: port_royal_pfister_action.h; the cards:
// port_royal_pfister_cards.h. The parts of the game, one file each:
// _state.cc (set-up, whose turn, queries, outcome), _legal.cc, _apply.cc,
// _events.cc, _view.cc, _resample.cc, _load.cc, _game.cc, _bot.cc.
//
// One seat acts at a time: the active player in Phase 1, then in Phase 2 each
// player's opportunity in turn order, starting with the active player
// (PRP-21). An opportunity in which nothing but passing is possible is ended
// by the server at once, without an event (the view shows whose it is).
//
// PRP-A-10 (decision beyond the reference): a turn that begins with the draw
// pile and the discard pile both empty triggers the end, because nothing
// could ever be drawn again; the round is completed as in PRP-41.
//
// Coins are cards (PRP-7): every card keeps its identity, and the only cards
// whose fronts nobody knows are the draw pile and the coins (PRP-H-1/H-2).
// Coins are paid last-gained first (PRP-A-7), so everybody can tell which
// draw-pile generation (set-up deck or a later reshuffle) each coin came from;
// re-sampling permutes hidden cards within a generation only.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "brethren/v1/port_royal_pfister.pb.h"
#include "rules/core/game.h"
#include "rules/port_royal_pfister/port_royal_pfister_action.h"
#include "rules/port_royal_pfister/port_royal_pfister_cards.h"

namespace brethren::rules::port_royal_pfister {

inline constexpr const char* kGameId = "port-royal-pfister";
// Game::max_moves(): the most accepted moves one match can take (see docs/games).
inline constexpr std::uint64_t kMaxMoves = 23000;
inline constexpr int kStartCoins = 3;      // PRP-4
inline constexpr int kEndPoints = 12;      // PRP-40
inline constexpr int kTaxThreshold = 12;   // PRP-17
inline constexpr int kAdmiralHarbor = 5;   // PRP-35
inline constexpr int kAdmiralCoins = 2;    // PRP-35
inline constexpr int kMaxReshuffles = 20;  // PRP-A-14

enum class Phase : std::uint8_t { kDiscover = 1, kRepel = 2, kTradeHire = 3, kFinished = 4 };

struct Player {
  std::vector<std::uint8_t> coins;        // card ids face down; back() = last gained
  std::vector<std::uint8_t> persons;      // hired, in order
  std::vector<std::uint8_t> expeditions;  // fulfilled

  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.coins, s.persons, s.expeditions);
  }
};

class PortRoyalState : public StateBase<PortRoyalState> {
 public:
  PortRoyalState();  // empty, for load()
  PortRoyalState(const v1::port_royal_pfister::Options& options, int seats, std::uint64_t seed);

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
  Seat active_seat() const { return active_; }
  Seat start_seat() const { return start_; }
  Seat taking_seat() const { return phase_ == Phase::kTradeHire ? taking_ : -1; }
  const Player& player(Seat seat) const { return players_[seat]; }
  const std::vector<std::uint8_t>& harbor() const { return harbor_; }
  const std::vector<std::uint8_t>& expedition_area() const { return expeditions_; }
  const std::vector<std::uint8_t>& draw_pile() const { return draw_; }  // back() = top
  const std::vector<std::uint8_t>& discard_pile() const { return discard_; }
  int pending_ship() const { return pending_; }
  int drawn_this_turn() const { return drawn_; }
  bool end_triggered() const { return end_triggered_; }
  int cards_left() const;  // Phase 2: cards the taking seat may still take
  int coins(Seat seat) const { return static_cast<int>(players_[seat].coins.size()); }
  int points(Seat seat) const;
  int swords(Seat seat) const;
  int count_person(Seat seat, Person type) const;
  int traders(Seat seat, Colour colour) const;
  int hire_cost(Seat seat, int card_id) const;  // PRP-25, PRP-38
  int taken_cards() const { return taken_; }
  // Where expedition kind `expedition_index` lies in the expedition area; -1: not there.
  int expedition_position(int expedition_index) const;
  int generation() const { return generation_; }  // reshuffles so far
  // The draw-pile generation card `card_id` was last drawn from (PRP-H-2).
  int card_generation(int card_id) const { return card_generation_[card_id]; }

  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.end_condition_, s.phase_, s.active_, s.start_, s.taking_, s.base_allowance_, s.taken_, s.drawn_, s.pending_,
       s.end_triggered_, s.generation_, s.card_generation_, s.draw_, s.discard_, s.harbor_, s.expeditions_, s.players_);
  }

 protected:
  void do_apply(Seat seat, ActionId action) override;
  std::string illegal_reason(Seat seat, ActionId action) const override;
  void do_resample_hidden(Viewer viewer, Rng& rng) override;
  // Reads the fields, then refuses states the rules cannot have reached
  // (port_royal_pfister_load.cc).
  void load_game(Reader& in) override;

 private:
  bool well_formed() const;
  // A kFulfil action.
  bool can_fulfil(Seat seat, const Action& f) const;
  void add_fulfil_actions(Seat seat, std::vector<ActionId>& out) const;
  bool can_take(Seat seat, int position) const;
  bool can_draw() const;
  bool can_reshuffle() const;

  std::optional<int> draw_card();
  int gain(Seat seat, int n);  // returns the coins actually drawn (PRP-A-10)
  void gain_into(Seat seat, int n, google::protobuf::RepeatedPtrField<v1::port_royal_pfister::CoinGain>* out);
  void pay_to_discard(Seat seat, int n, v1::port_royal_pfister::CoinPayment* out);
  void pay_to_player(Seat seat, Seat to, int n, v1::port_royal_pfister::CoinPayment* out);

  void start_turn();
  void do_draw();
  bool dock(int card, v1::port_royal_pfister::Bust* bust);  // true on a bust
  void resolve_tax(int card, v1::port_royal_pfister::CardDrawn* out);
  void stop();
  bool only_pass_possible() const;
  void begin_opportunity();
  void next_opportunity();
  void take(Seat seat, int position);
  void fulfil(Seat seat, const Action& f);
  void check_end_trigger();
  void end_turn();
  bool qualifies_for_end(Seat seat) const;

  // The events (port_royal_pfister_events.cc). Every event is public
  // (PRP-H-3); those that gather an action's effects are built where the
  // effects happen and published with publish().
  void publish(v1::port_royal_pfister::Event event);
  void emit_reshuffled();
  void emit_end_triggered(Seat seat, bool piles_exhausted);
  void emit_stopped(int colours);
  void emit_ship_repelled(Seat seat, int card_id);
  void emit_passed(Seat seat);
  void emit_harbor_cleared();  // before the harbor is cleared
  void emit_game_ended();

  int end_condition_ = 0;  // v1::port_royal_pfister::EndCondition
  Phase phase_ = Phase::kDiscover;
  Seat active_ = 0;
  Seat start_ = 0;
  Seat taking_ = 0;         // Phase 2: whose opportunity
  int base_allowance_ = 0;  // PRP-19, fixed when the active player stops
  int taken_ = 0;           // cards taken in the current opportunity
  int drawn_ = 0;           // cards drawn by the active player this turn
  int pending_ = -1;        // Phase::kRepel: the ship just drawn
  bool end_triggered_ = false;
  int generation_ = 0;                         // number of reshuffles so far
  std::vector<std::uint8_t> card_generation_;  // per card id: pile it was last drawn from
  std::vector<std::uint8_t> draw_;             // back() is the top card
  std::vector<std::uint8_t> discard_;          // back() is the top card
  std::vector<std::uint8_t> harbor_;
  std::vector<std::uint8_t> expeditions_;  // the expedition area
  std::vector<Player> players_;
};

std::unique_ptr<Game> make_game();

}  // namespace brethren::rules::port_royal_pfister
