#!/usr/bin/env bash
# Every benchmark in smoke mode: a few seconds each against a server on a
# free loopback port with a temporary database, so that they keep building
# and running. Fails only when a benchmark fails, reports errors or finds an
# inconsistent result; speed is never judged here (docs/performance.md).
#
#   tools/run-bench-smoke.sh        (after a build in ./build or $BRETHREN_BUILD_DIR)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${BRETHREN_BUILD_DIR:-build}"
BENCH_TMP="$(mktemp -d)"
source bench/lib.sh
trap 'stop_server; rm -rf "$BENCH_TMP"' EXIT
ulimit -n 65536 2>/dev/null || true

passed=0
pass() {
  echo "run-bench-smoke: ok: $1"
  passed=$((passed + 1))
}
load() { "$build/bench/brethren-load" --quiet "$@"; }
# One worker thread, as in the figures; no per-connection log lines; no rate
# rate or room limit (a load generator is one flood by design).
server_args=(--bind 127.0.0.1 --port 0 --threads 1 --rate-limit 1000000 --rate-burst 1000000
  --max-rooms-per-connection 1000000 --max-rooms-per-address 1000000 --max-rooms 1000000
  --max-connections-per-address 0 --max-connections 200000)

# Micro-benchmarks: each for a moment.
"$build/bench/brethren-microbench" --benchmark_min_time=0.01 >"$BENCH_TMP/micro.txt"
grep -q random_games/letter_of_marque_4 "$BENCH_TMP/micro.txt"
grep -q ismcts_iterations/tortuga_1667_4 "$BENCH_TMP/micro.txt"
if grep -q ERROR "$BENCH_TMP/micro.txt"; then cat "$BENCH_TMP/micro.txt"; exit 1; fi
pass "brethren-microbench"

# Rating accuracy on a small simulated population (docs/ratings.md): six
# rows, each rating and the batch fit far better than chance (Kendall's tau
# above 0.2).
"$build/bench/rating/brethren-rating-accuracy" --players 200 --seeds 1 >"$BENCH_TMP/rating.txt"
[ "$(awk '/thurstone|plackett-luce/ && $(NF-8) > 0.2 && $(NF-3) > 0.2' "$BENCH_TMP/rating.txt" | wc -l)" = 6 ] ||
  { cat "$BENCH_TMP/rating.txt"; exit 1; }
pass "brethren-rating-accuracy"

# Sign-in cost (docs/accounts.md): two Argon2id verifications at the
# server's parameters.
"$build/bench/brethren-accounts-bench" --hashes 2 >"$BENCH_TMP/accounts.txt"
grep -q "argon2id m=19456 KiB t=2" "$BENCH_TMP/accounts.txt" || { cat "$BENCH_TMP/accounts.txt"; exit 1; }
pass "brethren-accounts-bench"

# A move's p99 during a sign-in storm (docs/accounts.md): 2 tables moving
# for a second without, then a second with 2 connections signing in.
start_server storm "$build/server/brethren-server" "${server_args[@]}" --log-level warn --db "$BENCH_TMP/storm.db" \
  --sign-in-burst 1000000 --sign-in-per-minute 1000000
"$build/bench/brethren-accounts-bench" --hashes 1 --port "$SERVER_PORT" --storm --movers 2 --clients 2 --seconds 1 \
  >"$BENCH_TMP/storm.txt"
grep -q '^storm: .* 0 other errors): ratio [0-9.]*$' "$BENCH_TMP/storm.txt" || { cat "$BENCH_TMP/storm.txt"; exit 1; }
stop_server
pass "brethren-accounts-bench --storm: moves during a sign-in storm"

# Quick play (docs/quickplay.md): from request to a started match, one
# person with bots at once, then 40 people queueing together.
BRETHREN_BUILD_DIR="$build" PEOPLE=40 ROUNDS=2 SOLO_ROUNDS=5 bench/quickplay/run.sh | tee "$BENCH_TMP/quickplay.txt"
grep -q '^quickplay: .* people=1 rounds=5 samples=5 .* people_with_bots=5 errors=0$' "$BENCH_TMP/quickplay.txt"
grep -q '^quickplay: .* people=40 rounds=2 samples=80 .* people_with_bots=0 errors=0$' "$BENCH_TMP/quickplay.txt"
pass "bench/quickplay: time from request to a started match"

# The bot arena (docs/performance.md, "Bots"): a hard bot on a small
# iteration cap against three heuristic bots, a few games over 2 threads;
# every game must finish and every kind be reported.
"$build/tools/brethren-arena" --game letter-of-marque --bots hard,heuristic,heuristic,heuristic --games 8 \
  --iterations 200 --threads 2 >"$BENCH_TMP/arena.txt"
grep -q "8 games (0 unfinished, 0 cut off" "$BENCH_TMP/arena.txt"
grep -q "^hard " "$BENCH_TMP/arena.txt"
grep -q "^heuristic " "$BENCH_TMP/arena.txt"
pass "brethren-arena"
# Its ledger: two batches of other seeds pool into one report.
for seed in 1 9; do
  "$build/tools/brethren-arena" --game letter-of-marque --bots medium,heuristic,heuristic,heuristic --games 8 \
    --seed "$seed" --iterations 50 --threads 2 --ledger "$BENCH_TMP/ledger.txt" --build smoke >/dev/null
done
"$build/tools/brethren-arena" --pool "$BENCH_TMP/ledger.txt" >"$BENCH_TMP/pooled.txt"
grep -q "pooled: 2 batches of build smoke, seeds \[1, 9) \[9, 17)" "$BENCH_TMP/pooled.txt"
grep -q "16 games (0 unfinished" "$BENCH_TMP/pooled.txt"
pass "brethren-arena --ledger, --pool"

# The disk's write + fdatasync floor, in the database's directory.
"$build/bench/brethren-fsync-probe" --dir "$BENCH_TMP" --seconds 0.2 | grep '^fsync: syncs=[1-9]'
pass "brethren-fsync-probe"

# The echo ceiling.
start_server echo "$build/bench/brethren-echo" --port 0
load --target echo --port "$SERVER_PORT" --connections 40 --warmup 0.2 --duration 1
pass "brethren-load against brethren-echo"
stop_server

# The fan-out ceiling: each frame relayed to the 4 connections of its group.
start_server echo "$build/bench/brethren-echo" --port 0 --fanout 4
load --target echo --fanout 4 --port "$SERVER_PORT" --connections 40 --warmup 0.2 --duration 1
pass "brethren-load against brethren-echo --fanout 4"
stop_server

# Brethren: saturation (binary and JSON), realistic, idle.
start_server brethren "$build/server/brethren-server" "${server_args[@]}" --log-level warn --db "$BENCH_TMP/load.db"
load --port "$SERVER_PORT" --connections 40 --mode saturation --warmup 0.5 --duration 2
pass "brethren-load saturation, binary"
load --port "$SERVER_PORT" --connections 12 --seats 3 --encoding json --warmup 0.2 --duration 1
pass "brethren-load saturation, JSON, 3 seats"
load --port "$SERVER_PORT" --connections 40 --mode realistic --think-ms 20 --warmup 0.5 --duration 2
pass "brethren-load realistic"
load --port "$SERVER_PORT" --connections 200 --mode idle --duration 0.5
pass "brethren-load idle"
stop_server

# Under attack: the real default limits (message rate, bytes, HTTP deadlines)
# with only the room and per-address caps lifted; 2 hostile connections of
# each kind next to 40 players, a window without and one with them.
start_server attack "$build/server/brethren-server" --bind 127.0.0.1 --port 0 --threads 1 --log-level warn \
  --max-rooms-per-connection 1000000 --max-rooms-per-address 1000000 --max-rooms 1000000 \
  --max-connections-per-address 0 --db "$BENCH_TMP/attack.db"
load --port "$SERVER_PORT" --connections 40 --mode realistic --think-ms 100 --warmup 0.5 --duration 2 \
  --attack all --attackers 2 --server-pid "$SERVER_PID" | grep -E '^(errors|with|attackers|server RSS|attack:)'
stop_server
pass "brethren-load realistic under attack (every kind)"

# Restart recovery: a database of unfinished matches, replayed at start-up.
"$build/bench/brethren-make-recovery-db" --db "$BENCH_TMP/recovery.db" --matches 200 >/dev/null
start_server recovery "$build/server/brethren-server" "${server_args[@]}" --log-level info --db "$BENCH_TMP/recovery.db"
grep -q "recovered 200 rooms, 200 live and 0 finished matches in .* (0 failed)" "$BENCH_TMP/recovery.log"
stop_server
pass "recovery of 200 unfinished matches"

# Online backups (docs/operations.md#backups): a second without, then a
# second with back-to-back backups of each method, beside 200 stored matches.
BRETHREN_BUILD_DIR="$build" DURATION=1 WARMUP=0.3 CONNECTIONS=20 MATCHES=200 bench/backup/run.sh |
  tee "$BENCH_TMP/backup.txt"
[ "$(grep -c '^backup: .* backups_during=[1-9].* errors=0 inconsistent=0$' "$BENCH_TMP/backup.txt")" = 2 ]
pass "bench/backup: moves during online backups"

# Search bots next to people (issue #24): a short window without, one with
# 12 hard bots thinking (budgets cut to a twentieth) in the same process.
BRETHREN_BUILD_DIR="$build" DURATION=1 WARMUP=0.3 CONNECTIONS=20 BOT_ROOMS=3 TIME_SCALE=0.05 bench/bots/run.sh |
  tee "$BENCH_TMP/bots.txt"
grep -q '^bots: .* searches_during=[1-9].* errors=0 inconsistent=0$' "$BENCH_TMP/bots.txt"
pass "bench/bots: people's moves next to hard bots"

# The cluster (docs/scaling.md): the same load through HAProxy in front of 1
# and 3 nodes with their lobby in Redis, next to one node direct.
BRETHREN_BUILD_DIR="$build" DURATION=1 WARMUP=0.5 CONNECTIONS=40 bench/cluster/run.sh | tee "$BENCH_TMP/cluster.txt"
[ "$(grep -c 'errors=0 inconsistent=0' "$BENCH_TMP/cluster.txt")" = 3 ]
pass "bench/cluster: 1 node direct, 1 and 3 nodes through HAProxy"
# The peers (docs/peers.md): boardgame.io and Colyseus beside Brethren on the same games, a second each.
BRETHREN_BUILD_DIR="$build" RUNS=1 WARMUP=0.5 DURATION=1 CONNECTIONS=40 REALISTIC_CONNECTIONS=40 THINK_MS=20 RAMP=0.3 \
  REALISTIC_WARMUP=0.5 REALISTIC_DURATION=1 IDLE_CONNECTIONS=100 bench/peers/run.sh | tee "$BENCH_TMP/peers.txt"
[ "$(grep -c '^| \(boardgame.io\|Colyseus\) [0-9.]* | [0-9]' "$BENCH_TMP/peers.txt")" = 6 ]
pass "bench/peers: Brethren beside boardgame.io and Colyseus"
echo "run-bench-smoke: $passed passed, 0 failed"
