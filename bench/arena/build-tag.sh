#!/usr/bin/env bash
# The arena's build tag of one game at a commit (bench/arena/run.sh):
#
#   bench/arena/build-tag.sh letter-of-marque HEAD   ->  letter_of_marque-1a2b3c4d5e6f
#
# A hash of the git trees of everything that decides how the game's bots
# play it: the game's folder and its line of rules/games.cmake (which says
# whether its bots infer), rules/core, rules/bots, rules/registry,
# rules/CMakeLists.txt and tools/arena.cc. Batches pool only under one tag,
# so a change to the game or to the bots starts its figure over, and a
# change to another game does not. At HEAD it refuses (exit 2) while those
# files have changes not committed: the binary would not be the tagged code.
set -euo pipefail
game="${1:?usage: build-tag.sh GAME-ID [COMMIT]}"
commit="${2:-HEAD}"
cd "$(dirname "$0")/../.."

line="$(git show "$commit:rules/games.cmake" | grep -E "^brethren_game\\($game " || true)"
if [ -z "$line" ]; then
  echo "build-tag.sh: no game $game in rules/games.cmake at $commit" >&2
  exit 2
fi
folder="$(echo "$line" | awk '{print $2}')"
paths=("rules/$folder" rules/core rules/bots rules/registry rules/CMakeLists.txt tools/arena.cc)

if [ "$commit" = HEAD ] && [ -n "$(git status --porcelain -- "${paths[@]}" rules/games.cmake)" ]; then
  echo "build-tag.sh: the files of $game's bots have changes not committed; commit them first:" >&2
  git status --porcelain -- "${paths[@]}" rules/games.cmake >&2
  exit 2
fi
hash="$( (for path in "${paths[@]}"; do git rev-parse "$commit:$path"; done; echo "$line") | sha1sum | cut -c1-12)"
echo "$folder-$hash"
