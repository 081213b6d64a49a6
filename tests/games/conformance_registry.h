// The games the conformance suite plays: those Brethren ships
// (rules/games.cmake) and the test-only ones (tests/games/games.cmake).
// Generated from both lists, like the server's registry from the first.
#pragma once

#include "rules/core/registry.h"

namespace brethren::rules {

GameRegistry make_conformance_registry();

}  // namespace brethren::rules
