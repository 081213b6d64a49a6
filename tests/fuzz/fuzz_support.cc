#include "tests/fuzz/fuzz_support.h"

#include <algorithm>
#include <vector>

#include "rules/registry/all_games.h"

namespace brethren::fuzz {

using rules::ActionId;
using rules::Seat;
using rules::Viewer;

const rules::GameRegistry& games() {
  static const rules::GameRegistry registry = rules::make_all_games_registry();
  return registry;
}

void check_state(const rules::Game& game, const rules::State& state) {
  FUZZ_CHECK(state.num_seats() >= game.info().min_seats() && state.num_seats() <= game.info().max_seats());
  const auto acting = state.acting_seats();
  FUZZ_CHECK(acting.empty() == state.is_terminal());
  FUZZ_CHECK(std::is_sorted(acting.begin(), acting.end()));
  for (Seat s : acting) FUZZ_CHECK(s >= 0 && s < state.num_seats());
  std::string sink;
  (void)state.view(Viewer::spectator()).SerializeToString(&sink);
  (void)state.events_for(Viewer::spectator()).size();
  std::vector<ActionId> legal;
  for (Seat s = 0; s < state.num_seats(); ++s) {
    (void)state.view(Viewer::player(s)).SerializeToString(&sink);
    (void)state.events_for(Viewer::player(s)).size();
    state.legal_actions(s, legal);
    FUZZ_CHECK(std::is_sorted(legal.begin(), legal.end()));
    const bool acts = std::find(acting.begin(), acting.end(), s) != acting.end();
    // An acting seat always has something to do; the others nothing.
    if (acts ? legal.empty() : !legal.empty()) {
      std::fprintf(stderr, "seat %d (acting: %d) has %zu legal actions in %s\n", s, acts, legal.size(),
                   state.view(Viewer::player(s)).ShortDebugString().c_str());
    }
    FUZZ_CHECK(acts ? !legal.empty() : legal.empty());
    for (ActionId a : legal) {
      FUZZ_CHECK(a < state.action_space_size());
      auto decoded = state.decode_action(s, state.encode_action(s, a));
      FUZZ_CHECK(decoded.ok() && *decoded == a);
    }
  }
  if (state.is_terminal()) (void)state.outcome().SerializeToString(&sink);
  const std::string bytes = state.serialize();
  auto back = game.deserialize(bytes);
  FUZZ_CHECK(back.ok());
  FUZZ_CHECK((*back)->serialize() == bytes);
}

void play_legal(const rules::Game& game, rules::State& state, rules::Rng& rng, int moves, bool check_each) {
  std::vector<Seat> acting;
  std::vector<ActionId> legal;
  for (int i = 0; i < moves && !state.is_terminal(); ++i) {
    state.fill_acting_seats(acting);
    FUZZ_CHECK(!acting.empty());
    const Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
    state.legal_actions(seat, legal);
    FUZZ_CHECK(!legal.empty());
    const auto st = state.apply(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    FUZZ_CHECK(st.ok());
    if (check_each) check_state(game, state);
  }
}

}  // namespace brethren::fuzz
