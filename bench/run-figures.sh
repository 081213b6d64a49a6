#!/usr/bin/env bash
# Runs the whole figure set of docs/performance.md and prints it: each figure
# is the median of $RUNS runs (3), Brethren next to brethren-echo (the Beast
# ceiling on one core) under the same load, the server pinned to CPU 0 and
# the load generator to CPU 1. Takes about fifteen minutes, and about as
# long again for the peers' section (5b).
#
#   bench/run-figures.sh | tee figures.txt      (after a build in ./build)
#
# Environment: BRETHREN_BUILD_DIR (build), RUNS (3), DURATION (10, seconds
# measured per saturation run), REALISTIC_DURATION (20), IDLE_MAX (100000;
# capped by the open-files limit, see below), ATTACK_DURATION (10), SKIP_MICRO=1,
# SKIP_PEERS=1 (no boardgame.io / Colyseus section; it needs node and npm),
# ROUND_TWO_CONNECTIONS (1000; section 1b), IO_URING_BUILD_DIR (unset: no
# io_uring section; else a build configured with -DBRETHREN_IO_URING=ON), ROLLING=1
# (the rolling upgrade under load, section 4b: ROLLING_TABLES_PER_NODE (8) and
# ROLLING_PASSES (3); it needs haproxy and redis-server), ARENA_SECONDS (unset:
# no arena section, 7; else bench/arena/run-all.sh: each configuration the
# bots' targets name plays a batch of that many seconds into the arena's
# ledger, two at a time, and the pooled ledger is printed; ARENA_CONFIGS
# narrows the list).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${BRETHREN_BUILD_DIR:-build}"
RUNS="${RUNS:-3}"
DURATION="${DURATION:-10}"
REALISTIC_DURATION="${REALISTIC_DURATION:-20}"
IDLE_MAX="${IDLE_MAX:-100000}"
ATTACK_DURATION="${ATTACK_DURATION:-10}"
BENCH_TMP="$(mktemp -d)"
source bench/lib.sh
load_pids=()
restore_sysctl() { :; }
cleanup() {
  for p in "${load_pids[@]}"; do kill "$p" 2>/dev/null || true; done
  stop_server
  restore_sysctl
  rm -rf "$BENCH_TMP"
}
trap cleanup EXIT

# --- The machine ----------------------------------------------------------------
# Open files: as many as the hard limit allows (raising it needs
# CAP_SYS_RESOURCE; where that is missing, the idle figure is capped).
ulimit -n "$(ulimit -Hn)"
FD_LIMIT="$(ulimit -n)"
# Ephemeral ports: the whole range, so 127.0.0.x sources go further. And a
# longer per-CPU input queue: with the default 1,000, 10,000 connections
# answering at once overflow it, and the dropped segments come back after a
# 200 ms+ retransmission timeout (that measures the queue, not the server).
# Both are restored on exit.
old_port_range="$(sysctl -n net.ipv4.ip_local_port_range 2>/dev/null | tr '\t' ' ' || true)"
old_backlog="$(sysctl -n net.core.netdev_max_backlog 2>/dev/null || true)"
restore_sysctl() {
  if [ -n "$old_port_range" ]; then sysctl -qw net.ipv4.ip_local_port_range="$old_port_range" 2>/dev/null || true; fi
  if [ -n "$old_backlog" ]; then sysctl -qw net.core.netdev_max_backlog="$old_backlog" 2>/dev/null || true; fi
}
sysctl -qw net.ipv4.ip_local_port_range="1024 65535" 2>/dev/null || true
sysctl -qw net.core.netdev_max_backlog=100000 2>/dev/null || true
# On a shared machine other sessions' builds would take half of each core:
# this session's scheduler group and both processes get top priority.
echo -20 >/proc/self/autogroup 2>/dev/null || true
on_server_cpu=(nice -n -20 taskset -c 0)
on_load_cpu=(nice -n -20 taskset -c 1)
brethren_server=("${on_server_cpu[@]}" "$build/server/brethren-server" --bind 127.0.0.1 --port 0 --threads 1
  --log-level warn --rate-limit 1000000 --rate-burst 1000000
  --max-rooms-per-connection 1000000 --max-rooms-per-address 1000000 --max-rooms 1000000
  --max-connections-per-address 0 --max-connections 200000)
echo_server=("${on_server_cpu[@]}" "$build/bench/brethren-echo" --port 0 --threads 1)

say() { echo "$*"; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf (b > 0 ? "%.3f" : "-"), a / b}'; }

say "# Brethren figures, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD)"
say "# $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); kernel $(uname -r)"
say "# open-files limit $FD_LIMIT; $RUNS runs per figure, medians"
say "# server allocator: $(ldd "$build/server/brethren-server" | grep -q jemalloc && echo jemalloc || echo "the system's (glibc)")"
say "# uptime at start: $(uptime)"

# start_target echo|echo4|brethren|brethren-uring: a fresh server (a new
# database each time). echo4: brethren-echo relaying each frame to the 4
# connections of its group; brethren-uring: the server built with
# -DBRETHREN_IO_URING=ON in $IO_URING_BUILD_DIR.
db_counter=0
start_target() {
  if [ "$1" = echo ]; then
    start_server echo "${echo_server[@]}"
  elif [ "$1" = echo4 ]; then
    start_server echo "${echo_server[@]}" --fanout 4
  elif [ "$1" = brethren-uring ]; then
    db_counter=$((db_counter + 1))
    start_server brethren "${on_server_cpu[@]}" "$IO_URING_BUILD_DIR/server/brethren-server" "${brethren_server[@]:7}" \
      --db "$BENCH_TMP/figures-$db_counter.db"
  else
    db_counter=$((db_counter + 1))
    start_server brethren "${brethren_server[@]}" --db "$BENCH_TMP/figures-$db_counter.db"
  fi
}

# load_runs TARGET ARGS...: RUNS runs of brethren-load against a fresh server
# each; prints the median of each summary field.
load_runs() {
  local target="$1"
  shift
  local rates=() p50=() p90=() p99=() max=() errors=0 inconsistent=0 games=() line i
  for i in $(seq 1 "$RUNS"); do
    start_target "$target"
    # A run with errors still reports; they are counted in the table.
    local as=(--target "$target")
    case "$target" in
      echo4) as=(--target echo --fanout 4) ;;
      brethren-uring) as=(--target brethren) ;;
    esac
    line="$("${on_load_cpu[@]}" "$build/bench/brethren-load" "${as[@]}" --port "$SERVER_PORT" --quiet "$@" |
      grep '^summary:' || true)"
    stop_server
    if [ -z "$line" ]; then
      echo "brethren-load printed no summary: $target $*" >&2
      return 1
    fi
    rates+=("$(summary_field "$line" rate)")
    p50+=("$(summary_field "$line" p50_us)")
    p90+=("$(summary_field "$line" p90_us)")
    p99+=("$(summary_field "$line" p99_us)")
    max+=("$(summary_field "$line" max_us)")
    games+=("$(summary_field "$line" games)")
    errors=$((errors + $(summary_field "$line" errors)))
    inconsistent=$((inconsistent + $(summary_field "$line" inconsistent)))
  done
  echo "$(median "${rates[@]}") $(median "${p50[@]}") $(median "${p90[@]}") $(median "${p99[@]}") $(median "${max[@]}") $(median "${games[@]}") $errors $inconsistent"
}

# --- 1. Saturation ----------------------------------------------------------------
say ""
say "## Saturation: 4-seat Letter of Marque rooms, every move committed (synchronous FULL) before its acknowledgement"
say "## echo: the same connections sending 48-byte frames to brethren-echo, each as soon as the last came back"
say "# uptime: $(uptime)"
say "| connections | Brethren moves/s | p50 / p90 / p99 / max (us) | echo round trips/s | p50 / p90 / p99 / max (us) | moves/s / echo | games | errors |"
say "|---:|---:|---|---:|---|---:|---:|---:|"
for c in 100 1000 10000; do
  read -r b_rate b50 b90 b99 bmax bgames berr binc < <(load_runs brethren --connections "$c" --mode saturation --warmup 2 --duration "$DURATION")
  read -r e_rate e50 e90 e99 emax _ eerr _ < <(load_runs echo --connections "$c" --mode saturation --warmup 2 --duration "$DURATION")
  say "| $c | $b_rate | $b50 / $b90 / $b99 / $bmax | $e_rate | $e50 / $e90 / $e99 / $emax | $(ratio "$b_rate" "$e_rate") | $bgames | $((berr + binc + eerr)) |"
done

# --- 1b. Round two: both ceilings and JSON, in the same run ------------------------
# A 4-seat move is one frame in and four out to four sockets: brethren-echo
# --fanout 4 is the ceiling for that shape of work (docs/performance.md,
# "Round two"). JSON: the same games with text frames.
say ""
say "## Round two: 1,000 connections, 4-seat rooms; Brethren (binary and JSON) against the echo and the fan-out-4 ceilings"
say "## fan-out 4: groups of 4 connections take turns; each 48-byte frame is relayed to all 4, the next sends once it has it"
say "# uptime: $(uptime)"
say "| connections | Brethren moves/s binary | JSON | JSON / binary | echo round trips/s | fan-out-4 relays/s | p50 / p99 (us) fan-out | moves/s / echo | moves/s / fan-out-4 | errors |"
say "|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|"
# Interleaved: run i of each of the four before run i+1 of any, so that the
# host's minute-to-minute swings (the same build: 11k to 19k moves/s within
# half an hour) fall on all four alike; the ratios of each round are printed
# too.
for c in ${ROUND_TWO_CONNECTIONS:-1000}; do
  sat=(--connections "$c" --mode saturation --warmup 2 --duration "$DURATION")
  bins=() jsons=() echos=() fans=() f50s=() f99s=() per_round=() errs=0
  for i in $(seq 1 "$RUNS"); do
    read -r b _ _ _ _ _ e n < <(RUNS=1 load_runs brethren "${sat[@]}")
    bins+=("$b") && errs=$((errs + e + n))
    read -r j _ _ _ _ _ e n < <(RUNS=1 load_runs brethren "${sat[@]}" --encoding json)
    jsons+=("$j") && errs=$((errs + e + n))
    read -r x _ _ _ _ _ e _ < <(RUNS=1 load_runs echo "${sat[@]}")
    echos+=("$x") && errs=$((errs + e))
    read -r f f50 _ f99 _ _ e _ < <(RUNS=1 load_runs echo4 "${sat[@]}")
    fans+=("$f") && f50s+=("$f50") && f99s+=("$f99") && errs=$((errs + e))
    per_round+=("$(ratio "$j" "$b") / $(ratio "$b" "$f")")
  done
  b_rate="$(median "${bins[@]}")" j_rate="$(median "${jsons[@]}")" e_rate="$(median "${echos[@]}")"
  f_rate="$(median "${fans[@]}")"
  say "| $c | $b_rate | $j_rate | $(ratio "$j_rate" "$b_rate") | $e_rate | $f_rate | $(median "${f50s[@]}") / $(median "${f99s[@]}") | $(ratio "$b_rate" "$e_rate") | $(ratio "$b_rate" "$f_rate") | $errs |"
  say "# each round, JSON / binary and moves/s / fan-out-4: ${per_round[*]}"
  say "# each round, binary moves/s: ${bins[*]}; fan-out-4 relays/s: ${fans[*]}"
done

# --- 1c. io_uring against epoll (when a -DBRETHREN_IO_URING=ON build is given) ----
if [ -n "${IO_URING_BUILD_DIR:-}" ]; then
  say ""
  say "## Asio on io_uring ($IO_URING_BUILD_DIR, -DBRETHREN_IO_URING=ON) against epoll ($build): the same commands"
  say "# uptime: $(uptime)"
  say "| load | epoll moves/s | p50 / p99 / max (us) | io_uring moves/s | p50 / p99 / max (us) | io_uring / epoll | errors |"
  say "|---|---:|---|---:|---|---:|---:|"
  for c in 100 1000; do
    read -r a_rate a50 _ a99 amax _ aerr ainc < <(load_runs brethren --connections "$c" --mode saturation --warmup 2 --duration "$DURATION")
    read -r u_rate u50 _ u99 umax _ uerr uinc < <(load_runs brethren-uring --connections "$c" --mode saturation --warmup 2 --duration "$DURATION")
    say "| saturation $c | $a_rate | $a50 / $a99 / $amax | $u_rate | $u50 / $u99 / $umax | $(ratio "$u_rate" "$a_rate") | $((aerr + ainc + uerr + uinc)) |"
  done
  realistic=(--connections 10000 --mode realistic --think-ms 500 --ramp 25 --warmup 30 --duration "$REALISTIC_DURATION")
  read -r a_rate a50 _ a99 amax _ aerr ainc < <(load_runs brethren "${realistic[@]}")
  read -r u_rate u50 _ u99 umax _ uerr uinc < <(load_runs brethren-uring "${realistic[@]}")
  say "| realistic 10000 | $a_rate | $a50 / $a99 / $amax | $u_rate | $u50 / $u99 / $umax | p99 $(ratio "$u99" "$a99") | $((aerr + ainc + uerr + uinc)) |"
fi

# --- 2. Realistic -----------------------------------------------------------------
say ""
say "## Realistic: 10,000 connected players in 4-seat rooms, think time uniform in [250, 750] ms (mean 500)"
say "## tables start at random times over the first 25 s (so games do not all end together), measured from 30 s on"
say "# uptime: $(uptime)"
say "| server | moves (or round trips)/s | p50 / p90 / p99 / max (us) | games | errors |"
say "|---|---:|---|---:|---:|"
read -r b_rate b50 b90 b99 bmax bgames berr binc < <(load_runs brethren --connections 10000 --mode realistic --think-ms 500 --ramp 25 --warmup 30 --duration "$REALISTIC_DURATION")
say "| Brethren | $b_rate | $b50 / $b90 / $b99 / $bmax | $bgames | $((berr + binc)) |"
read -r e_rate e50 e90 e99 emax _ eerr _ < <(load_runs echo --connections 10000 --mode realistic --think-ms 500 --ramp 25 --warmup 30 --duration "$REALISTIC_DURATION")
say "| echo | $e_rate | $e50 / $e90 / $e99 / $emax | - | $eerr |"
say "| Brethren / echo | | p99 $(ratio "$b99" "$e99"), max $(ratio "$bmax" "$emax") | | |"
# The floor under a durable move: the disk's own write + fdatasync, in the
# database's directory, right after the runs (a move waits for the commit in
# flight and then its own).
probe="$("${on_server_cpu[@]}" "$build/bench/brethren-fsync-probe" --dir "$BENCH_TMP" --seconds "$REALISTIC_DURATION")"
say "| the disk alone: 4 KiB write + fdatasync, $(summary_field "$probe" syncs) in $REALISTIC_DURATION s | | $(summary_field "$probe" p50_us) / $(summary_field "$probe" p90_us) / $(summary_field "$probe" p99_us) / $(summary_field "$probe" max_us) (p99.9 $(summary_field "$probe" p999_us)) | | |"

# --- 3. Idle connections ----------------------------------------------------------
# idle_kib_per_connection TARGET N: server memory (Pss of anonymous mappings:
# heap and stacks; the kernel's socket buffers are not the process's) added
# by N idle WebSocket connections, in bytes per connection. The client side
# is spread over processes of at most 15,000 connections (open-files limit).
idle_bytes_per_connection() {
  local target="$1" n="$2" per=15000 before after procs i share left out
  start_target "$target"
  sleep 0.5
  before="$(anon_kib "$SERVER_PID")"
  procs=$(((n + per - 1) / per))
  left="$n"
  load_pids=()
  for i in $(seq 1 "$procs"); do
    share=$((left < per ? left : per))
    left=$((left - share))
    out="$BENCH_TMP/idle-$i.out"
    : >"$out"
    "${on_load_cpu[@]}" "$build/bench/brethren-load" --target "$target" --port "$SERVER_PORT" --mode idle \
      --connections "$share" --duration 600 --sources 4 --quiet >"$out" 2>"$BENCH_TMP/idle-$i.err" &
    load_pids+=($!)
  done
  for i in $(seq 1 "$procs"); do
    until grep -q '^idle:' "$BENCH_TMP/idle-$i.out"; do
      if ! kill -0 "${load_pids[$((i - 1))]}" 2>/dev/null; then
        echo "idle load $i failed: $(tail -n 3 "$BENCH_TMP/idle-$i.err")" >&2
        break
      fi
      sleep 0.2
    done
  done
  sleep 2
  after="$(anon_kib "$SERVER_PID")"
  local open=0
  for i in $(seq 1 "$procs"); do open=$((open + $(sed -n 's/^idle: \([0-9]*\) connections open/\1/p' "$BENCH_TMP/idle-$i.out"))); done
  for p in "${load_pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${load_pids[@]}"; do wait "$p" 2>/dev/null || true; done
  load_pids=()
  stop_server
  echo "$(((after - before) * 1024 / (open > 0 ? open : 1))) $open"
}

# The server needs one descriptor per connection and a few of its own.
idle_cap=$((FD_LIMIT - 200))
idle_big="$IDLE_MAX"
if [ "$idle_big" -gt "$idle_cap" ]; then idle_big="$idle_cap"; fi
say ""
say "## Idle connections: server memory per connection (Pss_Anon after - before, / connections)"
say "# uptime: $(uptime)"
say "| connections | Brethren bytes/connection | echo bytes/connection | Brethren / echo |"
say "|---:|---:|---:|---:|"
b_runs=() e_runs=()
for i in $(seq 1 "$RUNS"); do
  read -r b _ < <(idle_bytes_per_connection brethren 10000)
  read -r e _ < <(idle_bytes_per_connection echo 10000)
  b_runs+=("$b")
  e_runs+=("$e")
done
b="$(median "${b_runs[@]}")"
e="$(median "${e_runs[@]}")"
say "| 10000 | $b | $e | $(ratio "$b" "$e") |"
read -r b b_open < <(idle_bytes_per_connection brethren "$idle_big")
read -r e e_open < <(idle_bytes_per_connection echo "$idle_big")
say "| $b_open (one run) | $b | $e | $(ratio "$b" "$e") |"
if [ "$idle_big" -lt "$IDLE_MAX" ]; then
  say "# $IDLE_MAX idle connections need $IDLE_MAX open files in the server: this machine's hard limit is $FD_LIMIT"
fi

# --- 4. Restart recovery ----------------------------------------------------------
say ""
say "## Restart recovery: 10,000 unfinished 4-seat Letter of Marque matches (brethren-make-recovery-db)"
say "# uptime: $(uptime)"
"$build/bench/brethren-make-recovery-db" --db "$BENCH_TMP/recovery.db" --matches 10000 | sed 's/^/# /'
rec=() wall=()
for i in $(seq 1 "$RUNS"); do
  cp "$BENCH_TMP/recovery.db" "$BENCH_TMP/recovery-$i.db"
  start_ns="$(date +%s%N)"
  start_server recovery "${on_server_cpu[@]}" "$build/server/brethren-server" --bind 127.0.0.1 --port 0 --threads 1 \
    --log-level info --db "$BENCH_TMP/recovery-$i.db"
  end_ns="$(date +%s%N)"
  rec+=("$(sed -n 's/.*recovered 10000 rooms, 10000 live and 0 finished matches in \([0-9.]*\) s (0 failed).*/\1/p' "$BENCH_TMP/recovery.log")")
  wall+=("$(awk -v a="$start_ns" -v b="$end_ns" 'BEGIN {printf "%.3f", (b - a) / 1e9}')")
  stop_server
done
say "| recovery (log line) | start to listening (wall) |"
say "|---:|---:|"
say "| $(median "${rec[@]}") s | $(median "${wall[@]}") s |"

# --- 4b. Online backups ----------------------------------------------------------
# Moves while backups of a database of 10,000 unfinished matches are taken
# back to back (bench/backup/run.sh, docs/operations.md#backups).
say ""
say "## Online backups: 400 players (realistic, think time mean 200 ms) beside 10,000 stored unfinished matches, $REALISTIC_DURATION s without and $REALISTIC_DURATION s with back-to-back backups (each method)"
say "# uptime: $(uptime)"
BRETHREN_BUILD_DIR="$build" MATCHES=10000 DURATION="$REALISTIC_DURATION" bench/backup/run.sh | grep '^backup:' |
  while read -r line; do say "$line"; done || say "# bench/backup/run.sh failed: see the errors above"

# --- 4d. Quick play ---------------------------------------------------------------
# Time from QuickPlay to the started match's first view (bench/quickplay/run.sh,
# docs/quickplay.md): one person alone, bots at once; 200 people at once.
say ""
say "## Quick play: time from request to a started match, one person alone (bots at once) and 200 people queueing together for 4-seat Letter of Marque"
say "# uptime: $(uptime)"
BRETHREN_BUILD_DIR="$build" bench/quickplay/run.sh | grep '^quickplay:' |
  while read -r line; do say "$line"; done || say "# bench/quickplay/run.sh failed: see the errors above"

# --- 4e. Moves during a sign-in storm ----------------------------------------------
# A move's p99 with nobody signing in, then with 16 connections signing in
# back to back (each an Argon2id verification on the password pool);
# brethren-accounts-bench --storm, docs/accounts.md. Goal: ratio <= 1.2.
say ""
say "## Moves during a sign-in storm: 16 two-seat tables moving, $REALISTIC_DURATION s without and $REALISTIC_DURATION s with 16 connections signing in (defaults: one password thread)"
say "# uptime: $(uptime)"
db_counter=$((db_counter + 1))
start_server storm "${on_server_cpu[@]}" "$build/server/brethren-server" --bind 127.0.0.1 --port 0 --threads 1 --log-level warn \
  --max-rooms-per-connection 1000000 --max-rooms-per-address 1000000 --max-rooms 1000000 \
  --max-connections-per-address 0 --rate-limit 1000000 --rate-burst 1000000 \
  --sign-in-burst 1000000 --sign-in-per-minute 1000000 --db "$BENCH_TMP/figures-$db_counter.db"
"${on_load_cpu[@]}" "$build/bench/brethren-accounts-bench" --hashes 1 --port "$SERVER_PORT" --storm --movers 16 \
  --clients 16 --seconds "$REALISTIC_DURATION" | grep '^storm:' | while read -r line; do say "$line"; done ||
  say "# brethren-accounts-bench --storm failed: see the errors above"
stop_server

# --- 4c. Rolling upgrade (with ROLLING=1: it needs haproxy and redis-server) -------
if [ "${ROLLING:-0}" = 1 ]; then
  say ""
  say "## Rolling upgrade of the 3-node loopback cluster under load (docs/operations.md)"
  say "# uptime: $(uptime)"
  BRETHREN_ROLLING_TABLES_PER_NODE="${ROLLING_TABLES_PER_NODE:-8}" BRETHREN_ROLLING_PASSES="${ROLLING_PASSES:-3}" \
    "$build/tests/cluster_tests" "Cluster: a rolling restart under load*" | grep '^rolling upgrade:' | sed 's/^/    /'
fi

# --- 5. Under attack --------------------------------------------------------------
# The server with its real default limits (message rate, bytes, HTTP
# deadlines), only the room and per-address caps lifted for the players; one
# run per kind: a window without, then one as long with the attackers.
say ""
say "## Under attack: 400 players in 4-seat rooms (realistic, think time mean 200 ms, tables starting over the first 5 s), $ATTACK_DURATION s without, then $ATTACK_DURATION s with 10 hostile connections of the kind (all: 10 of each)"
say "# uptime: $(uptime)"
say "| attack | moves/s without / with | p50 (us) without / with | p99 (us) without / with | max (us) without / with | p99 with / without | attackers closed by the server | server RSS growth (KiB) without / with | errors |"
say "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for kind in ping-flood list-rooms-unread garbage-frames slow-http all; do
  db_counter=$((db_counter + 1))
  start_server attack "${on_server_cpu[@]}" "$build/server/brethren-server" --bind 127.0.0.1 --port 0 --threads 1 --log-level warn \
    --max-rooms-per-connection 1000000 --max-rooms-per-address 1000000 --max-rooms 1000000 \
    --max-connections-per-address 0 --db "$BENCH_TMP/figures-$db_counter.db"
  out="$("${on_load_cpu[@]}" "$build/bench/brethren-load" --port "$SERVER_PORT" --quiet --connections 400 --mode realistic \
    --think-ms 200 --ramp 5 --warmup 6 --duration "$ATTACK_DURATION" --attack "$kind" --attackers 10 --server-pid "$SERVER_PID" || true)"
  stop_server
  a="$(grep '^attack:' <<<"$out" || true)"
  s="$(grep '^summary:' <<<"$out" || true)"
  if [ -z "$a" ] || [ -z "$s" ]; then
    echo "brethren-load printed no attack summary: $kind" >&2
    continue
  fi
  f() { summary_field "$a" "$1"; }
  say "| $kind | $(f base_rate) / $(f rate) | $(f base_p50_us) / $(f p50_us) | $(f base_p99_us) / $(f p99_us) | $(f base_max_us) / $(f max_us) | $(f p99_ratio) | $(f closed) of $(f attacker_connections) | $(f base_rss_growth_kib) / $(f rss_growth_kib) | $(($(summary_field "$s" errors) + $(summary_field "$s" inconsistent))) |"
done

# --- 5b. Against boardgame.io and Colyseus ---------------------------------------
# The same Letter of Marque games on boardgame.io and Colyseus (bench/peers/,
# docs/peers.md): saturation, realistic at 1,000 and 10,000 players (a peer
# only at the sizes it holds), idle memory; Brethren / peer ratios.
if [ "${SKIP_PEERS:-0}" != 1 ]; then
  say ""
  say "## Against other servers: boardgame.io and Colyseus on the same game and workloads (bench/peers/run.sh)"
  BRETHREN_BUILD_DIR="$build" RUNS="$RUNS" DURATION="$DURATION" REALISTIC_DURATION="$REALISTIC_DURATION" \
    bench/peers/run.sh || say "# bench/peers/run.sh failed: see the errors above"
fi

# --- 6. Micro-benchmarks ----------------------------------------------------------
if [ "${SKIP_MICRO:-0}" != 1 ]; then
  say ""
  say "## Random Letter of Marque games on one core (brethren-sim, 200,000 games, 4 players)"
  say "# uptime: $(uptime)"
  sims=()
  for i in $(seq 1 "$RUNS"); do
    sims+=("$("${on_server_cpu[@]}" "$build/tools/brethren-sim" --game letter-of-marque --players 4 --games 200000 --seed 1 -q |
      sed -n 's/.* s, \([0-9]*\) games\/s.*/\1/p')")
  done
  say "games/s: $(median "${sims[@]}") (runs: ${sims[*]})"
  say ""
  say "## brethren-microbench (medians of $RUNS repetitions)"
  say '```'
  "${on_server_cpu[@]}" "$build/bench/brethren-microbench" --benchmark_repetitions="$RUNS" \
    --benchmark_report_aggregates_only=true --benchmark_min_time=0.5 2>/dev/null | grep -E '^(Benchmark|-|.*_median)' |
    tee "$BENCH_TMP/micro.txt"
  say '```'
  # JSON against binary, CPU time of the medians (the issue's target: <= 5).
  say ""
  say "JSON / binary (CPU time per frame):"
  awk '/_median/ {cpu[$1] = $4}
    END {
      for (name in cpu) if (name ~ /_json_median$/) {
        bin = name; sub(/_json_median$/, "_binary_median", bin)
        if (bin in cpu) printf "  %s: %.1f\n", name, cpu[name] / cpu[bin]
      }
    }' "$BENCH_TMP/micro.txt" | sort
fi
# --- 7. The bots' arena (with ARENA_SECONDS) -----------------------------------------
if [ -n "${ARENA_SECONDS:-}" ]; then
  say ""
  say "## The bots' arena: $ARENA_SECONDS s a configuration, two at a time (bench/arena/run-all.sh)"
  say "# uptime: $(uptime)"
  BUILD_DIR="$build" bench/arena/run-all.sh "$ARENA_SECONDS" || say "# bench/arena/run-all.sh failed: see above"
fi

say ""
say "# uptime at end: $(uptime)"
