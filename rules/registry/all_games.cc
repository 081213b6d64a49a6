#include "rules/registry/all_games.h"

#include "rules/letter_of_marque/letter_of_marque.h"
#include "rules/port_royal_pfister/port_royal_pfister.h"
#include "rules/port_royal_panning/port_royal_panning.h"
#include "rules/tortuga_1667/tortuga_1667.h"

namespace brethren::rules {

GameRegistry make_all_games_registry() {
  GameRegistry registry;
  registry.add(letter_of_marque::make_game());
  registry.add(port_royal_pfister::make_game());
  registry.add(port_royal_panning::make_game());
  registry.add(tortuga_1667::make_game());
  return registry;
}

}  // namespace brethren::rules
