#include "rules/bots/ismcts.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "rules/bots/root_race.h"

namespace brethren::rules {
namespace {

std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

IsmctsBot::IsmctsBot(IsmctsConfig config, std::uint64_t seed) : config_(std::move(config)), seed_(seed) {}

IsmctsBot::~IsmctsBot() = default;

Seat IsmctsBot::pick_seat(const std::vector<Seat>& acting, Seat root_seat, Rng& rng) const {
  if (acting.size() == 1) return acting[0];
  // The bot's own seat first among seats choosing at once: its choice then
  // never depends on another seat's simultaneous (secret) choice.
  if (std::find(acting.begin(), acting.end(), root_seat) != acting.end()) return root_seat;
  return acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
}

void IsmctsBot::policy_move(State& state, Seat s, Rng& rng, std::vector<std::unique_ptr<Bot>>& bots) {
  if (!bots.empty()) {
    if (auto message = bots[static_cast<std::size_t>(s)]->choose(state.view(Viewer::player(s)))) {
      if (auto action = state.decode_action(s, *message); action.ok() && state.is_legal(s, *action)) {
        state.apply_legal(s, *action);
        return;
      }
    }
  }
  state.fill_legal_actions(s, legal_);
  state.apply_legal(s, legal_[rng.below(static_cast<std::uint32_t>(legal_.size()))]);
}

void IsmctsBot::rollout(State& state, Rng& rng, std::vector<std::unique_ptr<Bot>>& bots) {
  int heuristic_left = bots.empty() ? 0 : config_.heuristic_rollout_moves;
  while (!state.is_terminal()) {
    state.fill_acting_seats(acting_);
    const Seat s = acting_[rng.below(static_cast<std::uint32_t>(acting_.size()))];
    if (heuristic_left > 0) {
      --heuristic_left;
      if (auto message = bots[static_cast<std::size_t>(s)]->choose(state.view(Viewer::player(s)))) {
        if (auto action = state.decode_action(s, *message); action.ok() && state.is_legal(s, *action)) {
          state.apply_legal(s, *action);
          continue;
        }
      }
    }
    state.fill_legal_actions(s, legal_);
    state.apply_legal(s, legal_[rng.below(static_cast<std::uint32_t>(legal_.size()))]);
  }
}

void resample_by_belief(State& sample, Seat seat, const Belief* belief, int candidates, Rng& rng) {
  const Viewer me = Viewer::player(seat);
  if (!belief || candidates <= 1) {
    sample.resample_hidden(me, rng);
    return;
  }
  if (belief->can_redraw()) {
    sample.resample_hidden(me, rng);
    belief->redraw(sample, rng);
    return;
  }
  // A sample depends only on what the seat sees and on the stream (the
  // no-leak property), not on the hidden part it replaces: the chosen one is
  // drawn again from its stream rather than kept as a copy.
  Rng chosen = rng;
  double total = 0;
  for (int i = 0; i < candidates; ++i) {
    const Rng before = rng;
    sample.resample_hidden(me, rng);
    const double w = belief->weight(sample);
    if (!(w > 0)) continue;
    total += w;
    // Weighted reservoir of one: candidate i replaces the pick with w / total.
    const double u = static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
    if (u * total < w) chosen = before;
  }
  if (total > 0) sample.resample_hidden(me, chosen);
}

std::optional<ActionId> IsmctsBot::choose(const State& state, Seat seat, std::stop_token stop) {
  stats_ = IsmctsStats{};
  const auto start = std::chrono::steady_clock::now();
  if (state.is_terminal() || !state.is_acting(seat)) return std::nullopt;
  std::vector<ActionId> root_legal = state.legal_actions(seat);
  if (root_legal.empty()) return std::nullopt;
  if (root_legal.size() == 1) return root_legal[0];

  // The decision's own stream: the seed, the seat and the version, all
  // known to the seat; never the true state's hidden part.
  Rng rng(mix(seed_ ^ mix(state.version() * 0x100000001b3ULL + static_cast<std::uint64_t>(seat))));
  std::vector<std::unique_ptr<Bot>> bots;
  if (config_.make_rollout_bot && config_.heuristic_rollout_moves > 0) {
    for (Seat s = 0; s < state.num_seats(); ++s) bots.push_back(config_.make_rollout_bot(rng.next()));
  }

  // What the others' public acts tell (the seat's events only).
  const std::unique_ptr<Belief> belief = config_.make_belief ? config_.make_belief(state, seat) : nullptr;

  nodes_.clear();
  nodes_.emplace_back();
  const bool timed = config_.time_budget.count() > 0;
  const auto deadline = start + config_.time_budget;
  std::vector<int> untried;
  values_.assign(static_cast<std::size_t>(state.num_seats()), 0.0);
  RootRace race;
  // The rate of iterations is measured from here, setup excluded: counting
  // it would underestimate the iterations left and stop too eagerly.
  const auto search_start = std::chrono::steady_clock::now();

  for (;;) {
    if (config_.max_iterations && stats_.iterations >= config_.max_iterations) break;
    if (stop.stop_requested()) {
      stats_.stopped = true;
      break;
    }
    // One clock read an iteration, as before: it is a few tens of ns
    // against an iteration's microseconds to milliseconds.
    const auto now = timed ? std::chrono::steady_clock::now() : search_start;
    if (timed && now >= deadline) break;
    if (config_.stop_when_settled && stats_.iterations > 0) {
      std::uint64_t remaining = std::numeric_limits<std::uint64_t>::max();
      if (config_.max_iterations) remaining = config_.max_iterations - stats_.iterations;
      if (timed) {
        remaining =
            std::min(remaining, iterations_left_in_budget(stats_.iterations, now - search_start, deadline - now));
      }
      if (race.settled(remaining)) {
        stats_.settled = true;
        break;
      }
    }

    // 1. A fresh determinisation, resampled before anything else is read.
    std::unique_ptr<State> det = state.clone();
    resample_by_belief(*det, seat, belief.get(), config_.belief_candidates, rng);

    // 2-3. Selection down the tree, expansion of one untried edge.
    path_.clear();
    int node = 0;
    while (!det->is_terminal()) {
      det->fill_acting_seats(acting_);
      const Seat s = pick_seat(acting_, seat, rng);
      if (config_.opponents_by_rollout_policy && s != seat) {
        policy_move(*det, s, rng, bots);
        continue;
      }
      det->fill_legal_actions(s, legal_);
      auto& edges = nodes_[static_cast<std::size_t>(node)].edges;
      // Edges are kept sorted by (seat, action); add the new ones.
      for (ActionId a : legal_) {
        auto it =
            std::lower_bound(edges.begin(), edges.end(), std::make_pair(s, a),
                             [](const Edge& e, const auto& key) { return std::make_pair(e.seat, e.action) < key; });
        if (it == edges.end() || it->seat != s || it->action != a) {
          edges.insert(it, Edge{s, a});
        }
      }
      untried.clear();
      int best = -1;
      double best_score = -1;
      auto first =
          std::lower_bound(edges.begin(), edges.end(), std::make_pair(s, ActionId{0}),
                           [](const Edge& e, const auto& key) { return std::make_pair(e.seat, e.action) < key; });
      std::size_t li = 0;
      for (auto it = first; it != edges.end() && it->seat == s && li < legal_.size(); ++it) {
        if (it->action != legal_[li]) continue;  // not available in this determinisation
        ++li;
        ++it->available;
        const int index = static_cast<int>(it - edges.begin());
        if (it->visits == 0) {
          untried.push_back(index);
          continue;
        }
        const double score = it->value / it->visits +
                             config_.exploration * std::sqrt(std::log(static_cast<double>(it->available)) / it->visits);
        if (score > best_score) {
          best_score = score;
          best = index;
        }
      }
      const bool expand = !untried.empty();
      const int chosen = expand ? untried[rng.below(static_cast<std::uint32_t>(untried.size()))] : best;
      Edge& edge = edges[static_cast<std::size_t>(chosen)];
      det->apply_legal(s, edge.action);
      path_.emplace_back(node, chosen);
      if (expand) {
        const int child = static_cast<int>(nodes_.size());
        edge.child = child;
        nodes_.emplace_back();  // invalidates `edges` and `edge`
        break;
      }
      node = edge.child;
    }

    // 3. Rollout to the end.
    rollout(*det, rng, bots);

    // 4. Back-up.
    const v1::MatchOutcome outcome = det->outcome();
    std::fill(values_.begin(), values_.end(), 0.0);
    for (const auto& r : outcome.seats()) {
      if (r.winner() && r.seat() >= 0 && r.seat() < static_cast<int>(values_.size())) values_[r.seat()] = 1.0;
    }
    for (const auto& [n, e] : path_) {
      Edge& edge = nodes_[static_cast<std::size_t>(n)].edges[static_cast<std::size_t>(e)];
      ++edge.visits;
      edge.value += values_[static_cast<std::size_t>(edge.seat)];
      // The root's edges of the seat that it can choose are the race.
      if (n == 0 && edge.seat == seat && std::binary_search(root_legal.begin(), root_legal.end(), edge.action)) {
        race.visited(edge.action, edge.visits);
      }
    }
    ++stats_.iterations;
  }

  stats_.nodes = nodes_.size();
  stats_.elapsed = std::chrono::steady_clock::now() - start;

  // The root's most visited legal edge of the seat.
  const Edge* best = nullptr;
  for (const Edge& e : nodes_[0].edges) {
    if (e.seat != seat || !std::binary_search(root_legal.begin(), root_legal.end(), e.action)) continue;
    if (!best || e.visits > best->visits ||
        (e.visits == best->visits && e.visits > 0 && e.value / e.visits > best->value / best->visits)) {
      best = &e;
    }
  }
  if (!best || best->visits == 0) return root_legal[rng.below(static_cast<std::uint32_t>(root_legal.size()))];
  return best->action;
}

}  // namespace brethren::rules
