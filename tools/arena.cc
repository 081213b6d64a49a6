#include "tools/arena.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "rules/bots/ismcts.h"
#include "rules/registry/all_bots.h"

namespace brethren::rules {
namespace {

// Callers pass the match seed as the policy seed too; the order of moves
// must not replay the game's own stream (as in tools/simulation.cc).
Rng policy_rng(std::uint64_t seed) { return Rng(seed * 0xd1b54a32d192ed03ULL + 0x632be59bd9b4e019ULL); }

std::optional<IsmctsConfig> arena_search_config(const std::string& game_id, const std::string& kind,
                                                const ArenaOptions& options) {
  auto config = search_bot_config(game_id, kind);
  if (!config) return std::nullopt;
  if (options.iterations > 0 || options.iterations_per_second > 0) {
    config->max_iterations =
        options.iterations > 0
            ? options.iterations
            : std::max<std::uint64_t>(
                  1, options.iterations_per_second * static_cast<std::uint64_t>(config->time_budget.count()) / 1000);
    config->time_budget = std::chrono::milliseconds(0);
  }
  if (options.heuristic_rollout_moves >= 0) {
    config->heuristic_rollout_moves = options.heuristic_rollout_moves;
    if (options.heuristic_rollout_moves > 0) {
      config->make_rollout_bot = [game_id](std::uint64_t seed) { return make_bot(game_id, "heuristic", seed); };
    } else {
      config->make_rollout_bot = nullptr;
    }
  }
  if (options.exploration > 0) config->exploration = options.exploration;
  if (options.opponents_by_rollout_policy >= 0)
    config->opponents_by_rollout_policy = options.opponents_by_rollout_policy;
  if (options.stop_when_settled >= 0) config->stop_when_settled = options.stop_when_settled;
  if (options.inference == 0) config->make_belief = nullptr;
  return config;
}

// One seat's player: a view bot or a search bot.
struct Player {
  std::unique_ptr<Bot> view_bot;
  std::unique_ptr<IsmctsBot> search_bot;
  int kind_index = 0;
};

struct GameRecord {
  bool finished = false;
  bool abandoned = false;
  std::vector<int> kind_of_seat;
  std::vector<bool> won;
  std::vector<int> score;
  std::vector<std::vector<float>> move_ms;  // per kind index
  std::vector<std::uint64_t> iterations;    // per kind index
  std::vector<std::uint64_t> searched;      // per kind index
  std::vector<std::uint64_t> settled;       // per kind index
  std::vector<std::uint64_t> capped;        // per kind index
};

Result<GameRecord> play_one(const Game& game, const ArenaOptions& options, const std::vector<std::string>& kind_names,
                            std::uint64_t index, const std::atomic<bool>& expired) {
  const int seats = options.seats;
  const std::uint64_t seed = options.seed + index;
  const std::uint64_t secret = (seed * 0x9E3779B97F4A7C15ULL) | 1;
  auto created = game.new_match(MatchSetup{game.info().default_options(), seats, seed, secret});
  if (!created) return created.error();
  std::unique_ptr<State> state = std::move(created).value();
  GameRecord record;
  record.move_ms.resize(kind_names.size());
  record.iterations.resize(kind_names.size());
  record.searched.resize(kind_names.size());
  record.settled.resize(kind_names.size());
  record.capped.resize(kind_names.size());
  std::vector<Player> players(static_cast<std::size_t>(seats));
  for (Seat s = 0; s < seats; ++s) {
    const std::size_t k =
        options.rotate
            ? static_cast<std::size_t>((static_cast<std::uint64_t>(s) + index) % static_cast<std::uint64_t>(seats))
            : static_cast<std::size_t>(s);
    const std::string& kind = options.kinds[k];
    Player& p = players[static_cast<std::size_t>(s)];
    p.kind_index = static_cast<int>(std::find(kind_names.begin(), kind_names.end(), kind) - kind_names.begin());
    const std::uint64_t bot_seed = seed * 1000003 + static_cast<std::uint64_t>(s);
    if (auto config = arena_search_config(game.id(), kind, options)) {
      p.search_bot = std::make_unique<IsmctsBot>(std::move(*config), bot_seed);
    } else {
      p.view_bot = make_bot(game.id(), kind, bot_seed);
      if (!p.view_bot) return make_error(ErrorCode::kUnknownGame, "no bot of kind " + kind);
    }
    record.kind_of_seat.push_back(p.kind_index);
  }
  Rng order = policy_rng(seed);
  std::uint64_t moves = 0;
  std::vector<Seat> acting;
  while (!state->is_terminal() && moves < game.max_moves()) {
    if (expired.load(std::memory_order_relaxed)) {
      record.abandoned = true;
      return record;
    }
    state->fill_acting_seats(acting);
    const Seat seat = acting[order.below(static_cast<std::uint32_t>(acting.size()))];
    Player& p = players[static_cast<std::size_t>(seat)];
    const auto start = std::chrono::steady_clock::now();
    Status applied = Ok{};
    if (p.search_bot) {
      const auto action = p.search_bot->choose(*state, seat, {});
      if (!action) return make_error(ErrorCode::kIllegalAction, "a search bot found no move");
      const auto k = static_cast<std::size_t>(p.kind_index);
      const IsmctsStats& stats = p.search_bot->last_stats();
      record.iterations[k] += stats.iterations;
      // A decision with one legal action runs no iteration.
      if (stats.iterations > 0) {
        ++record.searched[k];
        record.settled[k] += stats.settled ? 1 : 0;
        record.capped[k] += p.search_bot->config().max_iterations;
      }
      record.move_ms[static_cast<std::size_t>(p.kind_index)].push_back(
          std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - start).count());
      applied = state->apply(seat, *action);
    } else {
      const auto message = p.view_bot->choose(state->view(Viewer::player(seat)));
      if (!message) return make_error(ErrorCode::kIllegalAction, "a bot found no move");
      record.move_ms[static_cast<std::size_t>(p.kind_index)].push_back(
          std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - start).count());
      applied = state->apply(seat, *message);
    }
    if (!applied) return make_error(applied.error().code, "a bot's move was refused: " + applied.error().message);
    ++moves;
  }
  record.finished = state->is_terminal();
  record.won.assign(static_cast<std::size_t>(seats), false);
  record.score.assign(static_cast<std::size_t>(seats), 0);
  if (record.finished) {
    const v1::MatchOutcome outcome = state->outcome();
    for (const auto& r : outcome.seats()) {
      record.won[static_cast<std::size_t>(r.seat())] = r.winner();
      record.score[static_cast<std::size_t>(r.seat())] = r.score();
    }
  }
  return record;
}

double percentile(std::vector<float> v, double q) {
  if (v.empty()) return 0;
  const auto k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size()))) - 1;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(std::min(k, v.size() - 1)), v.end());
  return v[std::min(k, v.size() - 1)];
}

}  // namespace

Interval wilson95(std::uint64_t wins, std::uint64_t n) {
  if (n == 0) return {0, 1};
  const double z = 1.959963984540054, nn = static_cast<double>(n);
  const double p = static_cast<double>(wins) / nn;
  const double denom = 1 + z * z / nn;
  const double centre = (p + z * z / (2 * nn)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

bool is_search_kind(const std::string& kind) {
  for (std::string_view k : search_bot_kinds()) {
    if (k == kind) return true;
  }
  return false;
}

std::string check_arena_kinds(const std::string& game_id, const std::vector<std::string>& kinds) {
  for (const auto& k : kinds) {
    if (is_search_kind(k) ? !make_search_bot(game_id, k, 0) : !make_bot(game_id, k, 0)) {
      return game_id + " has no '" + k + "' bot";
    }
  }
  return "";
}

Result<ArenaResult> run_arena(const Game& game, const ArenaOptions& options) {
  if (static_cast<int>(options.kinds.size()) != options.seats) {
    return make_error(ErrorCode::kInvalidSeatCount, "one bot kind per seat");
  }
  std::vector<std::string> kind_names;
  for (const auto& k : options.kinds) {
    if (std::find(kind_names.begin(), kind_names.end(), k) == kind_names.end()) kind_names.push_back(k);
  }
  ArenaResult result;
  for (const auto& k : kind_names) {
    result.kinds.emplace_back();
    result.kinds.back().kind = k;
  }
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> expired{false};
  std::mutex mutex;
  std::optional<Error> failure;
  const auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    for (;;) {
      if (options.max_seconds > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= options.max_seconds) {
        expired = true;
      }
      if (expired) return;
      const std::uint64_t i = next.fetch_add(1);
      if (i >= options.games) return;
      {
        std::lock_guard lock(mutex);
        if (failure) return;
      }
      auto record = play_one(game, options, kind_names, i, expired);
      std::lock_guard lock(mutex);
      if (!record) {
        if (!failure) failure = record.error();
        return;
      }
      if (record->abandoned) {
        ++result.abandoned;
        continue;
      }
      ++result.games;
      if (!record->finished) {
        ++result.unfinished;
        continue;
      }
      for (std::size_t s = 0; s < record->kind_of_seat.size(); ++s) {
        KindStats& k = result.kinds[static_cast<std::size_t>(record->kind_of_seat[s])];
        ++k.seats_played;
        k.wins += record->won[s] ? 1 : 0;
        k.score_sum += record->score[s];
      }
      for (std::size_t k = 0; k < kind_names.size(); ++k) {
        auto& stats = result.kinds[k];
        stats.moves += record->move_ms[k].size();
        stats.iterations += record->iterations[k];
        stats.searched += record->searched[k];
        stats.settled += record->settled[k];
        stats.capped += record->capped[k];
        stats.move_ms.insert(stats.move_ms.end(), record->move_ms[k].begin(), record->move_ms[k].end());
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, options.threads); ++t) threads.emplace_back(worker);
  if (options.max_seconds > 0) {
    // Wakes up now and then to cut the games under way off at the limit.
    while (next.load() < options.games + static_cast<std::uint64_t>(threads.size()) && !expired) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= options.max_seconds) {
        expired = true;
      }
    }
  }
  for (auto& t : threads) t.join();
  if (failure) return *failure;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

std::string format_arena(const Game& game, const ArenaOptions& options, const ArenaResult& result) {
  std::string out;
  char line[512];
  std::string kinds;
  for (const auto& k : options.kinds) kinds += (kinds.empty() ? "" : ",") + k;
  std::string search = "own time budgets (medium 200 ms, hard 1 s)";
  if (options.iterations > 0) {
    search = std::to_string(options.iterations) + " iterations per move";
  } else if (options.iterations_per_second > 0) {
    search = std::to_string(options.iterations_per_second) + " iterations per second of budget (hard " +
             std::to_string(options.iterations_per_second) + ", medium " +
             std::to_string(options.iterations_per_second / 5) + " per move)";
  }
  std::snprintf(line, sizeof line,
                "arena: %s, %d seats, bots %s%s, %llu games (%llu unfinished, %llu cut off by the time limit), %d "
                "threads\n",
                game.id().c_str(), options.seats, kinds.c_str(), options.rotate ? " rotated" : "",
                static_cast<unsigned long long>(result.games), static_cast<unsigned long long>(result.unfinished),
                static_cast<unsigned long long>(result.abandoned), options.threads);
  out += line;
  if (options.stop_when_settled >= 0) {
    search += options.stop_when_settled ? ", stopping when settled" : ", not stopping when settled";
  }
  if (options.inference == 0) search += ", no inference";
  out += "search: " + search + "\n";
  const bool team_game = game.id() == "tortuga-1667";
  std::snprintf(line, sizeof line, "%-10s %8s %8s %10s %17s %10s %9s %9s %12s\n", "kind", "seats", "wins",
                team_game ? "team wins" : "win share", "95% interval", "moves", "mean ms", "p99 ms", "iter/move");
  out += line;
  for (const auto& k : result.kinds) {
    const auto ci = wilson95(k.wins, k.seats_played);
    double mean = 0;
    for (float v : k.move_ms) mean += v;
    if (!k.move_ms.empty()) mean /= static_cast<double>(k.move_ms.size());
    const double share = k.seats_played ? static_cast<double>(k.wins) / static_cast<double>(k.seats_played) : 0;
    std::snprintf(line, sizeof line, "%-10s %8llu %8llu %9.1f%% [%5.1f%%, %5.1f%%] %10llu %9.2f %9.2f %12.0f\n",
                  k.kind.c_str(), static_cast<unsigned long long>(k.seats_played),
                  static_cast<unsigned long long>(k.wins), 100 * share, 100 * ci.low, 100 * ci.high,
                  static_cast<unsigned long long>(k.moves), mean, percentile(k.move_ms, 0.99),
                  k.moves ? static_cast<double>(k.iterations) / static_cast<double>(k.moves) : 0.0);
    out += line;
  }
  for (const auto& k : result.kinds) {
    if (k.searched == 0) continue;
    std::snprintf(line, sizeof line, "%-10s settled early in %llu of %llu searched moves (%.1f%%)", k.kind.c_str(),
                  static_cast<unsigned long long>(k.settled), static_cast<unsigned long long>(k.searched),
                  100.0 * static_cast<double>(k.settled) / static_cast<double>(k.searched));
    out += line;
    if (k.capped > 0) {
      std::snprintf(line, sizeof line, "; %.1f%% of the cap's iterations saved",
                    100.0 * (1.0 - static_cast<double>(k.iterations) / static_cast<double>(k.capped)));
      out += line;
    }
    out += "\n";
  }
  std::uint64_t all_wins = 0, all_seats = 0;
  for (const auto& k : result.kinds) {
    all_wins += k.wins;
    all_seats += k.seats_played;
  }
  std::snprintf(line, sizeof line, "mean win share of a seat %.1f%%%s; %.1f s, %.2f games/s\n",
                all_seats ? 100.0 * static_cast<double>(all_wins) / static_cast<double>(all_seats) : 0.0,
                team_game ? " (Tortuga: a seat wins when its team wins)" : "", result.seconds,
                result.seconds > 0 ? static_cast<double>(result.games) / result.seconds : 0.0);
  out += line;
  return out;
}

}  // namespace brethren::rules
