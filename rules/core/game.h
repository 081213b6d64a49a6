// A game: its metadata and the factory for its matches.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "brethren/v1/game.pb.h"
#include "rules/core/result.h"
#include "rules/core/state.h"

namespace brethren::rules {

// Everything that determines a match before its first action.
struct MatchSetup {
  v1::GameOptions options;  // unset oneof = the game's defaults
  int seats = 0;
  std::uint64_t seed = 0;
  // For games with GameInfo.secret_randomness: the seed of the randomness
  // that must stay hidden even after the end, when `seed` is revealed
  // (Tortuga's vote deck, T67-H-3). Never published. 0: those draws come
  // from `seed` too (tests, simulations, seed examples).
  std::uint64_t secret_seed = 0;
  // The rules version the match was started under (GameInfo.rules_version);
  // 0: the game's current one. replay() refuses any other than the current.
  std::uint32_t rules_version = 0;
};

class Game {
 public:
  virtual ~Game() = default;

  // Id, display name, seat range, options with their defaults.
  virtual const v1::GameInfo& info() const = 0;
  const std::string& id() const { return info().id(); }
  // The version of the rules this build plays (GameInfo.rules_version).
  std::uint32_t rules_version() const;
  // The oldest version this build still plays for a match started under it
  // (new_match honours MatchSetup.rules_version from here to
  // rules_version()): a game keeps its previous version while live matches
  // need it, and drops it afterwards. Default: only the current one.
  virtual std::uint32_t oldest_playable_rules_version() const { return rules_version(); }

  // A new match, or kInvalidSeatCount / kInvalidOptions.
  virtual Result<std::unique_ptr<State>> new_match(const MatchSetup& setup) const = 0;
  // kInvalidSeatCount / kInvalidOptions for a setup new_match would refuse,
  // without building a match: the lobby checks rooms with this.
  virtual Status check_setup(const v1::GameOptions& options, int seats) const = 0;
  // A state from State::serialize(), or kCorruptState.
  virtual Result<std::unique_ptr<State>> deserialize(std::string_view bytes) const = 0;

  // No match of this game takes more accepted moves than this, whatever the
  // players choose: the rules guarantee the end (each game's doc derives it).
  virtual std::uint64_t max_moves() const = 0;

 protected:
  Status check_seat_count(int seats) const;
};

// Game::deserialize for a state type S whose default constructor makes an
// empty state for State::load to fill.
template <class S>
Result<std::unique_ptr<State>> load_state(std::string_view bytes) {
  auto state = std::make_unique<S>();
  if (auto st = state->load(bytes); !st) return st.error();
  return std::unique_ptr<State>(std::move(state));
}

// One step of a stored action log.
struct LoggedAction {
  Seat seat;
  v1::GameAction action;
};

// Ok when a match started under `rules_version` of `game` replays with this
// build (a version from oldest_playable_rules_version() to rules_version());
// otherwise kRulesVersionMismatch, naming the versions. Recovery, the match
// history and brethren-verify ask this before replaying a log.
Status check_rules_version(const Game& game, std::uint32_t rules_version);

// Rebuilds a match from its setup and action log, checking every step, and
// first its rules version (setup.rules_version, when set).
Result<std::unique_ptr<State>> replay(const Game& game, const MatchSetup& setup, std::span<const LoggedAction> log);

// Builds an outcome from per-seat keys compared lexicographically, highest
// first: keys[seat][0] is the score, later entries are tie-breaks. Seats with
// equal keys share a rank; every rank-1 seat is a winner.
v1::MatchOutcome rank_outcome(const std::vector<std::vector<int>>& keys, std::string summary);

}  // namespace brethren::rules
