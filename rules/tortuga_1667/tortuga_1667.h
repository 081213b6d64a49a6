// Tortuga 1667 (Travis & Holly Hancock, Facade Games), 4-9 players.
// Rules: docs/rules/tortuga-1667.md, rule IDs T67-*.
//
// Options (brethren.v1.tortuga_1667.Options):
//   vote_card_copies   12 counts by vote kind (T67-A-1); empty = §1.5 deck
//   star_cards         star cards chosen openly (3..6, T67-3/T67-9); empty =
//                      random_star_count (0 = 3) drawn at random and hidden
//   advanced_setup     T67-8
//   turn_timer         T67-16: timeout_action() gives the 30-second rule
//
// Action encoding (ActionId): tortuga_1667_action.h.
//
// Vote cards have no identity: hands and the deck hold kinds, and no event
// names the cards a seat played or drew (T67-H-3). Per-seat submissions live
// in the state only while a vote is open. Every draw that shapes the vote
// deck or a vote hand uses secret_rng(), never rng(): the match seed is
// revealed after the end for fairness checks, and the vote deck order would
// tell every vote hand, and so who played which card.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "rules/core/game.h"
#include "rules/tortuga_1667/tortuga_1667_action.h"
#include "rules/tortuga_1667/tortuga_1667_cards.h"

namespace brethren::rules::tortuga_1667 {

inline constexpr const char* kGameId = "tortuga-1667";
// Game::max_moves(): the most accepted moves one match can take (see docs/games).
inline constexpr std::uint64_t kMaxMoves = 10000;
inline constexpr int kMaxTurns = 200;  // T67-A-19: the last turn of a game

enum class Phase : std::uint8_t {
  kSetupTreasure = 1,
  kAdvancedPlacement,
  kTurn,
  kForcedChoice,
  kForcerChoice,
  kVoteCalled,
  kVoting,
  kAttackPlacement,
  kChoosePlayer,
  kLetterChoice,
  kLetterReturn,
  kMaroonWindow,
  kGiveUpCard,
  kFinished,
};
enum class VoteKind : std::uint8_t { kNone = 0, kAttack, kMutiny, kBrawl };
enum class Cause : std::uint8_t { kNone = 0, kPistol, kBlackSpot, kCaptain, kMutiny, kAlbatross, kBlackPowder };

struct Place {
  int area = kTortuga;
  int pos = 0;
};

// One card of the vote deck. block >= 0: a public block (revealed vote cards
// put to the bottom together, T67-26 step 6) whose multiset everyone knows;
// known_by >= 0: the one seat that knows this card (Letter of Marque top
// card T67-H-4, or a card given up when marooned on Tortuga T67-10).
struct DeckCard {
  int kind = 0;
  int block = -1;
  int known_by = -1;
  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.kind, s.block, s.known_by);
  }
};

struct Slot {
  int card = -1;         // -1: empty (deck exhausted)
  bool bottom5 = false;  // dealt from the original bottom five (Armada candidates, T67-H-6)
  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.card, s.bottom5);
  }
};

struct Seen {
  int turn = 0, slot = 0, card = 0;
  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.turn, s.slot, s.card);
  }
};

class TortugaState : public StateBase<TortugaState> {
 public:
  TortugaState();  // empty, for load()
  // Everything about the vote deck is drawn from secret_seed's stream
  // (T67-H-3, see State::secret_rng); 0: from seed's.
  TortugaState(const v1::tortuga_1667::Options& options, int seats, std::uint64_t seed, std::uint64_t secret_seed = 0);

  bool is_terminal() const override { return phase_ == Phase::kFinished; }
  std::vector<Seat> acting_seats() const override;
  void fill_legal_actions(Seat seat, std::vector<ActionId>& out) const override;
  ActionId action_space_size() const override { return action::kSpaceSize; }
  v1::GameAction encode_action(Seat seat, ActionId action) const override;
  Result<ActionId> decode_action(Seat seat, const v1::GameAction& action) const override;
  v1::GameView game_view(Viewer viewer) const override;
  v1::MatchOutcome outcome() const override;
  // The revealed teams (T67-44): each seat's side is his loyalty at the end.
  std::vector<RatedSide> rated_sides() const override;
  std::optional<ActionId> timeout_action(Seat seat) const override;
  // T67-16: thirty seconds per decision when the room chose the rule.
  std::uint32_t decision_time_limit_seconds() const override { return timer_ ? 30 : 0; }

  // Read access for tests and tools.
  Phase phase() const { return phase_; }
  Seat current_seat() const { return current_; }
  Place place_of(Seat seat) const;
  const std::vector<int>& crew(int ship) const { return ship_[ship]; }
  const std::vector<int>& tortuga() const { return tortuga_; }
  int lifeboat(int ship) const { return boat_[ship]; }
  int hold(int ship, int team) const { return hold_[ship][team]; }
  int depot(int team) const { return depot_[team]; }
  int neutral() const { return neutral_; }
  int galleon() const { return galleon_; }
  int loyalty(Seat seat) const { return loyalty_[seat]; }
  const std::vector<int>& hand(Seat seat) const { return hand_[seat]; }
  const std::vector<DeckCard>& vote_deck() const { return vote_deck_; }  // back() is the top
  const std::array<Slot, kRowSize>& row() const { return row_; }
  const std::vector<int>& event_deck() const { return event_deck_; }  // back() is the top
  const std::vector<int>& discard() const { return discard_; }
  const std::vector<int>& box() const { return box_; }
  int albatrosses(Seat seat) const { return albatross_[seat]; }
  int map_owner(int card) const { return map_owner_[map_index(card)]; }
  int pirate_code_holder() const { return code_holder_; }
  int pirate_code_skips() const { return code_skips_; }
  bool lifeboats_sunk() const { return sunk_; }
  bool sudden_death() const { return sudden_death_; }
  int turn() const { return turn_; }
  int team_total(int team) const;
  int winner() const { return winner_; }
  Seat pending_seat() const { return pend_seat_; }
  const std::vector<int>& voters() const { return voters_; }
  bool has_submitted(Seat seat) const { return !submitted_[seat].empty(); }
  bool knows_slot(Seat seat, int slot) const { return (known_slots_[seat] >> slot) & 1u; }

  // Test-only set-up helpers (tests/rules/tortuga_1667/tortuga_1667_test_access.h); the
  // production library neither defines nor uses it.
  friend struct TestAccess;

  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.vote_copies_, s.chosen_stars_, s.stars_public_, s.star_count_, s.advanced_, s.timer_);
    ar(s.phase_, s.current_, s.turn_, s.ship_, s.tortuga_, s.boat_, s.sunk_);
    ar(s.hold_, s.depot_, s.neutral_, s.galleon_, s.loyalty_, s.loyalty_known_);
    ar(s.hand_, s.vote_deck_, s.next_block_, s.row_, s.event_deck_, s.box_, s.discard_);
    ar(s.known_slots_, s.notes_, s.albatross_, s.map_owner_, s.code_holder_, s.code_skips_);
    ar(s.sudden_death_, s.cap_turns_, s.pend_seat_, s.pend_card_, s.pend_slots_, s.forcer_);
    ar(s.cause_, s.target_, s.extra_action_, s.atlantis_done_, s.setup_ship_, s.unplaced_);
    ar(s.vote_kind_, s.vote_caller_, s.vote_ship_, s.voters_, s.skipped_, s.without_, s.submitted_);
    ar(s.winner_);
  }

 protected:
  void do_apply(Seat seat, ActionId action) override;
  std::string illegal_reason(Seat seat, ActionId action) const override;
  void do_resample_hidden(Viewer viewer, Rng& rng) override;
  // Reads the fields, then refuses states the rules cannot have reached
  // (tortuga_1667_load.cc).
  void load_game(Reader& in) override;

 private:
  // tortuga_1667_load.cc
  bool well_formed() const;
  bool decision_consistent() const;
  // tortuga_1667_state.cc
  int n() const { return num_seats(); }
  bool on_ship(Seat seat) const {
    const int a = place_of(seat).area;
    return a == kFD || a == kJR;
  }
  bool atlantis_usable(Seat seat) const;
  bool atlantis_window_open() const;
  int face_down_count() const;
  void start_setup_treasure();
  void next_advanced_pawn();
  void start_turn(Seat seat);
  void end_action();
  void finish(int winner);
  void remove_pawn(Seat seat);
  void put_pawn(Seat seat, int area);
  void move_pawn(Seat seat, int area, Cause cause);
  void albatross_check();
  void draw_vote(Seat seat);
  void put_vote_bottom(int kind, int known_by);
  // A treasure map is used up: back to the discard pile, publicly (T67-33..35).
  void spend_map(int card, Seat owner);
  // tortuga_1667_legal.cc
  void turn_actions(Seat seat, std::vector<ActionId>& out) const;
  // tortuga_1667_apply.cc
  void apply_turn(Seat seat, const Action& action);
  // tortuga_1667_event_cards.cc
  void do_look(Seat seat, int a, int b);
  void reveal_slot(Seat reader, int slot, Seat forced_by);
  void resolve_event(Seat reader, int card);
  void armada();
  void maroon_single(Seat seat, Cause cause);
  void after_single_maroon(Seat seat, bool was_on_tortuga);
  // tortuga_1667_votes.cc
  void call_vote(VoteKind kind, Seat caller, int ship);
  void begin_voting();
  void resolve_vote();
  // tortuga_1667_events.cc
  void emit_event(v1::tortuga_1667::Event event);
  void emit_private(Seat seat, v1::tortuga_1667::Event event);
  void emit_game_started();
  void emit_pawn_moved(Seat seat, int from, int to, Cause cause);
  void emit_map_used(v1::tortuga_1667::EventCard card, Seat owner);
  void emit_game_ended();

  // Options.
  std::vector<int> vote_copies_;
  std::vector<int> chosen_stars_;  // stars in play when public
  bool stars_public_ = false;
  int star_count_ = 3;
  bool advanced_ = false;
  bool timer_ = false;

  Phase phase_ = Phase::kTurn;
  Seat current_ = -1;
  int turn_ = 0;
  std::array<std::vector<int>, 2> ship_;
  std::vector<int> tortuga_;
  std::array<int, 2> boat_{-1, -1};
  bool sunk_ = false;
  std::array<std::array<int, 2>, 2> hold_{};  // [ship][team]
  std::array<int, 2> depot_{};
  int neutral_ = 0;
  int galleon_ = 0;
  std::vector<int> loyalty_;
  std::vector<std::uint32_t> loyalty_known_;  // [viewer] seats whose loyalty he knows for sure
  std::vector<std::vector<int>> hand_;        // sorted kinds
  std::vector<DeckCard> vote_deck_;
  int next_block_ = 0;
  std::array<Slot, kRowSize> row_{};
  std::vector<int> event_deck_;
  std::vector<int> box_;      // star cards not in play
  std::vector<int> discard_;  // face-up event discard pile
  std::vector<std::uint32_t> known_slots_;
  std::vector<std::vector<Seen>> notes_;
  std::vector<int> albatross_;
  std::array<int, 3> map_owner_{-1, -1, -1};
  int code_holder_ = -1;
  int code_skips_ = 0;
  bool sudden_death_ = false;
  int cap_turns_ = 0;
  // The decision under way.
  Seat pend_seat_ = -1;
  int pend_card_ = -1;
  std::array<int, 2> pend_slots_{-1, -1};
  Seat forcer_ = -1;
  Cause cause_ = Cause::kNone;
  Seat target_ = -1;
  bool extra_action_ = false;
  bool atlantis_done_ = false;
  int setup_ship_ = -1;
  std::vector<int> unplaced_;  // T67-8 pawns still in the bag
  // The vote under way.
  VoteKind vote_kind_ = VoteKind::kNone;
  Seat vote_caller_ = -1;
  int vote_ship_ = -1;
  std::vector<int> voters_, skipped_, without_;
  std::vector<std::vector<int>> submitted_;  // per seat, only while voting
  int winner_ = -1;
};

std::unique_ptr<Game> make_game();

}  // namespace brethren::rules::tortuga_1667
