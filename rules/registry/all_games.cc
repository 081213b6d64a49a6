#include "rules/registry/all_games.h"

#include "rules/letter_of_marque/letter_of_marque.h"
#include "rules/port_royal_panning/port_royal_panning.h"

namespace brethren::rules {

GameRegistry make_all_games_registry() {
  GameRegistry registry;
  registry.add(letter_of_marque::make_game());
  registry.add(port_royal_panning::make_game());
  return registry;
}

}  // namespace brethren::rules
