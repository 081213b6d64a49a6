#!/usr/bin/env bash
# Quick play's time from request to a started match (docs/quickplay.md,
# docs/performance.md): one person alone (the server set to fill his table
# with bots at once, --quickplay-bot-fill-ms 0, so the figure is the
# server's own work: the wait an operator sets comes on top), then PEOPLE
# (200) people queueing at once for 4-seat Letter of Marque (no bots: the
# wait is longer than the run), ROUNDS times each. Prints one line per case;
# never fails on speed.
#
# The server runs on core 0 with one network thread, the clients on core 1,
# as in bench/run-figures.sh.
#
#   bench/quickplay/run.sh                        (after a build in ./build or $BRETHREN_BUILD_DIR)
#   PEOPLE=40 ROUNDS=2 SOLO_ROUNDS=5 bench/quickplay/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${BRETHREN_BUILD_DIR:-build}"
PEOPLE="${PEOPLE:-200}"
SEATS="${SEATS:-4}"
ROUNDS="${ROUNDS:-5}"
SOLO_ROUNDS="${SOLO_ROUNDS:-50}"
BENCH_TMP="$(mktemp -d)"
source bench/lib.sh
trap 'stop_server; rm -rf "$BENCH_TMP"' EXIT
ulimit -n 65536 2>/dev/null || true

pin_server=()
pin_load=()
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then
  pin_server=(taskset -c 0)
  pin_load=(taskset -c 1)
fi
# Guests come from one address here: its guest quota lifted. The bots think
# briefly: the figure is the start, not their play.
server_args=(--bind 127.0.0.1 --port 0 --threads 1 --log-level warn --guests-per-address 1000000
  --max-connections-per-address 0 --bot-time-scale 0.05)

start_server quickplay-solo "${pin_server[@]}" "$build/server/brethren-server" "${server_args[@]}" \
  --quickplay-bot-fill-ms 0 --db "$BENCH_TMP/solo.db"
"${pin_load[@]}" "$build/bench/brethren-quickplay-bench" --port "$SERVER_PORT" --people 1 --seats "$SEATS" \
  --rounds "$SOLO_ROUNDS"
stop_server

start_server quickplay-crowd "${pin_server[@]}" "$build/server/brethren-server" "${server_args[@]}" \
  --quickplay-bot-fill-ms 600000 --db "$BENCH_TMP/crowd.db"
"${pin_load[@]}" "$build/bench/brethren-quickplay-bench" --port "$SERVER_PORT" --people "$PEOPLE" --seats "$SEATS" \
  --rounds "$ROUNDS"
stop_server
