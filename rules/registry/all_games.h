// The registry of every game Brethren ships.
#pragma once

#include "rules/core/registry.h"

namespace brethren::rules {

// Builds a fresh registry holding all games, in a stable order.
GameRegistry make_all_games_registry();

}  // namespace brethren::rules
