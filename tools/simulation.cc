#include "tools/simulation.h"

#include <vector>

#include "rules/bots/random_bot.h"

namespace brethren::rules {
namespace {
// Callers often pass the match seed as the policy seed too; the players'
// choices must not replay the game's own random stream, or they would be
// correlated with the deal (seat win rates skew).
Rng policy_rng(std::uint64_t policy_seed) { return Rng(policy_seed * 0xd1b54a32d192ed03ULL + 0x632be59bd9b4e019ULL); }
}  // namespace

Result<SimulatedMatch> play_random_match(const Game& game, const MatchSetup& setup, std::uint64_t policy_seed,
                                         std::uint64_t max_actions) {
  auto created = game.new_match(setup);
  if (!created) return created.error();
  SimulatedMatch match{std::move(created).value(), 0};
  Rng rng = policy_rng(policy_seed);
  // Room for the most a step can list, so that a match allocates them once.
  std::vector<ActionId> legal;
  legal.reserve(match.state->action_space_size());
  std::vector<Seat> acting;
  acting.reserve(static_cast<std::size_t>(setup.seats));
  while (!match.state->is_terminal() && match.actions < max_actions) {
    match.state->fill_acting_seats(acting);
    const Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
    match.state->legal_actions(seat, legal);
    match.state->apply_legal(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    ++match.actions;
  }
  return match;
}

Result<SimulatedMatch> play_bots_match(const Game& game, const MatchSetup& setup, std::vector<Bot*> bots,
                                       std::uint64_t policy_seed, std::uint64_t max_actions) {
  auto created = game.new_match(setup);
  if (!created) return created.error();
  SimulatedMatch match{std::move(created).value(), 0};
  Rng rng = policy_rng(policy_seed);
  while (!match.state->is_terminal() && match.actions < max_actions) {
    const auto acting = match.state->acting_seats();
    const Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
    auto action = bots[seat]->choose(match.state->view(Viewer::player(seat)));
    if (!action) return make_error(ErrorCode::kIllegalAction, "an acting seat's bot found no action");
    if (auto st = match.state->apply(seat, *action); !st) {
      return make_error(st.error().code, "a bot chose an action the rules refused: " + st.error().message);
    }
    ++match.actions;
  }
  return match;
}

Result<SimulatedMatch> play_random_match_through_views(const Game& game, const MatchSetup& setup,
                                                       std::uint64_t policy_seed, std::uint64_t max_actions) {
  auto created = game.new_match(setup);
  if (!created) return created.error();
  SimulatedMatch match{std::move(created).value(), 0};
  Rng rng = policy_rng(policy_seed);
  std::vector<RandomBot> bots;
  for (int s = 0; s < setup.seats; ++s) bots.emplace_back(rng.next());
  while (!match.state->is_terminal() && match.actions < max_actions) {
    const auto acting = match.state->acting_seats();
    const Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
    auto action = bots[seat].choose(match.state->view(Viewer::player(seat)));
    if (!action) return make_error(ErrorCode::kIllegalAction, "an acting seat's view lists no legal action");
    if (auto st = match.state->apply(seat, *action); !st) return st.error();
    ++match.actions;
  }
  return match;
}

}  // namespace brethren::rules
