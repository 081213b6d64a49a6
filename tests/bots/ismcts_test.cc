// The search bots (rules/bots/ismcts.h, make_search_bot): deterministic,
// always legal, stoppable, and unable to cheat. Every check runs on an
// iteration cap, never on time, so that it holds on a loaded machine and
// under the sanitizers.
//
// Environment: BRETHREN_CONFORMANCE_GAMES below 1000 (the sanitizer run sets
// 50) scales the number of games down as it does for the conformance suite;
// BRETHREN_CONFORMANCE_GAME=<id> checks that game only.
#include <catch2/catch.hpp>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <future>
#include <limits>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "rules/bots/ismcts.h"
#include "rules/bots/root_race.h"
#include "rules/registry/all_bots.h"
#include "rules/registry/all_games.h"

using namespace brethren;
using namespace brethren::rules;

namespace {

const GameRegistry& registry() {
  static const GameRegistry r = make_all_games_registry();
  return r;
}

// The games to check: all, or BRETHREN_CONFORMANCE_GAME alone.
std::vector<const Game*> games() {
  const char* only = std::getenv("BRETHREN_CONFORMANCE_GAME");
  std::vector<const Game*> out;
  for (const auto& g : registry().games()) {
    if (!only || g->id() == only) out.push_back(g.get());
  }
  REQUIRE_FALSE(out.empty());
  return out;
}

// 1 normally, smaller under the sanitizers (BRETHREN_CONFORMANCE_GAMES=50).
bool reduced() {
  const char* v = std::getenv("BRETHREN_CONFORMANCE_GAMES");
  return v && std::strtoull(v, nullptr, 10) < 1000;
}

std::string bytes_of(const google::protobuf::Message& m) {
  std::string out;
  m.SerializeToString(&out);
  return out;
}

// Everything `viewer` is told: its view and its event stream.
std::string information_state(const State& state, Viewer viewer) {
  std::string out = bytes_of(state.view(viewer));
  for (const auto& record : state.events_for(viewer)) out += bytes_of(record);
  return out;
}

// The hard bot's own settings (its rollout policy included) with an
// iteration cap instead of its time budget; random rollouts when `random`.
// `opponents_by_policy`: IsmctsConfig::opponents_by_rollout_policy.
IsmctsBot capped_bot(const Game& game, std::uint64_t seed, std::uint64_t iterations, bool random = false,
                     bool opponents_by_policy = false) {
  auto config = search_bot_config(game.id(), "hard");
  REQUIRE(config);
  config->time_budget = std::chrono::milliseconds(0);
  config->max_iterations = iterations;
  if (random) config->make_rollout_bot = nullptr;
  config->opponents_by_rollout_policy = opponents_by_policy;
  return IsmctsBot(*config, seed);
}

std::unique_ptr<State> new_match(const Game& game, int seats, std::uint64_t seed) {
  // Even seeds give the match a secret stream, as the server does.
  const std::uint64_t secret = seed % 2 == 0 ? (seed * 0x9E3779B97F4A7C15ULL) | 1 : 0;
  auto created = game.new_match(MatchSetup{game.info().default_options(), seats, seed, secret});
  REQUIRE(created.ok());
  return std::move(created).value();
}

// One random step: a random acting seat plays a random legal action.
void random_step(State& state, Rng& rng) {
  const auto acting = state.acting_seats();
  const Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
  const auto legal = state.legal_actions(seat);
  state.apply_legal(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
}

std::vector<int> seat_counts(const Game& game) {
  const int lo = game.info().min_seats(), hi = game.info().max_seats();
  std::vector<int> out{lo};
  if (hi != lo) out.push_back(hi);
  if (lo < 4 && hi > 4) out.push_back(4);
  return out;
}

// Plays random moves up to a decision with a real choice (more than one legal
// action); returns its seat, or -1 if the match ended first.
Seat play_to_a_real_choice(State& state, Rng& rng) {
  while (!state.is_terminal()) {
    Seat seat = -1;
    for (Seat s : state.acting_seats()) {
      if (state.legal_actions(s).size() > 1) seat = s;
    }
    if (seat >= 0) return seat;
    random_step(state, rng);
  }
  return -1;
}

}  // namespace

TEST_CASE("make_search_bot: medium and hard in every game, with their time budgets", "[bots]") {
  REQUIRE(search_bot_kinds() == std::vector<std::string_view>{"medium", "hard"});
  REQUIRE(registry().games().size() >= 4);
  for (const Game* game : games()) {
    INFO(game->id());
    auto medium = make_search_bot(game->id(), "medium", 1);
    auto hard = make_search_bot(game->id(), "hard", 1);
    REQUIRE(medium);
    REQUIRE(hard);
    REQUIRE(medium->time_budget() == std::chrono::milliseconds(200));
    REQUIRE(hard->time_budget() == std::chrono::milliseconds(1000));
    REQUIRE_FALSE(make_search_bot(game->id(), "heuristic", 1));
    REQUIRE_FALSE(make_search_bot(game->id(), "random", 1));
  }
  REQUIRE_FALSE(make_search_bot("no-such-game", "hard", 1));
  REQUIRE_FALSE(make_search_bot("", "medium", 1));
}

TEST_CASE("ISMCTS: the same seed and iteration cap give the same move", "[bots]") {
  for (const Game* game : games()) {
    INFO(game->id());
    auto state = new_match(*game, 4, 11);
    Rng rng(5);
    int checked = 0;
    for (int step = 0; step < 400 && !state->is_terminal() && checked < (reduced() ? 1 : 3); ++step) {
      if (step % 7 == 0) {
        for (Seat seat : state->acting_seats()) {
          if (state->legal_actions(seat).size() < 2) continue;
          for (bool random : {false, true}) {
            const std::uint64_t cap = random ? 40 : 6;
            IsmctsBot a = capped_bot(*game, 99, cap, random), b = capped_bot(*game, 99, cap, random);
            const auto first = a.choose(*state, seat, {});
            const auto again = a.choose(*state, seat, {});  // the same object, a second time
            const auto other = b.choose(*state, seat, {});
            REQUIRE(first);
            REQUIRE(first == again);
            REQUIRE(first == other);
            // The whole cap, unless it stopped once its move was settled.
            if (a.last_stats().settled) {
              REQUIRE(a.last_stats().iterations < cap);
            } else {
              REQUIRE(a.last_stats().iterations == cap);
            }
          }
          ++checked;
        }
      }
      random_step(*state, rng);
    }
    REQUIRE(checked > 0);
  }
}

TEST_CASE("ISMCTS: nothing to choose when the seat need not act or the match is over", "[bots]") {
  for (const Game* game : games()) {
    INFO(game->id());
    auto state = new_match(*game, 4, 3);
    IsmctsBot bot = capped_bot(*game, 1, 20);
    for (Seat seat = 0; seat < 4; ++seat) {
      if (!state->is_acting(seat)) REQUIRE_FALSE(bot.choose(*state, seat, {}));
    }
    Rng rng(3);
    while (!state->is_terminal()) random_step(*state, rng);
    for (Seat seat = 0; seat < 4; ++seat) REQUIRE_FALSE(bot.choose(*state, seat, {}));
  }
}

// The no-cheating proof. Along random games of every game, for every acting
// seat: a second true state that differs from the first only in what the
// seat cannot see (a clone resampled for the seat: LOM-H-1..H-5, PRP-H-1/H-2,
// PRQ-H-1..H-5, T67-H-1/H-2, including secret simultaneous choices already
// made, LOM-H-4 and the votes of T67-26). The seat's information state is
// identical in both (checked), so a bot that reads hidden information only
// through resample_hidden must choose the same move in both.
TEST_CASE("ISMCTS cannot cheat: states that differ only in hidden information get the same move", "[bots]") {
  const int games_per_count = reduced() ? 1 : 2;
  // Heuristic rollouts (the bots' own), random ones, and opponents played by
  // the rollout policy inside the tree, in turn.
  const std::uint64_t iterations = reduced() ? 4 : 8, random_iterations = reduced() ? 12 : 32;
  // Pairs per game, spread along it (a long game is sampled more sparsely).
  const int per_game = reduced() ? 6 : 12;
  for (const Game* game : games()) {
    int pairs = 0, differing = 0, simultaneous = 0, settled = 0;
    for (int seats : seat_counts(*game)) {
      for (int g = 0; g < games_per_count; ++g) {
        const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(seats * 10 + g);
        auto state = new_match(*game, seats, seed);
        Rng rng(seed ^ 0xc4ea7ULL);
        Rng sampler(seed * 31 + 7);
        // The game's length first (the same random moves again below).
        int length = 0;
        for (auto probe = state->clone(); !probe->is_terminal(); ++length) random_step(*probe, rng);
        rng = Rng(seed ^ 0xc4ea7ULL);
        const int every = std::max(1, length / per_game);
        for (int step = 0; !state->is_terminal(); ++step) {
          const auto acting = state->acting_seats();
          if (step % every == 0) {
            for (Seat seat : acting) {
              if (state->legal_actions(seat).size() < 2) continue;
              const Viewer me = Viewer::player(seat);
              auto twin = state->clone();
              twin->resample_hidden(me, sampler);
              INFO(game->id() << ", " << seats << " seats, seed " << seed << ", step " << step << ", seat " << seat);
              REQUIRE(information_state(*twin, me) == information_state(*state, me));
              if (twin->serialize() != state->serialize()) ++differing;
              if (acting.size() > 1) ++simultaneous;
              // In turn: heuristic rollouts, random ones, opponents by the policy.
              const bool random = pairs % 3 == 1, by_policy = pairs % 3 == 2;
              const std::uint64_t cap = random ? random_iterations : iterations;
              IsmctsBot a = capped_bot(*game, seed + static_cast<std::uint64_t>(step), cap, random, by_policy);
              IsmctsBot b = capped_bot(*game, seed + static_cast<std::uint64_t>(step), cap, random, by_policy);
              REQUIRE(a.config().stop_when_settled);  // the bots as shipped
              const auto on_true = a.choose(*state, seat, {});
              const auto on_twin = b.choose(*twin, seat, {});
              REQUIRE(on_true);
              REQUIRE(on_true == on_twin);
              ++pairs;
              settled += a.last_stats().settled ? 1 : 0;
            }
          }
          random_step(*state, rng);
        }
      }
    }
    INFO(game->id() << ": " << pairs << " pairs, " << differing << " differing, " << simultaneous
                    << " with several seats acting, " << settled << " settled early");
    REQUIRE(pairs >= (reduced() ? 4 : 10));
    // The pairs include searches that stopped early (at the sanitizers'
    // smaller caps some games have none).
    if (!reduced()) REQUIRE(settled > 0);
    // The pairs really differ in hidden information (or the test proves nothing).
    REQUIRE(differing * 2 >= pairs);
  }
}

// LOM-5 / LOM-H-4 and T67-26: simultaneous secret choices. Once other seats
// have chosen, the bot's move must not depend on what they chose: the pairs
// above include such states; this makes sure each game that has them was
// really tested with another seat's choice already made.
TEST_CASE("ISMCTS: a seat still to choose ignores the secret choices already made", "[bots]") {
  for (const std::string id : {"letter-of-marque", "tortuga-1667"}) {
    const Game* game = registry().find(id);
    REQUIRE(game);
    int found = 0;
    for (std::uint64_t seed = 1; seed < 40 && found < (reduced() ? 1 : 3); ++seed) {
      auto state = new_match(*game, 5, seed);
      Rng rng(seed);
      int max_acting = 0;
      while (!state->is_terminal() && found < (reduced() ? 1 : 3)) {
        const auto acting = state->acting_seats();
        // A simultaneous choice in which somebody already chose: fewer seats
        // act than a moment ago, yet more than one.
        if (acting.size() > 1 && static_cast<int>(acting.size()) < max_acting) {
          const Seat seat = acting.back();
          if (state->legal_actions(seat).size() > 1) {
            Rng sampler(seed * 7);
            auto twin = state->clone();
            twin->resample_hidden(Viewer::player(seat), sampler);
            REQUIRE(information_state(*twin, Viewer::player(seat)) == information_state(*state, Viewer::player(seat)));
            IsmctsBot a = capped_bot(*game, seed, 20), b = capped_bot(*game, seed, 20);
            REQUIRE(a.choose(*state, seat, {}) == b.choose(*twin, seat, {}));
            ++found;
          }
        }
        max_acting = acting.size() > 1 ? std::max(max_acting, static_cast<int>(acting.size())) : 0;
        random_step(*state, rng);
      }
    }
    INFO(id);
    REQUIRE(found > 0);
  }
}

// Whole games: one capped search bot against heuristic bots, at several seat
// counts, seat rotated; every move legal (checked apply), every game ends.
TEST_CASE("ISMCTS: legal moves over whole games against heuristic bots", "[bots]") {
  // Game 0 with the bots' heuristic rollouts, game 1 with random ones.
  const std::uint64_t iterations = reduced() ? 2 : 4, random_iterations = reduced() ? 8 : 24;
  for (const Game* game : games()) {
    for (int seats : seat_counts(*game)) {
      const int games = reduced() ? 1 : 2;
      for (int g = 0; g < games; ++g) {
        const std::uint64_t seed = 500 + static_cast<std::uint64_t>(seats * 10 + g);
        const Seat search_seat = static_cast<Seat>(seed % static_cast<std::uint64_t>(seats));
        auto state = new_match(*game, seats, seed);
        std::vector<std::unique_ptr<Bot>> others;
        for (Seat s = 0; s < seats; ++s) others.push_back(make_bot(game->id(), "heuristic", seed * 13 + s));
        IsmctsBot search = capped_bot(*game, seed, g == 0 ? iterations : random_iterations, g == 1);
        Rng order(seed);
        std::uint64_t moves = 0, searched = 0;
        INFO(game->id() << ", " << seats << " seats, seed " << seed);
        while (!state->is_terminal()) {
          REQUIRE(++moves <= game->max_moves());
          const auto acting = state->acting_seats();
          const Seat seat = acting[order.below(static_cast<std::uint32_t>(acting.size()))];
          if (seat == search_seat) {
            const auto action = search.choose(*state, seat, {});
            REQUIRE(action);
            REQUIRE(state->apply(seat, *action).ok());
            ++searched;
          } else {
            const auto message = others[static_cast<std::size_t>(seat)]->choose(state->view(Viewer::player(seat)));
            REQUIRE(message);
            REQUIRE(state->apply(seat, *message).ok());
          }
        }
        REQUIRE(searched > 0);
        REQUIRE(state->outcome().seats_size() == seats);
      }
    }
  }
}

TEST_CASE("ISMCTS: a stop request ends the search with a legal move", "[bots]") {
  for (const Game* game : games()) {
    INFO(game->id());
    auto state = new_match(*game, 4, 21);
    Rng rng(21);
    const Seat seat = play_to_a_real_choice(*state, rng);
    REQUIRE(seat >= 0);
    const auto legal = state->legal_actions(seat);

    // Stopped before it starts: a legal move at once, no iteration.
    {
      IsmctsBot bot = capped_bot(*game, 1, 0);
      std::stop_source stop;
      stop.request_stop();
      const auto action = bot.choose(*state, seat, stop.get_token());
      REQUIRE(action);
      REQUIRE(std::binary_search(legal.begin(), legal.end(), *action));
      REQUIRE(bot.last_stats().iterations == 0);
      REQUIRE(bot.last_stats().stopped);
    }
    // Stopped from another thread with neither a cap nor a deadline: only
    // the request can end this search (without it the future never becomes
    // ready); it then returns a legal move.
    {
      IsmctsBot bot = capped_bot(*game, 2, 0);
      std::stop_source stop;
      auto result = std::async(std::launch::async, [&] { return bot.choose(*state, seat, stop.get_token()); });
      stop.request_stop();
      REQUIRE(result.wait_for(std::chrono::seconds(60)) == std::future_status::ready);
      const auto action = result.get();
      REQUIRE(action);
      REQUIRE(std::binary_search(legal.begin(), legal.end(), *action));
      REQUIRE(bot.last_stats().stopped);
    }
  }
}

TEST_CASE("ISMCTS: a time budget ends the search", "[bots]") {
  const Game* game = registry().find("letter-of-marque");
  REQUIRE(game);
  auto state = new_match(*game, 4, 8);
  Rng rng(8);
  while (!state->is_terminal()) {
    bool choice = false;
    for (Seat s : state->acting_seats()) choice = choice || state->legal_actions(s).size() > 1;
    if (choice) break;
    random_step(*state, rng);
  }
  Seat seat = -1;
  for (Seat s : state->acting_seats()) {
    if (state->legal_actions(s).size() > 1) seat = s;
  }
  REQUIRE(seat >= 0);
  IsmctsConfig config;
  config.time_budget = std::chrono::milliseconds(20);
  IsmctsBot bot(config, 4);
  REQUIRE(bot.time_budget() == std::chrono::milliseconds(20));
  const auto action = bot.choose(*state, seat, {});
  REQUIRE(action);
  REQUIRE(state->is_legal(seat, *action));
  REQUIRE(bot.last_stats().elapsed >= std::chrono::milliseconds(20));
  REQUIRE_FALSE(bot.last_stats().stopped);
  REQUIRE(bot.last_stats().iterations > 0);
}

TEST_CASE("RootRace: settled only when the runner-up cannot overtake in the iterations left", "[bots]") {
  RootRace race;
  REQUIRE_FALSE(race.settled(0));  // nothing visited: a tie at 0
  race.visited(3, 1);
  REQUIRE(race.lead() == 1);
  REQUIRE(race.second() == 0);
  REQUIRE(race.settled(0));
  REQUIRE_FALSE(race.settled(1));  // 1 more visit would tie: the mean decides
  race.visited(5, 1);
  race.visited(5, 2);  // 5 overtakes 3
  REQUIRE(race.lead() == 2);
  REQUIRE(race.second() == 1);
  race.visited(7, 1);
  race.visited(3, 2);  // 3 ties the leader
  REQUIRE(race.lead() == 2);
  REQUIRE(race.second() == 2);
  REQUIRE_FALSE(race.settled(0));
  for (std::uint32_t v = 3; v <= 10; ++v) race.visited(5, v);
  REQUIRE(race.lead() == 10);
  REQUIRE(race.second() == 2);
  REQUIRE(race.settled(7));
  REQUIRE_FALSE(race.settled(8));
  REQUIRE_FALSE(race.settled(std::numeric_limits<std::uint64_t>::max()));  // no cap, no budget
}

TEST_CASE("ISMCTS: the iterations a time budget leaves are estimated generously", "[bots]") {
  using std::chrono::milliseconds;
  using std::chrono::nanoseconds;
  // 100 iterations in 10 ms, 20 ms left: 200 at that rate, 1.5 x 200 + 32.
  REQUIRE(iterations_left_in_budget(100, milliseconds(10), milliseconds(20)) == 332);
  REQUIRE(iterations_left_in_budget(100, milliseconds(10), nanoseconds(0)) == 0);
  // Nothing timed yet: anything may still happen.
  REQUIRE(iterations_left_in_budget(0, milliseconds(10), milliseconds(20)) ==
          std::numeric_limits<std::uint64_t>::max());
  REQUIRE(iterations_left_in_budget(5, nanoseconds(0), milliseconds(20)) == std::numeric_limits<std::uint64_t>::max());
}

// stop_when_settled under an iteration cap: every decision's move is the one
// the full search plays (the early stop is provably safe, and the random
// streams do not depend on it), and the whole set of decisions runs fewer
// iterations. The decisions are spread along seeded games in which every
// seat plays the heuristic bot (realistic positions at the cost of a search
// only where checked), with the bots' own settings and 300 iterations.
TEST_CASE("ISMCTS: stopping when settled plays the full search's move with fewer iterations", "[bots]") {
  const std::uint64_t cap = reduced() ? 60 : 300;
  const int matches = reduced() ? 1 : 3, per_match = reduced() ? 3 : 8;
  for (const Game* game : games()) {
    std::uint64_t decisions = 0, settled = 0, iterations_on = 0, iterations_off = 0;
    for (int m = 0; m < matches; ++m) {
      const std::uint64_t seed = 700 + static_cast<std::uint64_t>(m);
      auto state = new_match(*game, 4, seed);
      std::vector<std::unique_ptr<Bot>> heuristic;
      for (Seat s = 0; s < 4; ++s) heuristic.push_back(make_bot(game->id(), "heuristic", seed * 17 + s));
      Rng order(seed);
      // The game's length first (the same moves again below), to spread the checks.
      int length = 0;
      {
        auto probe = state->clone();
        std::vector<std::unique_ptr<Bot>> bots;
        for (Seat s = 0; s < 4; ++s) bots.push_back(make_bot(game->id(), "heuristic", seed * 17 + s));
        for (; !probe->is_terminal(); ++length) {
          const auto acting = probe->acting_seats();
          const Seat seat = acting[order.below(static_cast<std::uint32_t>(acting.size()))];
          const auto message = bots[static_cast<std::size_t>(seat)]->choose(probe->view(Viewer::player(seat)));
          REQUIRE(message);
          REQUIRE(probe->apply(seat, *message).ok());
        }
      }
      order = Rng(seed);
      const int every = std::max(1, length / per_match);
      bool due = false;  // a check is due at the next decision with a choice
      for (int step = 0; !state->is_terminal(); ++step) {
        const auto acting = state->acting_seats();
        const Seat seat = acting[order.below(static_cast<std::uint32_t>(acting.size()))];
        due = due || step % every == 0;
        if (due && state->legal_actions(seat).size() > 1) {
          due = false;
          INFO(game->id() << ", seed " << seed << ", step " << step << ", seat " << seat);
          IsmctsBot on = capped_bot(*game, seed + static_cast<std::uint64_t>(step), cap, false, true);
          auto off_config = on.config();
          off_config.stop_when_settled = false;
          IsmctsBot off(off_config, seed + static_cast<std::uint64_t>(step));
          REQUIRE(on.config().stop_when_settled);
          const auto with_stop = on.choose(*state, seat, {});
          const auto full = off.choose(*state, seat, {});
          REQUIRE(full);
          REQUIRE(with_stop == full);
          REQUIRE(off.last_stats().iterations == cap);
          REQUIRE_FALSE(off.last_stats().settled);
          if (on.last_stats().settled) {
            REQUIRE(on.last_stats().iterations < cap);
            ++settled;
          } else {
            REQUIRE(on.last_stats().iterations == cap);
          }
          iterations_on += on.last_stats().iterations;
          iterations_off += off.last_stats().iterations;
          ++decisions;
        }
        const auto message = heuristic[static_cast<std::size_t>(seat)]->choose(state->view(Viewer::player(seat)));
        REQUIRE(message);
        REQUIRE(state->apply(seat, *message).ok());
      }
    }
    INFO(game->id() << ": " << decisions << " decisions, " << settled << " settled early, iterations " << iterations_on
                    << " with the stop, " << iterations_off << " without");
    REQUIRE(decisions >= static_cast<std::uint64_t>(matches * 2));
    REQUIRE(settled > 0);
    REQUIRE(iterations_on < iterations_off);
    WARN(game->id() << ": " << settled << " of " << decisions << " decisions settled early, "
                    << 100.0 * (1.0 - static_cast<double>(iterations_on) / static_cast<double>(iterations_off))
                    << " % of the iterations saved");
  }
}

// Under a time budget the stop is a generous estimate, not a proof: all
// that can be checked whatever the load is that the move is legal and that
// a search that did not settle ran its whole budget (nothing else ends it).
TEST_CASE("ISMCTS: with a time budget a search ends settled or at its deadline", "[bots]") {
  for (const Game* game : games()) {
    INFO(game->id());
    auto state = new_match(*game, 4, 31);
    Rng rng(31);
    const Seat seat = play_to_a_real_choice(*state, rng);
    REQUIRE(seat >= 0);
    auto config = search_bot_config(game->id(), "medium");
    REQUIRE(config);
    REQUIRE(config->stop_when_settled);
    IsmctsBot bot(*config, 6);
    const auto action = bot.choose(*state, seat, {});
    REQUIRE(action);
    REQUIRE(state->is_legal(seat, *action));
    const IsmctsStats& stats = bot.last_stats();
    REQUIRE(stats.iterations > 0);
    REQUIRE_FALSE(stats.stopped);
    if (!stats.settled) REQUIRE(stats.elapsed >= config->time_budget);
  }
}
