// Writes tests/rules/golden/<game id>.txt for every game of the conformance
// registry (or only the games named), after a rules version bump:
//   brethren-golden-digests tests/rules/golden [game id ...]
#include <fstream>
#include <iostream>
#include <set>
#include <string>

#include "tests/games/conformance_registry.h"
#include "tests/rules/golden/golden_digest.h"

int main(int argc, char** argv) {
  using namespace brethren::rules;
  if (argc < 2) {
    std::cerr << "usage: brethren-golden-digests <directory> [game id ...]\n";
    return 2;
  }
  const std::string dir = argv[1];
  const std::set<std::string> only(argv + 2, argv + argc);
  const GameRegistry games = make_conformance_registry();
  int written = 0;
  for (const auto& game : games.games()) {
    if (!only.empty() && !only.contains(game->id())) continue;
    const std::string path = dir + "/" + game->id() + ".txt";
    std::ofstream out(path);
    out << golden::golden_file_text(*game, golden::golden_lines(*game));
    if (!out) {
      std::cerr << "cannot write " << path << "\n";
      return 1;
    }
    std::cout << "wrote " << path << " (rules version " << game->rules_version() << ")\n";
    ++written;
  }
  if (written == 0) {
    std::cerr << "no game matched\n";
    return 1;
  }
  return 0;
}
