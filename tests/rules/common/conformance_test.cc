// The conformance suite: properties every game must have, checked over
// seeded random games at every allowed seat count. It plays every game of
// rules/games.cmake and of the test-only list tests/games/games.cmake
// (make_conformance_registry); CTest runs it once per game of those lists.
//
// Environment (for local runs; CI uses the defaults):
//   BRETHREN_CONFORMANCE_GAMES  full random games per game (default 1000)
//   BRETHREN_CONFORMANCE_DEEP   of those, games checked at every step for
//                               illegal actions, no-leak and round-trips
//                               (default 100)
//   BRETHREN_CONFORMANCE_SEED   first seed (default 1)
//   BRETHREN_CONFORMANCE_GAME   only this game id
//   BRETHREN_CONFORMANCE_FLIPS  random single-bit flips per corrupted state,
//                               besides every bit of its last 256 bytes
//                               (default 1000)
//   BRETHREN_CONFORMANCE_STRIDE every how many lengths a state is truncated
//                               and tail bits flipped (default 1: all; the
//                               sanitizer run samples, each snapshot at
//                               another offset)
#include <catch2/catch.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "tests/games/conformance_registry.h"

using namespace brethren;
using namespace brethren::rules;

namespace {

std::uint64_t env_or(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v ? std::strtoull(v, nullptr, 10) : fallback;
}

std::string bytes_of(const google::protobuf::Message& m) {
  std::string out;
  m.SerializeToString(&out);
  return out;
}

// Everything a viewer is told: its view and its filtered event stream.
std::string information_state(const State& state, Viewer viewer) {
  std::string out = bytes_of(state.view(viewer));
  for (const auto& record : state.events_for(viewer)) out += bytes_of(record);
  return out;
}

std::vector<Viewer> all_viewers(int seats) {
  std::vector<Viewer> out{Viewer::spectator()};
  for (Seat s = 0; s < seats; ++s) out.push_back(Viewer::player(s));
  return out;
}

void check_no_leak(const State& state, Rng& rng) {
  for (Viewer viewer : all_viewers(state.num_seats())) {
    const std::string before = information_state(state, viewer);
    for (int sample = 0; sample < 2; ++sample) {
      auto resampled = state.clone();
      resampled->resample_hidden(viewer, rng);
      INFO("viewer seat " << viewer.seat() << " (-1 = spectator)");
      REQUIRE(information_state(*resampled, viewer) == before);
    }
  }
}

void check_round_trip(const Game& game, const State& state) {
  const std::string bytes = state.serialize();
  auto back = game.deserialize(bytes);
  REQUIRE(back.ok());
  REQUIRE((*back)->serialize() == bytes);
  REQUIRE(bytes_of((*back)->view(Viewer::spectator())) == bytes_of(state.view(Viewer::spectator())));
}

void check_illegal_rejected(State& state, Rng& rng) {
  const std::string before = state.serialize();
  const auto acting = state.acting_seats();
  // An action id the acting seat may not take now, if there is one.
  const Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
  const auto legal = state.legal_actions(seat);
  for (int attempt = 0; attempt < 8; ++attempt) {
    const ActionId a = rng.below(state.action_space_size());
    if (std::binary_search(legal.begin(), legal.end(), a)) continue;
    auto st = state.apply(seat, a);
    REQUIRE_FALSE(st.ok());
    REQUIRE(st.error().code == ErrorCode::kIllegalAction);
    REQUIRE_FALSE(st.error().message.empty());
    break;
  }
  // Any action by a seat that need not act.
  for (Seat other = 0; other < state.num_seats(); ++other) {
    if (state.is_acting(other)) continue;
    auto st = state.apply(other, rng.below(state.action_space_size()));
    REQUIRE_FALSE(st.ok());
    REQUIRE(st.error().code == ErrorCode::kNotYourTurn);
    break;
  }
  // A message of no game at all, and out-of-range ids.
  REQUIRE(state.apply(seat, v1::GameAction{}).error().code == ErrorCode::kMalformedAction);
  REQUIRE(state.apply(seat, state.action_space_size()).error().code == ErrorCode::kMalformedAction);
  REQUIRE(state.apply(-1, 0).error().code == ErrorCode::kNotYourTurn);
  REQUIRE(state.serialize() == before);
}

// --- Versions identify states; every game ends (issue #13) ------------------
// Every accepted move emits at least one event, so a view's version (the
// event count) names one state: two different views never carry the same
// version, and a viewer whose view changed was told so by an event of its
// own audience (a public change by a public event).

// What a viewer sees, version left out, for comparing states.
std::string view_without_version(const State& state, Viewer viewer) {
  v1::MatchView view = state.view(viewer);
  view.clear_version();
  return bytes_of(view);
}

struct VersionWatch {
  std::vector<std::string> last_views;  // per viewer of all_viewers()
  std::uint64_t last_version = 0;

  void start(const State& state) {
    last_views.clear();
    for (Viewer viewer : all_viewers(state.num_seats())) last_views.push_back(view_without_version(state, viewer));
    last_version = state.version();
  }

  // After an accepted move; `deep` also compares every viewer's view.
  void after_move(const State& state, bool deep) {
    REQUIRE(state.version() > last_version);  // the move emitted an event
    if (deep) {
      const auto viewers = all_viewers(state.num_seats());
      for (std::size_t i = 0; i < viewers.size(); ++i) {
        INFO("viewer seat " << viewers[i].seat() << " (-1 = spectator)");
        REQUIRE(state.view(viewers[i]).version() == state.version());
        std::string now = view_without_version(state, viewers[i]);
        if (now != last_views[i]) REQUIRE_FALSE(state.events_for(viewers[i], last_version).empty());
        last_views[i] = std::move(now);
      }
    }
    last_version = state.version();
  }
};

// Returns the number of accepted moves the game took.
std::uint64_t play_one(const Game& game, int seats, std::uint64_t seed, bool deep) {
  // Even seeds also give the match a secret stream, as the server always
  // does (State::secret_rng); odd ones keep the rules' own seed examples.
  const std::uint64_t secret_seed = seed % 2 == 0 ? (seed * 0x9E3779B97F4A7C15ULL) | 1 : 0;
  MatchSetup setup{game.info().default_options(), seats, seed, secret_seed};
  auto created = game.new_match(setup);
  REQUIRE(created.ok());
  State& state = **created;
  Rng rng(seed ^ 0x5eed5eed5eedULL);
  std::vector<LoggedAction> log;
  std::vector<ActionId> legal;
  std::uint64_t steps = 0;
  VersionWatch versions;
  versions.start(state);
  while (!state.is_terminal()) {
    REQUIRE(++steps <= game.max_moves());  // the game's documented bound
    const auto acting = state.acting_seats();
    REQUIRE_FALSE(acting.empty());
    REQUIRE(std::is_sorted(acting.begin(), acting.end()));
    if (deep) {
      check_no_leak(state, rng);
      check_round_trip(game, state);
      check_illegal_rejected(state, rng);
    }
    const Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
    state.legal_actions(seat, legal);
    REQUIRE_FALSE(legal.empty());
    REQUIRE(std::is_sorted(legal.begin(), legal.end()));
    // Every listed action survives encode -> decode and is accepted.
    for (ActionId a : legal) {
      auto decoded = state.decode_action(seat, state.encode_action(seat, a));
      REQUIRE(decoded.ok());
      REQUIRE(*decoded == a);
    }
    const ActionId chosen = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    const v1::GameAction message = state.encode_action(seat, chosen);
    auto st = state.apply(seat, message);
    INFO("action " << message.ShortDebugString());
    REQUIRE(st.ok());
    versions.after_move(state, deep);
    log.push_back({seat, message});
  }
  if (deep) {
    check_no_leak(state, rng);
    check_round_trip(game, state);
  }
  REQUIRE(state.acting_seats().empty());
  const auto outcome = state.outcome();
  REQUIRE(outcome.seats_size() == seats);
  REQUIRE(std::any_of(outcome.seats().begin(), outcome.seats().end(), [](const auto& r) { return r.winner(); }));
  REQUIRE_FALSE(outcome.summary().empty());
  // Seed + options + log reproduce the live state bit for bit.
  auto replayed = replay(game, setup, log);
  REQUIRE(replayed.ok());
  REQUIRE((*replayed)->serialize() == state.serialize());
  return steps;
}

}  // namespace

TEST_CASE("Conformance: every game, every seat count, seeded random games", "[conformance]") {
  const GameRegistry registry = make_conformance_registry();
  const std::uint64_t games_per_game = env_or("BRETHREN_CONFORMANCE_GAMES", 1000);
  const std::uint64_t deep_per_game = env_or("BRETHREN_CONFORMANCE_DEEP", 100);
  const std::uint64_t first_seed = env_or("BRETHREN_CONFORMANCE_SEED", 1);
  const char* only = std::getenv("BRETHREN_CONFORMANCE_GAME");
  if (only) REQUIRE(registry.find(only) != nullptr);
  for (const auto& game : registry.games()) {
    if (only && game->id() != only) continue;
    const int min = game->info().min_seats(), max = game->info().max_seats();
    const int counts = max - min + 1;
    for (int seats = min; seats <= max; ++seats) {
      DYNAMIC_SECTION(game->id() << " with " << seats << " seats") {
        const std::uint64_t games = (games_per_game + counts - 1) / counts;
        const std::uint64_t deep = (deep_per_game + counts - 1) / counts;
        std::uint64_t longest = 0;  // moves of the longest game, to compare with max_moves()
        for (std::uint64_t i = 0; i < games; ++i) {
          const std::uint64_t seed = first_seed + i;
          INFO("reproduce with BRETHREN_CONFORMANCE_GAME=" << game->id() << " seats=" << seats << " seed=" << seed);
          longest = std::max(longest, play_one(*game, seats, seed, i < deep));
        }
        std::cout << game->id() << " with " << seats << " seats: longest of " << games << " games " << longest
                  << " moves, bound " << game->max_moves() << "\n";
      }
    }
  }
}

TEST_CASE("Conformance: invalid set-ups are refused with a clear error") {
  const GameRegistry registry = make_conformance_registry();
  for (const auto& game : registry.games()) {
    DYNAMIC_SECTION(game->id()) {
      const auto& info = game->info();
      for (int seats : {info.min_seats() - 1, info.max_seats() + 1}) {
        auto r = game->new_match({info.default_options(), seats, 1});
        REQUIRE_FALSE(r.ok());
        REQUIRE(r.error().code == ErrorCode::kInvalidSeatCount);
      }
      REQUIRE(game->deserialize("not a state").error().code == ErrorCode::kCorruptState);
      REQUIRE(registry.find(info.id()) == game.get());
    }
  }
  REQUIRE(registry.find("chess") == nullptr);
  REQUIRE(registry.new_match("chess", {}).error().code == ErrorCode::kUnknownGame);
}

// --- Corrupt states (issue #13) ---------------------------------------------
// Stored states come back from disk: a truncated or bit-flipped one must be
// refused with CORRUPT_STATE, or load to a state the game itself accepts in
// full (views for every seat and spectators, legal actions for whoever acts,
// the same bytes when stored again) and that keeps working for a few moves.
namespace {

struct CorruptionTally {
  std::uint64_t truncations = 0, flips = 0, rejected = 0, accepted = 0;
};

void check_loads_or_refuses(const Game& game, std::string_view bytes, CorruptionTally& tally) {
  auto loaded = game.deserialize(bytes);
  if (!loaded.ok()) {
    REQUIRE(loaded.error().code == ErrorCode::kCorruptState);
    ++tally.rejected;
    return;
  }
  ++tally.accepted;
  State& state = **loaded;
  REQUIRE(state.num_seats() >= game.info().min_seats());
  REQUIRE(state.num_seats() <= game.info().max_seats());
  std::vector<ActionId> legal;
  for (int move = 0; move < 3; ++move) {
    for (Viewer viewer : all_viewers(state.num_seats())) (void)information_state(state, viewer);
    const auto acting = state.acting_seats();
    REQUIRE(acting.empty() == state.is_terminal());
    const std::string again = state.serialize();
    auto reloaded = game.deserialize(again);
    REQUIRE(reloaded.ok());
    REQUIRE((*reloaded)->serialize() == again);
    if (acting.empty()) break;
    REQUIRE(acting.front() >= 0);
    REQUIRE(acting.back() < state.num_seats());
    state.legal_actions(acting.front(), legal);
    REQUIRE_FALSE(legal.empty());
    const auto st = state.apply(acting.front(), legal[legal.size() / 2]);
    INFO("action " << legal[legal.size() / 2] << " by seat " << acting.front() << ": "
                   << (st.ok() ? std::string("ok") : st.error().message));
    REQUIRE(st.ok());
  }
}

void check_corrupt_states(const Game& game, int seats, std::uint64_t seed, std::uint64_t flips, std::size_t stride,
                          CorruptionTally& tally) {
  auto created = game.new_match({game.info().default_options(), seats, seed, seed % 2 == 0 ? seed | 1 : 0});
  REQUIRE(created.ok());
  State& state = **created;
  Rng rng(seed * 0x9E3779B97F4A7C15ULL);
  // Snapshots at the start, in the middle and at the end of a random game.
  std::vector<std::string> snapshots{state.serialize()};
  std::vector<ActionId> legal;
  std::uint64_t steps = 0;
  while (!state.is_terminal()) {
    const auto acting = state.acting_seats();
    const Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
    state.legal_actions(seat, legal);
    state.apply_legal(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    if (++steps % 40 == 0 && snapshots.size() < 3) snapshots.push_back(state.serialize());
  }
  snapshots.push_back(state.serialize());
  for (std::size_t snapshot = 0; snapshot < snapshots.size(); ++snapshot) {
    const std::string& bytes = snapshots[snapshot];
    const std::size_t offset = snapshot % stride;
    // Every truncation (every stride-th, and always the longest).
    for (std::size_t length = offset; length < bytes.size(); length += stride) {
      ++tally.truncations;
      check_loads_or_refuses(game, std::string_view(bytes).substr(0, length), tally);
    }
    if (stride > 1 && !bytes.empty()) {
      ++tally.truncations;
      check_loads_or_refuses(game, std::string_view(bytes).substr(0, bytes.size() - 1), tally);
    }
    // Every bit of the tail, where the game's own fields are, then random bits.
    std::string flipped = bytes;
    auto flip_and_check = [&](std::size_t bit) {
      flipped[bit / 8] = static_cast<char>(flipped[bit / 8] ^ (1 << (bit % 8)));
      ++tally.flips;
      INFO("flipped bit " << bit << " of " << bytes.size() * 8);
      check_loads_or_refuses(game, flipped, tally);
      flipped[bit / 8] = bytes[bit / 8];
    };
    const std::size_t tail = std::min<std::size_t>(bytes.size(), 256);
    for (std::size_t bit = (bytes.size() - tail) * 8 + offset; bit < bytes.size() * 8; bit += stride) {
      flip_and_check(bit);
    }
    for (std::uint64_t i = 0; i < flips; ++i) {
      flip_and_check(rng.below(static_cast<std::uint32_t>(bytes.size() * 8)));
    }
  }
}

}  // namespace

TEST_CASE("Conformance: truncated or bit-flipped states are refused or load to a valid state", "[conformance]") {
  const GameRegistry registry = make_conformance_registry();
  const std::uint64_t flips = env_or("BRETHREN_CONFORMANCE_FLIPS", 1000);
  const std::size_t stride = std::max<std::uint64_t>(1, env_or("BRETHREN_CONFORMANCE_STRIDE", 1));
  const std::uint64_t first_seed = env_or("BRETHREN_CONFORMANCE_SEED", 1);
  const char* only = std::getenv("BRETHREN_CONFORMANCE_GAME");
  // A misspelt game would otherwise check nothing and pass.
  if (only) REQUIRE(registry.find(only) != nullptr);
  for (const auto& game : registry.games()) {
    if (only && game->id() != only) continue;
    CorruptionTally tally;
    for (int seats = game->info().min_seats(); seats <= game->info().max_seats(); ++seats) {
      INFO("reproduce with BRETHREN_CONFORMANCE_GAME=" << game->id() << " seats=" << seats << " seed=" << first_seed);
      check_corrupt_states(*game, seats, first_seed, flips, stride, tally);
    }
    std::printf("corrupt states, %s: %llu truncations and %llu bit flips: %llu refused, %llu loaded and valid\n",
                game->id().c_str(), static_cast<unsigned long long>(tally.truncations),
                static_cast<unsigned long long>(tally.flips), static_cast<unsigned long long>(tally.rejected),
                static_cast<unsigned long long>(tally.accepted));
    CHECK(tally.rejected + tally.accepted == tally.truncations + tally.flips);
  }
}
