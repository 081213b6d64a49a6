// The interface every game implements: one match in progress.
//
// In the spirit of OpenSpiel's State, shaped for an authoritative server:
//  - several seats may have to act at once (simultaneous secret choices);
//  - apply() validates turn and legality itself and leaves the state
//    untouched on any rejection;
//  - every observable change is an event with an audience, kept in the state
//    so that a seat's information state = view(seat) + events_for(seat);
//  - all randomness comes from the Rngs held in the state, so options + seeds
//    + the action log reproduce the state bit for bit.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/arena.h>

#include "brethren/v1/game.pb.h"
#include "rules/core/archive.h"
#include "rules/core/result.h"
#include "rules/core/rng.h"
#include "rules/core/types.h"

namespace brethren::rules {

// Events are immutable once emitted and shared between copies of a state,
// so clone() (used by every bot search and the no-leak check) does not copy
// the whole history.
struct LoggedEvent {
  Audience audience;
  std::shared_ptr<const v1::GameEvent> event;
};

class State {
 public:
  virtual ~State() = default;
  State(const State&) = default;
  State& operator=(const State&) = default;

  const std::string& game_id() const { return game_id_; }
  int num_seats() const { return num_seats_; }

  // --- Whose move ----------------------------------------------------------
  virtual bool is_terminal() const = 0;
  // Seats that must act now, ascending; empty iff terminal.
  virtual std::vector<Seat> acting_seats() const = 0;
  // The same into `out` (cleared first), without allocating once `out` has
  // room; hot loops (random play, replay) use this one.
  virtual void fill_acting_seats(std::vector<Seat>& out) const { out = acting_seats(); }
  bool is_acting(Seat seat) const;

  // --- Actions -------------------------------------------------------------
  // Fills `out` (cleared first) with the seat's legal actions, ascending;
  // empty for a seat that need not act.
  virtual void fill_legal_actions(Seat seat, std::vector<ActionId>& out) const = 0;
  std::vector<ActionId> legal_actions(Seat seat) const;
  void legal_actions(Seat seat, std::vector<ActionId>& out) const { fill_legal_actions(seat, out); }
  bool is_legal(Seat seat, ActionId action) const;
  // Every ActionId of this game lies in [0, action_space_size()).
  virtual ActionId action_space_size() const = 0;

  virtual v1::GameAction encode_action(Seat seat, ActionId action) const = 0;
  // kMalformedAction when the message is not an action of this game or its
  // fields are out of range; says nothing about legality.
  virtual Result<ActionId> decode_action(Seat seat, const v1::GameAction& action) const = 0;

  // Checked application: kGameOver, kNotYourTurn or kIllegalAction (with the
  // game's reason) leave the state unchanged.
  Status apply(Seat seat, ActionId action);
  Status apply(Seat seat, const v1::GameAction& action);
  // For callers that took `action` from legal_actions(seat) themselves.
  void apply_legal(Seat seat, ActionId action) { do_apply(seat, action); }

  // --- What each viewer may know ----------------------------------------
  // The game's own typed view: only what `viewer` may know.
  virtual v1::GameView game_view(Viewer viewer) const = 0;
  // The generic envelope around game_view (whose turn, the viewer's legal
  // actions, version, outcome). The only builder of views in the project.
  v1::MatchView view(Viewer viewer) const;

  // Number of events so far: the version of the match's event stream.
  std::uint64_t version() const { return events_.size(); }
  const std::vector<LoggedEvent>& events() const { return events_; }
  // Events with version > after_version that `viewer` may see, in order.
  std::vector<v1::EventRecord> events_for(Viewer viewer, std::uint64_t after_version = 0) const;

  // --- End -----------------------------------------------------------------
  // Scores, ranks and winners with the game's tie-breaks; only when terminal.
  virtual v1::MatchOutcome outcome() const = 0;
  // For ratings (docs/ratings.md), only when terminal: the side each seat
  // played for (seats of one side are rated as one team) and the side's
  // place (lower is better, equal is a tie). Default: every seat is a side
  // of its own, placed by outcome()'s rank. A team game overrides it with
  // its teams, revealed by then.
  struct RatedSide {
    int side = 0;
    int place = 0;
  };
  virtual std::vector<RatedSide> rated_sides() const;

  // --- Copying, storing, hidden information --------------------------------
  virtual std::unique_ptr<State> clone() const = 0;
  std::string serialize() const;
  // Restores a state written by serialize(); used by Game::deserialize.
  Status load(std::string_view bytes);

  // Replaces everything `viewer` cannot know by a random sample consistent
  // with what it does know (OpenSpiel's ResampleFromInfostate), including the
  // future randomness. view(viewer) and events_for(viewer) must not change;
  // the conformance suite checks this for every game.
  void resample_hidden(Viewer viewer, Rng& rng);

  // What the server does for a seat whose clock ran out, when the game's
  // rules say so (e.g. Tortuga's 30-second rule). nullopt: let a bot decide.
  virtual std::optional<ActionId> timeout_action(Seat) const { return std::nullopt; }
  // The game's own limit on one decision, in seconds (0: none), e.g.
  // Tortuga's optional 30-second rule. The server runs the clock.
  virtual std::uint32_t decision_time_limit_seconds() const { return 0; }

 protected:
  // secret_seed != 0 gives the state a second stream, secret_rng(), for
  // randomness that must stay hidden even once the match seed is revealed
  // after the end (Tortuga's vote deck, T67-H-3); 0: secret_rng() is rng().
  State(std::string game_id, int num_seats, std::uint64_t seed, std::uint64_t secret_seed = 0);
  // For deserialization: everything is overwritten by load().
  explicit State(std::string game_id) : State(std::move(game_id), 0, 0) {}

  // Called with a legal action of an acting seat.
  virtual void do_apply(Seat seat, ActionId action) = 0;
  // Why `action` is not legal for `seat` now, for a client to read.
  virtual std::string illegal_reason(Seat seat, ActionId action) const;
  virtual void do_resample_hidden(Viewer viewer, Rng& rng) = 0;
  virtual void save_game(Writer& out) const = 0;
  virtual void load_game(Reader& in) = 0;

  void emit(Audience audience, v1::GameEvent event);
  // Room for this many events before the stream reallocates.
  void reserve_events(std::size_t n) { events_.reserve(n); }
  // Appends an empty event for the caller to fill at once, before the next
  // emit (saves emit()'s copies on hot paths).
  v1::GameEvent& emit_in_place(Audience audience);
  Rng& rng() { return rng_; }
  // Draws whose results must never be learnable from the public seed.
  Rng& secret_rng() { return secret_rng_ ? *secret_rng_ : rng_; }

 private:
  std::string game_id_;
  int num_seats_;
  Rng rng_;
  std::optional<Rng> secret_rng_;  // nullopt: the secret stream is rng_ itself
  std::vector<LoggedEvent> events_;
  // emit_in_place() allocates events in this state's own arena: one bump
  // allocation instead of three heap allocations per event, and one release
  // for all. Events shared with copies keep the arena alive through their
  // shared_ptr; a copy's new events go to an arena of its own.
  struct EventArena {
    EventArena() = default;
    EventArena(const EventArena&) {}
    EventArena& operator=(const EventArena&) { return *this; }
    std::shared_ptr<google::protobuf::Arena> arena;
  };
  EventArena event_arena_;
};

// Implements clone and (de)serialization for a game state that defines
//   template <class Self, class Ar> static void archive(Self&, Ar&);
template <class Derived>
class StateBase : public State {
 public:
  std::unique_ptr<State> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }

 protected:
  using State::State;
  void save_game(Writer& out) const override { Derived::archive(static_cast<const Derived&>(*this), out); }
  void load_game(Reader& in) override { Derived::archive(static_cast<Derived&>(*this), in); }
};

}  // namespace brethren::rules
