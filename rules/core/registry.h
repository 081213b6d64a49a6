// Games by id. The rules layer keeps no global state: whoever needs games
// builds a registry (rules/registry/all_games.h builds the standard one).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "rules/core/game.h"

namespace brethren::rules {

class GameRegistry {
 public:
  void add(std::unique_ptr<Game> game);
  // nullptr when no game has that id.
  const Game* find(std::string_view id) const;
  const std::vector<std::unique_ptr<Game>>& games() const { return games_; }

  Result<std::unique_ptr<State>> new_match(std::string_view id, const MatchSetup& setup) const;

 private:
  std::vector<std::unique_ptr<Game>> games_;
};

}  // namespace brethren::rules
