#!/usr/bin/env bash
# Moves during online backups (issue #26, item 6): the move round trip of
# people playing (brethren-load, realistic mode) against a server whose
# database already holds MATCHES unfinished matches (brethren-make-recovery-db),
# first with no backup, then with backups taken back to back (or INTERVAL
# seconds apart) all through the window by brethren-backup (each METHOD in turn). Prints each window, the
# backups' duration and size, and the p99 ratios; never fails on speed
# (docs/operations.md#backups).
#
# The server and the backup process share core 0 (as the scheduled backups
# run in the server's process), the backup 19 nice steps below the server
# (brethren-backup's default, as the scheduler's thread); the load generator
# runs on core 1; the server and the load at nice -20 when run as root, as
# bench/run-figures.sh does.
#
#   bench/backup/run.sh                       (after a build in ./build or $BRETHREN_BUILD_DIR)
#   DURATION=5 MATCHES=2000 METHODS=pages bench/backup/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${BRETHREN_BUILD_DIR:-build}"
MATCHES="${MATCHES:-10000}"         # unfinished matches in the database before the load
METHODS="${METHODS:-pages vacuum}"  # brethren-backup --method, one window each
PAGES_PER_STEP="${PAGES_PER_STEP:-1024}"
INTERVAL="${INTERVAL:-0}"           # seconds between the end of a backup and the next (0: back to back)
CONNECTIONS="${CONNECTIONS:-400}" # people, in 4-seat rooms
THINK_MS="${THINK_MS:-200}"       # their mean think time
WARMUP="${WARMUP:-3}"
DURATION="${DURATION:-20}"
BENCH_TMP="$(mktemp -d)"
source bench/lib.sh
backups_pid=""
trap 'if [ -n "$backups_pid" ]; then kill "$backups_pid" 2>/dev/null || true; fi; stop_server; rm -rf "$BENCH_TMP"' EXIT
ulimit -n 65536 2>/dev/null || true

pin_server=()
pin_load=()
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then
  pin_server=(taskset -c 0)
  pin_load=(taskset -c 1)
fi
if [ "$(id -u)" = 0 ]; then
  pin_server=(nice -n -20 "${pin_server[@]}")
  pin_load=(nice -n -20 "${pin_load[@]}")
fi

load() {
  "${pin_load[@]}" "$build/bench/brethren-load" --port "$SERVER_PORT" --quiet --connections "$CONNECTIONS" \
    --mode realistic --think-ms "$THINK_MS" --ramp 1 --warmup "$WARMUP" --duration "$DURATION" | grep '^summary:'
}

# backups_until FILE METHOD: backs up back to back until FILE exists, one
# "backup PATH BYTES SECONDS" line per backup in $BENCH_TMP/backups-METHOD.txt.
backups_until() {
  : >"$BENCH_TMP/backups-$2.txt"
  while [ ! -e "$1" ]; do
    "${pin_server[@]}" "$build/tools/brethren-backup" --db "$BENCH_TMP/backup.db" --out "$BENCH_TMP/copy.db" \
      --method "$2" --pages-per-step "$PAGES_PER_STEP" >>"$BENCH_TMP/backups-$2.txt"
    if [ "$INTERVAL" != 0 ]; then sleep "$INTERVAL"; fi
  done
}

"$build/bench/brethren-make-recovery-db" --db "$BENCH_TMP/backup.db" --matches "$MATCHES" | sed 's/^/# /'
start_server backup "${pin_server[@]}" "$build/server/brethren-server" --bind 127.0.0.1 --port 0 --threads 1 \
  --log-level warn --db "$BENCH_TMP/backup.db" \
  --rate-limit 1000000 --rate-burst 1000000 --max-rooms-per-connection 1000000 --max-rooms-per-address 1000000 \
  --max-rooms 1000000 --max-connections-per-address 0 --max-connections 200000
echo "# uptime: $(uptime)"
# A first window, not counted: the database file and its log grow on the
# first games (the windows compared both come after it).
load >/dev/null
alone="$(load)"
echo "no backup: $alone"
a99="$(summary_field "$alone" p99_us)"
errors="$(summary_field "$alone" errors)"
inconsistent="$(summary_field "$alone" inconsistent)"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
for method in $METHODS; do
  rm -f "$BENCH_TMP/stop"
  backups_until "$BENCH_TMP/stop" "$method" &
  backups_pid=$!
  with="$(load)"
  touch "$BENCH_TMP/stop"
  wait "$backups_pid"
  backups_pid=""
  echo "with $method backups: $with"
  count="$(wc -l <"$BENCH_TMP/backups-$method.txt")"
  mean_s="$(awk '{ s += $4 } END { if (NR) printf "%.3f", s / NR; else print "-" }' "$BENCH_TMP/backups-$method.txt")"
  max_s="$(awk '$4 > m { m = $4 } END { printf "%.3f", m }' "$BENCH_TMP/backups-$method.txt")"
  bytes="$(awk 'END { print $3 }' "$BENCH_TMP/backups-$method.txt")"
  w99="$(summary_field "$with" p99_us)"
  errors=$((errors + $(summary_field "$with" errors)))
  inconsistent=$((inconsistent + $(summary_field "$with" inconsistent)))
  echo "backup: method=$method matches=$MATCHES backups_during=$count backup_mean_s=$mean_s backup_max_s=$max_s" \
    "backup_bytes=$bytes interval_s=$INTERVAL people=$CONNECTIONS no_backup_p99_us=$a99 with_backup_p99_us=$w99" \
    "p99_ratio=$(ratio "$w99" "$a99") errors=$errors inconsistent=$inconsistent"
done
stop_server
