#include "rules/core/registry.h"

namespace brethren::rules {

void GameRegistry::add(std::unique_ptr<Game> game) { games_.push_back(std::move(game)); }

const Game* GameRegistry::find(std::string_view id) const {
  for (const auto& g : games_) {
    if (g->id() == id) return g.get();
  }
  return nullptr;
}

Result<std::unique_ptr<State>> GameRegistry::new_match(std::string_view id, const MatchSetup& setup) const {
  const Game* game = find(id);
  if (!game) return make_error(ErrorCode::kUnknownGame, "no game with id '" + std::string(id) + "'");
  return game->new_match(setup);
}

}  // namespace brethren::rules
