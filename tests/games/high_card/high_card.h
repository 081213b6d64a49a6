// High Card, a test-only game: 2 players, one hidden card each per round,
// secret simultaneous stakes, higher card wins (README.md, rule IDs HC-*).
// It follows the layout of every game folder (docs/adding-a-game.md); the
// reference game Brethren ships is rules/letter_of_marque.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "rules/core/game.h"
#include "tests/games/high_card/high_card.pb.h"

namespace brethren::rules::high_card {

inline constexpr const char* kGameId = "high-card";
// The rules version new matches are played under (README.md, "Rules
// versions"); kOldestRulesVersion and later stay playable when asked for
// (MatchSetup.rules_version), so that a match started under an older one can
// finish under it.
//
// Both can be set at build time, so that the tests can run a server built as
// before the bump (1 and 1) and one built once version 1 is dropped (2 and
// 2) beside this one (tests/server/CMakeLists.txt, "High Card builds").
#ifndef BRETHREN_HIGH_CARD_RULES_VERSION
#define BRETHREN_HIGH_CARD_RULES_VERSION 2
#endif
#ifndef BRETHREN_HIGH_CARD_OLDEST_RULES_VERSION
#define BRETHREN_HIGH_CARD_OLDEST_RULES_VERSION 1
#endif
inline constexpr std::uint32_t kRulesVersion = BRETHREN_HIGH_CARD_RULES_VERSION;
inline constexpr std::uint32_t kOldestRulesVersion = BRETHREN_HIGH_CARD_OLDEST_RULES_VERSION;
inline constexpr int kSeats = 2;
inline constexpr int kCards = 9;     // values 1..9 (HC-1)
inline constexpr int kChips = 6;     // per player (HC-2)
inline constexpr int kRounds = 3;    // HC-2
inline constexpr int kMaxStake = 3;  // HC-4
// Game::max_moves(): two stakes per round (README.md, "Bound").
inline constexpr std::uint64_t kMaxMoves = kSeats * kRounds;

struct Player {
  int card = 0;   // in hand this round, 0 once the match has ended
  int stake = 0;  // chosen this round, 0 until chosen
  int chips = kChips;
  int score = 0;

  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.card, s.stake, s.chips, s.score);
  }
};

class HighCardState : public StateBase<HighCardState> {
 public:
  HighCardState();  // empty, for load()
  HighCardState(int seats, std::uint64_t seed, std::uint32_t rules_version = kRulesVersion);

  bool is_terminal() const override { return round_ > kRounds; }
  std::vector<Seat> acting_seats() const override;
  void fill_legal_actions(Seat seat, std::vector<ActionId>& out) const override;
  ActionId action_space_size() const override;
  v1::GameAction encode_action(Seat seat, ActionId action) const override;
  Result<ActionId> decode_action(Seat seat, const v1::GameAction& action) const override;
  v1::GameView game_view(Viewer viewer) const override;
  v1::MatchOutcome outcome() const override;

  int round() const { return round_; }
  const Player& player(Seat seat) const { return players_[seat]; }
  // The highest stake `seat` may choose now (HC-4).
  int max_stake(Seat seat) const;

  template <class Self, class Ar>
  static void archive(Self& s, Ar& ar) {
    ar(s.round_, s.deck_, s.players_);
  }

 protected:
  void do_apply(Seat seat, ActionId action) override;
  std::string illegal_reason(Seat seat, ActionId action) const override;
  void do_resample_hidden(Viewer viewer, Rng& rng) override;
  // Reads the fields, then refuses states the rules cannot reach (high_card_load.cc).
  void load_game(Reader& in) override;

 private:
  void deal();
  void reveal();
  bool well_formed() const;
  // Events (high_card_events.cc).
  void emit_dealt(Seat seat);
  void emit_chose(Seat seat);
  void emit_revealed(Seat winner);
  void emit_ended();

  int round_ = 1;          // 1..kRounds; kRounds + 1 once ended
  std::vector<int> deck_;  // back() is the top card
  std::vector<Player> players_;
};

std::unique_ptr<Game> make_game();

}  // namespace brethren::rules::high_card
