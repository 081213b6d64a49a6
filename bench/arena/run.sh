#!/usr/bin/env bash
# One batch of bot games into the arena's ledger (docs/performance.md, "The
# arena's ledger"): batches of the same bots' code and settings, run on any
# day, pool into one figure with `brethren-arena --pool`.
#
#   bench/arena/run.sh --core 0 --seconds 3600 --game port-royal-pfister \
#       --bots hard,heuristic,heuristic,heuristic [more brethren-arena flags]
#   build/tools/brethren-arena --pool bench/arena/ledger.txt
#
# The method of the figures: one game at a time (--threads 1) on one core
# (taskset), at nice -5 when root so that nothing else on the machine takes
# the bots' time, the bots' own time budgets unless the flags say otherwise,
# cut off after --seconds (games under way then are not counted). Run
# nothing else meanwhile, at most one batch a core.
#
# The build is the game's own: the git trees of what plays its games (its
# folder and its line of rules/games.cmake, rules/core, rules/bots,
# rules/registry, rules/CMakeLists.txt and tools/arena.cc), so that work on
# one game does not start the other games' figures over; refused while those
# have changes not committed. Seeds start after the ledger's highest for the
# game, plus 1,000,000 x the core, so that batches never share a game.
#
# Environment: BUILD_DIR (build), LEDGER (bench/arena/ledger.txt).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
build="${BUILD_DIR:-$repo/build}"
ledger="${LEDGER:-$repo/bench/arena/ledger.txt}"

core="" seconds="" game=""
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --core) core="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --game) game="$2"; args+=("$1" "$2"); shift 2 ;;
    --seed|--threads|--ledger|--build|--max-seconds|--pool)
      echo "arena/run.sh: $1 is set by this script" >&2; exit 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
if [ -z "$core" ] || [ -z "$seconds" ] || [ -z "$game" ]; then
  echo "usage: bench/arena/run.sh --core N --seconds S --game ID --bots KINDS [brethren-arena flags]" >&2
  exit 2
fi

cd "$repo"
tag="$(bench/arena/build-tag.sh "$game" HEAD)" || exit 2
ninja -C "$build" brethren-arena >/dev/null

highest="$(awk -v game="$game" '
  !/^#/ && $0 ~ (" game=" game " ") {
    seed = 0; started = 0
    for (i = 1; i <= NF; i++) {
      if ($i ~ /^seed=/) seed = substr($i, 6)
      if ($i ~ /^started=/) started = substr($i, 9)
    }
    if (seed + started > top) top = seed + started
  }
  END { print top + 0 }' "$ledger" 2>/dev/null || echo 0)"
seed=$((highest + 1 + 1000000 * core))

priority=()
if [ "$(id -u)" = 0 ]; then priority=(nice -n -5); fi
echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD) core $core, load $(cut -d' ' -f1-3 /proc/loadavg):" \
  "${args[*]} --seconds $seconds" >>"$ledger"
games=(--games 100000000)
for arg in "${args[@]}"; do [ "$arg" = --games ] && games=(); done
exec taskset -c "$core" "${priority[@]}" "$build/tools/brethren-arena" "${args[@]}" "${games[@]}" --threads 1 \
  --seed "$seed" --max-seconds "$seconds" --ledger "$ledger" --build "$tag"
