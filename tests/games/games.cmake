# Test-only games, one line each, in the format of rules/games.cmake. They
# get conformance runs like every game, and are registered only in the tests'
# registry (tests/games/conformance_registry.h), never in the server's.
brethren_game(high-card high_card)
