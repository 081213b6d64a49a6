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
// Action encoding (ActionId), see the action:: constants:
//   0 pass | 1+p look pair p (10 pairs) | 11+s reveal slot s |
//   16+p*9+t force pair p on seat t | 106+a move to area a (FD, JR, Tortuga,
//   FD boat, JR boat) | 111 attack | 112+t maroon seat t | 121 mutiny |
//   122+h shift from hold h | 124 brawl | 125+src*2+h place treasure |
//   131+s pick forced slot s | 136 forced timeout | 137+k vote kind k |
//   149+i vote El Dorado pair i (78) | 227 use Atlantis | 228 use Fountain |
//   229 decline | 230+t choose player t | 239+t*2+ship Letter move |
//   257 Letter draw | 258+k put vote card k | 270+a place pawn (FD, JR, Tortuga)
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
#include "rules/tortuga_1667/tortuga_1667_cards.h"

namespace brethren::rules::tortuga_1667 {

inline constexpr const char* kGameId = "tortuga-1667";
// Game::max_moves(): the most accepted moves one match can take (see docs/games).
inline constexpr std::uint64_t kMaxMoves = 10000;
inline constexpr int kMaxTurns = 200;  // T67-A-19: the last turn of a game

namespace action {
inline constexpr ActionId kPass = 0;
inline constexpr ActionId kLook = 1;
inline constexpr ActionId kReveal = kLook + 10;
inline constexpr ActionId kForce = kReveal + kRowSize;
inline constexpr ActionId kMove = kForce + 10 * kMaxPlayers;
inline constexpr ActionId kAttack = kMove + 5;
inline constexpr ActionId kMaroon = kAttack + 1;
inline constexpr ActionId kMutiny = kMaroon + kMaxPlayers;
inline constexpr ActionId kShift = kMutiny + 1;
inline constexpr ActionId kBrawl = kShift + 2;
inline constexpr ActionId kPlace = kBrawl + 1;
inline constexpr ActionId kPick = kPlace + 6;
inline constexpr ActionId kForcedTimeout = kPick + kRowSize;
inline constexpr ActionId kVote = kForcedTimeout + 1;
inline constexpr ActionId kVote2 = kVote + kVoteKinds;
inline constexpr ActionId kUseAtlantis = kVote2 + kVotePairs;
inline constexpr ActionId kUseFountain = kUseAtlantis + 1;
inline constexpr ActionId kDecline = kUseFountain + 1;
inline constexpr ActionId kChoose = kDecline + 1;
inline constexpr ActionId kLetterMove = kChoose + kMaxPlayers;
inline constexpr ActionId kLetterDraw = kLetterMove + 2 * kMaxPlayers;
inline constexpr ActionId kPut = kLetterDraw + 1;
inline constexpr ActionId kPlacePawn = kPut + kVoteKinds;
inline constexpr ActionId kSpaceSize = kPlacePawn + 3;

constexpr ActionId look(int a, int b) { return kLook + static_cast<ActionId>(slot_pair_index(a, b)); }
constexpr ActionId reveal(int slot) { return kReveal + static_cast<ActionId>(slot); }
constexpr ActionId force(int a, int b, int target) {
  return kForce + static_cast<ActionId>(slot_pair_index(a, b) * kMaxPlayers + target);
}
constexpr ActionId move(int area) { return kMove + static_cast<ActionId>(area); }
constexpr ActionId maroon(int target) { return kMaroon + static_cast<ActionId>(target); }
constexpr ActionId shift(int from_hold) { return kShift + static_cast<ActionId>(from_hold); }
constexpr ActionId place(int source, int hold) { return kPlace + static_cast<ActionId>(source * 2 + hold); }
constexpr ActionId pick(int slot) { return kPick + static_cast<ActionId>(slot); }
constexpr ActionId vote(int kind) { return kVote + static_cast<ActionId>(kind); }
constexpr ActionId vote2(int a, int b) { return kVote2 + static_cast<ActionId>(vote_pair_index(a, b)); }
constexpr ActionId choose(int seat) { return kChoose + static_cast<ActionId>(seat); }
constexpr ActionId letter_move(int seat, int ship) { return kLetterMove + static_cast<ActionId>(seat * 2 + ship); }
constexpr ActionId put(int kind) { return kPut + static_cast<ActionId>(kind); }
constexpr ActionId place_pawn(int area) { return kPlacePawn + static_cast<ActionId>(area); }
// The encoding documented at the top of this file.
static_assert(kMove == 106 && kAttack == 111 && kPlace == 125 && kVote == 137 && kUseAtlantis == 227 &&
              kChoose == 230 && kLetterDraw == 257 && kPlacePawn == 270 && kSpaceSize == 273);
}  // namespace action

// Areas, as in the proto enum Area.
inline constexpr int kFD = 0, kJR = 1, kTortuga = 2, kFDBoat = 3, kJRBoat = 4;

enum class Phase : std::uint8_t {
  kSetupTreasure = 1, kAdvancedPlacement, kTurn, kForcedChoice, kForcerChoice, kVoteCalled, kVoting,
  kAttackPlacement, kChoosePlayer, kLetterChoice, kLetterReturn, kMaroonWindow, kGiveUpCard, kFinished,
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
  static void archive(Self& s, Ar& ar) { ar(s.kind, s.block, s.known_by); }
};

struct Slot {
  int card = -1;         // -1: empty (deck exhausted)
  bool bottom5 = false;  // dealt from the original bottom five (Armada candidates, T67-H-6)
  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) { ar(s.card, s.bottom5); }
};

struct Seen {
  int turn = 0, slot = 0, card = 0;
  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) { ar(s.turn, s.slot, s.card); }
};

class TortugaState : public StateBase<TortugaState> {
 public:
  TortugaState();  // empty, for load()
  // Everything about the vote deck is drawn from secret_seed's stream
  // (T67-H-3, see State::secret_rng); 0: from seed's.
  TortugaState(const v1::tortuga_1667::Options& options, int seats, std::uint64_t seed,
               std::uint64_t secret_seed = 0);

  bool is_terminal() const override { return phase_ == Phase::kFinished; }
  std::vector<Seat> acting_seats() const override;
  void fill_legal_actions(Seat seat, std::vector<ActionId>& out) const override;
  ActionId action_space_size() const override { return action::kSpaceSize; }
  v1::GameAction encode_action(Seat seat, ActionId action) const override;
  Result<ActionId> decode_action(Seat seat, const v1::GameAction& action) const override;
  v1::GameView game_view(Viewer viewer) const override;
  v1::MatchOutcome outcome() const override;
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
  const std::vector<int>& event_deck() const { return event_deck_; }    // back() is the top
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

  // Test-only set-up helpers: rearrange the table while keeping every
  // component in exactly one place. They do not emit events.
  struct Board {
    std::vector<std::vector<int>> ships = std::vector<std::vector<int>>(2);  // [FD, JR]
    std::vector<int> tortuga;
    std::array<int, 2> boats{-1, -1};
  };
  void debug_set_board(const Board& board);
  void debug_set_treasure(int galleon, std::array<std::array<int, 2>, 2> holds, std::array<int, 2> depots,
                          int neutral);
  // Puts `card` face down into row slot `slot` (swapping with wherever it is).
  void debug_put_event(int slot, int card);
  // Gives `seat` a hand of exactly these kinds (swapping with the deck).
  void debug_set_hand(Seat seat, std::vector<int> kinds);
  // Puts a card of `kind` on top of the vote deck (swapping with the deck).
  void debug_set_vote_top(int kind);
  void debug_set_loyalties(std::vector<int> teams) { loyalty_ = std::move(teams); }
  void debug_give(int card, Seat owner);  // a map, Albatross or Pirate Code
  void debug_set_current(Seat seat);
  // Moves every face-down row card and the whole event deck to the discard pile.
  void debug_exhaust_events();

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
  bool well_formed() const;
  bool decision_consistent() const;
  int n() const { return num_seats(); }
  bool on_ship(Seat seat) const { const int a = place_of(seat).area; return a == kFD || a == kJR; }
  bool atlantis_usable(Seat seat) const;
  bool atlantis_window_open() const;
  void turn_actions(Seat seat, std::vector<ActionId>& out) const;
  int face_down_count() const;

  void start_turn(Seat seat);
  void end_action();
  void finish(int winner);
  void emit_event(v1::tortuga_1667::Event event);
  void emit_private(Seat seat, v1::tortuga_1667::Event event);

  void remove_pawn(Seat seat);
  void put_pawn(Seat seat, int area);
  void move_pawn(Seat seat, int area, Cause cause);
  void maroon_single(Seat seat, Cause cause);
  void after_single_maroon(Seat seat, bool was_on_tortuga);
  void albatross_check();
  void draw_vote(Seat seat);
  void put_vote_bottom(int kind, int known_by);

  void start_setup_treasure();
  void next_advanced_pawn();
  void reveal_slot(Seat reader, int slot, Seat forced_by);
  void resolve_event(Seat reader, int card);
  void armada();
  void call_vote(VoteKind kind, Seat caller, int ship);
  void begin_voting();
  void resolve_vote();
  void do_look(Seat seat, int a, int b);

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
