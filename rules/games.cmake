# The games Brethren ships, one line each (docs/adding-a-game.md):
#
#   brethren_game(<game-id> <folder> [BOTS <kind>...] [BELIEF])
#
# This list alone drives the build of rules/<folder>, the registry the server
# and the tools use (rules/registry), the game-specific bots and the
# conformance runs (tests/CMakeLists.txt). The wire schema is the one other
# place that names the games: the oneofs of proto/brethren/v1/game.proto.
brethren_game(letter-of-marque letter_of_marque BOTS heuristic BELIEF)
brethren_game(port-royal-pfister port_royal_pfister BOTS heuristic)
brethren_game(port-royal-panning port_royal_panning BOTS heuristic)
brethren_game(tortuga-1667 tortuga_1667 BOTS heuristic BELIEF)
