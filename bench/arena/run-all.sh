#!/usr/bin/env bash
# The long runs of the bots' figures (docs/performance.md, "Search bots"):
# each configuration the targets name plays one batch of SECONDS into the
# arena's ledger (bench/arena/run.sh), two batches at a time, one a core;
# then the ledger is printed pooled, every batch so far, per configuration
# and build. Runs on different days add up to the 2,000 games asked of each.
#
#   bench/arena/run-all.sh 3600              (12 configurations: 6 hours)
#   ARENA_CONFIGS="letter-of-marque:hard,medium,medium,medium" bench/arena/run-all.sh 600
#
# Environment: ARENA_CONFIGS (GAME:BOTS, separated by spaces; the targets'
# list below), BUILD_DIR, LEDGER (as run.sh).
set -euo pipefail
seconds="${1:?usage: bench/arena/run-all.sh SECONDS}"
cd "$(dirname "$0")/../.."
h3=heuristic,heuristic,heuristic
h5=$h3,heuristic,heuristic
configs=(
  "letter-of-marque:hard,$h3" "tortuga-1667:hard,$h3" "port-royal-pfister:hard,$h3" "port-royal-panning:hard,$h3"
  "letter-of-marque:hard,$h5" "tortuga-1667:hard,$h5"
  "letter-of-marque:medium,$h3" "tortuga-1667:medium,$h3" "port-royal-pfister:medium,$h3" "port-royal-panning:medium,$h3"
  "port-royal-pfister:hard,medium" "letter-of-marque:hard,medium,medium,medium"
)
if [ -n "${ARENA_CONFIGS:-}" ]; then read -r -a configs <<<"$ARENA_CONFIGS"; fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
failed=0
for ((i = 0; i < ${#configs[@]}; i += 2)); do
  pids=()
  for core in 0 1; do
    config="${configs[$((i + core))]:-}"
    [ -n "$config" ] || continue
    bench/arena/run.sh --core "$core" --seconds "$seconds" --game "${config%%:*}" --bots "${config#*:}" \
      >"$out/$core.txt" 2>&1 &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  for core in 0 1; do
    if [ -f "$out/$core.txt" ]; then cat "$out/$core.txt"; fi
  done
  rm -f "$out"/*.txt
done

echo ""
echo "## The arena's ledger, pooled"
"${BUILD_DIR:-build}/tools/brethren-arena" --pool "${LEDGER:-bench/arena/ledger.txt}"
exit "$failed"
