#!/usr/bin/env bash
# People's moves next to bots that think (issue #24): the move round trip of
# people playing (brethren-load, realistic mode) in one server process,
# first alone, then with BOT_ROOMS rooms of BOT_SEATS `hard` bots each (200
# by default) thinking on the bot pool of the same process. Prints both
# windows and their ratios; never fails on speed (docs/performance.md,
# "Search bots and people's moves").
#
# The server runs on core 0 with one network thread and one bot thread
# (the harshest: both on one core, the bot thread in Linux's idle class as
# by default, --bot-nice 19); the load generator on core 1; both at nice -20 when run as
# root, as bench/run-figures.sh does.
#
#   bench/bots/run.sh                           (after a build in ./build or $BRETHREN_BUILD_DIR)
#   DURATION=5 CONNECTIONS=40 BOT_ROOMS=5 bench/bots/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${BRETHREN_BUILD_DIR:-build}"
BOT_ROOMS="${BOT_ROOMS:-50}"
BOT_SEATS="${BOT_SEATS:-4}"
BOT_KIND="${BOT_KIND:-hard}"
BOT_GAME="${BOT_GAME:-letter-of-marque}"
BOT_THREADS="${BOT_THREADS:-1}"
TIME_SCALE="${TIME_SCALE:-1}"    # <1 only for the smoke run: shorter searches
CONNECTIONS="${CONNECTIONS:-400}" # people, in 4-seat rooms
THINK_MS="${THINK_MS:-200}"       # their mean think time
WARMUP="${WARMUP:-3}"
DURATION="${DURATION:-20}"
# More server flags, e.g. "--db-sync normal" to take the disk's noise out
# of both windows (the figures keep the default, full).
read -r -a extra_server_args <<<"${EXTRA_SERVER_ARGS:-}"
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
# As bench/run-figures.sh: ahead of anything else on the machine when we
# may (the bot threads stay 10 below the server's network thread).
if [ "$(id -u)" = 0 ]; then
  pin_server=(nice -n -20 "${pin_server[@]}")
  pin_load=(nice -n -20 "${pin_load[@]}")
fi

# metric PORT NAME: a metric's value from GET /metrics (no label).
metric() {
  local value
  exec 3<>"/dev/tcp/127.0.0.1/$1"
  printf 'GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' >&3
  value="$(awk -v name="$2" '$1 == name { print $2 }' <&3)"
  exec 3>&-
  echo "${value:-0}"
}

load() {
  "${pin_load[@]}" "$build/bench/brethren-load" --port "$SERVER_PORT" --quiet --connections "$CONNECTIONS" \
    --mode realistic --think-ms "$THINK_MS" --ramp 1 --warmup "$WARMUP" --duration "$DURATION" | grep '^summary:'
}

start_server bots "${pin_server[@]}" "$build/server/brethren-server" --bind 127.0.0.1 --port 0 --threads 1 \
  --bot-threads "$BOT_THREADS" --bot-time-scale "$TIME_SCALE" --log-level warn --db "$BENCH_TMP/bots.db" \
  --rate-limit 1000000 --rate-burst 1000000 --max-rooms-per-connection 1000000 --max-rooms-per-address 1000000 \
  --max-rooms 1000000 --max-connections-per-address 0 --max-connections 200000 ${extra_server_args[@]+"${extra_server_args[@]}"}
echo "# uptime: $(uptime)"
# A first window, not counted: the database file and its log grow on the
# first games (the windows compared both come after it).
load >/dev/null
alone="$(load)"
echo "alone: $alone"

"$build/bench/brethren-bot-rooms" --port "$SERVER_PORT" --rooms "$BOT_ROOMS" --seats "$BOT_SEATS" --kind "$BOT_KIND" \
  --game "$BOT_GAME"
searches_before="$(metric "$SERVER_PORT" brethren_bot_searches_total)"
with="$(load)"
echo "with bots: $with"
# The bots thought all along: searches ran, and some still wait.
searches=$(($(metric "$SERVER_PORT" brethren_bot_searches_total) - searches_before))
queued="$(metric "$SERVER_PORT" brethren_bot_searches_queued)"
running="$(metric "$SERVER_PORT" brethren_bot_searches_running)"
stop_server

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
a50="$(summary_field "$alone" p50_us)"
a99="$(summary_field "$alone" p99_us)"
w50="$(summary_field "$with" p50_us)"
w99="$(summary_field "$with" p99_us)"
errors=$(($(summary_field "$alone" errors) + $(summary_field "$with" errors)))
inconsistent=$(($(summary_field "$alone" inconsistent) + $(summary_field "$with" inconsistent)))
echo "bots: kind=$BOT_KIND bots=$((BOT_ROOMS * BOT_SEATS)) bot_threads=$BOT_THREADS searches_during=$searches" \
  "still_running=$running still_queued=$queued people=$CONNECTIONS alone_p50_us=$a50 alone_p99_us=$a99" \
  "with_p50_us=$w50 with_p99_us=$w99 p50_ratio=$(ratio "$w50" "$a50") p99_ratio=$(ratio "$w99" "$a99")" \
  "errors=$errors inconsistent=$inconsistent"
