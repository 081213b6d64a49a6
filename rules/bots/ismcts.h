// The search bot of every game: single-observer information-set Monte Carlo
// tree search (SO-ISMCTS; Cowling, Powley & Whitehouse, "Information Set
// Monte Carlo Tree Search", IEEE TCIAIG 2012; OpenSpiel's
// open_spiel/algorithms/is_mcts.cc), written against State alone.
//
// One iteration:
//  1. determinise: clone the true state and at once resample_hidden() for the
//     bot's own seat, so that everything the seat cannot see (others' hands,
//     loyalties, secret votes already cast, deck orders, future draws) is
//     replaced by a sample consistent with what it sees (weighed by the
//     game's belief where it has one, below). Nothing else of the
//     true state is read but the seat's own legal actions, the acting
//     seats and (for a belief) the events the seat may see, all part of
//     its information;
//  2. select: walk the tree from the root, one node per decision. At a node
//     the acting seat is the bot's own seat when it is among the seats acting
//     at once (so its choice is never conditioned on another seat's
//     simultaneous secret choice), otherwise one of the acting seats drawn at
//     random (as play_bots_match orders them). Edges are (seat, action); only
//     the edges legal in this determinisation compete, by UCB1 with
//     availability counts (SO-ISMCTS: ln(times available) instead of
//     ln(parent visits)). With opponents_by_rollout_policy (`medium` and
//     `hard`) only the bot's own decisions are nodes: the other seats move
//     by the rollout policy on their own view of the determinisation;
//  3. expand one untried edge, then roll out to the end with the rollout
//     policy (uniformly random legal actions of a random acting seat, or the
//     game's heuristic bot on the seats' views for the first moves);
//  4. back up each seat's value: 1 for a winner (Tortuga: the seat's team
//     won, MatchOutcome.winner), 0 otherwise, into every edge of the path, per
//     acting seat.
// The move is the root's most visited edge (ties: higher mean, then lower
// action id). The search stops at the first of: the iteration cap, the time
// budget, a stop request, and (stop_when_settled) the moment no other root
// action of the seat can still overtake the leader (rules/bots/root_race.h).
//
// Deterministic: a decision's random stream is derived from the bot's seed,
// the seat and the state's version (which the seat sees), so with an
// iteration cap and no deadline reached the move depends on nothing else but
// the seat's information state (tests/bots/ismcts_test.cc proves it with
// pairs of states that differ only in what the seat cannot see).
//
// Inference (make_belief, on in Tortuga for `medium` and `hard`):
// resample_hidden() samples uniformly among the hidden states consistent
// with the seat's observations (and the game's own hard constraints, e.g.
// Panning's void suits). Where a game has a Belief (rules/core/belief.h:
// how likely the others' public acts make each sample), each iteration
// draws `belief_candidates` samples and keeps one with probability
// proportional to its weight (sampling importance resampling); the others
// are discarded. Games without one sample uniformly.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

#include "rules/core/belief.h"
#include "rules/core/bot.h"
#include "rules/core/rng.h"
#include "rules/core/state.h"

namespace brethren::rules {

// Resamples in place what `seat` cannot see in `sample` (a copy of the true
// state): one of `candidates` draws of resample_hidden(), chosen with
// probability proportional to its weight under `belief` (uniform without
// one, or when every weight is 0), or, where the belief can, one draw
// redrawn from its posterior (Belief::redraw). Deterministic for a given
// `rng`.
void resample_by_belief(State& sample, Seat seat, const Belief* belief, int candidates, Rng& rng);

struct IsmctsConfig {
  // 0: no deadline besides the iteration cap and the stop token.
  std::chrono::milliseconds time_budget{1000};
  // 0: no cap.
  std::uint64_t max_iterations = 0;
  // UCB1's exploration constant (values are in [0, 1]).
  double exploration = 0.7;
  // The rollout policy: random, unless make_rollout_bot is set, in which case
  // the first `heuristic_rollout_moves` moves of each rollout are the
  // heuristic bot's (on the acting seat's view), the rest random.
  std::function<std::unique_ptr<Bot>(std::uint64_t seed)> make_rollout_bot;
  int heuristic_rollout_moves = 0;
  // Off: every seat's decisions are tree nodes (SO-ISMCTS).
  // On (`medium` and `hard`, search_bot_config): only the bot's own decisions
  // are; the other seats play the rollout policy inside the tree too, i.e.
  // they are modelled by it (with heuristic rollouts: each decides from its
  // own view of the determinisation, its own hidden cards and loyalty
  // included, which a shared tree node cannot do; and it never sees the
  // bot's hidden cards, which a shared node, backed up from samples that all
  // hold the bot's true cards, in effect does).
  bool opponents_by_rollout_policy = false;
  // Inference: weigh the samples by this model of the players (nullptr:
  // uniform samples), choosing among this many candidates per iteration.
  MakeBelief make_belief = nullptr;
  int belief_candidates = 16;
  // Stop as soon as no other root action of the seat can overtake the most
  // visited one in the iterations left (`medium` and `hard`). Under an
  // iteration cap the move is provably the one the full search would play,
  // so the determinism guarantee holds as it is; under a time budget the
  // iterations left are estimated generously from the rate so far.
  bool stop_when_settled = false;
};

// What the last search did (for the arena, benchmarks and tests).
struct IsmctsStats {
  std::uint64_t iterations = 0;
  std::uint64_t nodes = 0;
  std::chrono::nanoseconds elapsed{0};
  bool stopped = false;  // by the stop token
  bool settled = false;  // early, by stop_when_settled
};

class IsmctsBot final : public SearchBot {
 public:
  IsmctsBot(IsmctsConfig config, std::uint64_t seed);
  ~IsmctsBot() override;

  std::optional<ActionId> choose(const State& state, Seat seat, std::stop_token stop) override;
  std::chrono::milliseconds time_budget() const override { return config_.time_budget; }

  const IsmctsStats& last_stats() const { return stats_; }
  const IsmctsConfig& config() const { return config_; }

 private:
  struct Edge {
    Seat seat;
    ActionId action;
    std::uint32_t visits = 0;
    std::uint32_t available = 0;
    double value = 0;  // sum of the acting seat's values
    int child = -1;    // index into nodes_, -1 until expanded
  };
  struct Node {
    std::vector<Edge> edges;
  };

  Seat pick_seat(const std::vector<Seat>& acting, Seat root_seat, Rng& rng) const;
  Edge& edge_for(int node, Seat seat, ActionId action);
  void rollout(State& state, Rng& rng, std::vector<std::unique_ptr<Bot>>& bots);
  // One move of `seat` by the rollout policy.
  void policy_move(State& state, Seat seat, Rng& rng, std::vector<std::unique_ptr<Bot>>& bots);

  IsmctsConfig config_;
  std::uint64_t seed_;
  IsmctsStats stats_;
  std::vector<Node> nodes_;
  // Scratch, kept between iterations.
  std::vector<ActionId> legal_;
  std::vector<Seat> acting_;
  std::vector<std::pair<int, int>> path_;  // (node, edge index)
  std::vector<double> values_;
};

}  // namespace brethren::rules
