#!/usr/bin/env bash
# Brethren beside boardgame.io and Colyseus (issue #28, docs/peers.md): the
# same Letter of Marque games in 4-seat rooms, the same connections, the same
# machine, one run. Saturation (every seat moves as soon as its view says
# so), realistic (think time) and idle connections; each figure with the
# ratio Brethren / peer. Never fails on speed; exits 1 when a run fails or
# reports errors (so tools/run-bench-smoke.sh catches a broken peer).
#
# Brethren is driven by brethren-load, boardgame.io by bench/peers/load.js
# (the same workload through its own client side: its lobby and socket.io),
# Colyseus by brethren-load --target colyseus (the same workload through
# Colyseus's own protocol, in C++: Node's colyseus.js was the limit at
# saturation), or by load.js and colyseus.js with COLYSEUS_CLIENT=node, for a
# cross-check. Servers on core 0, load generators on core 1, at nice -20 when
# run as root, as bench/run-figures.sh does.
#
#   bench/peers/run.sh                  (after a build in ./build or $BRETHREN_BUILD_DIR; node and npm)
#   RUNS=1 DURATION=2 CONNECTIONS=40 REALISTIC_CONNECTIONS=40 IDLE_CONNECTIONS=200 bench/peers/run.sh
#   COLYSEUS_CLIENT=node PEERS=colyseus ... bench/peers/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${BRETHREN_BUILD_DIR:-build}"
RUNS="${RUNS:-3}"                                              # rounds, interleaved; medians
CONNECTIONS="${CONNECTIONS:-1000}"                             # saturation
WARMUP="${WARMUP:-2}"
DURATION="${DURATION:-10}"
REALISTIC_CONNECTIONS="${REALISTIC_CONNECTIONS:-1000 10000}"
THINK_MS="${THINK_MS:-500}"
RAMP="${RAMP:-25}"                                             # realistic: tables start over RAMP s
REALISTIC_WARMUP="${REALISTIC_WARMUP:-30}"
REALISTIC_DURATION="${REALISTIC_DURATION:-20}"
IDLE_CONNECTIONS="${IDLE_CONNECTIONS:-10000}"                  # fewer hide Brethren's growth in jemalloc's first extents
PEERS="${PEERS:-bgio colyseus}"
COLYSEUS_CLIENT="${COLYSEUS_CLIENT:-cpp}"                       # cpp: brethren-load --target colyseus; node: load.js
case "$COLYSEUS_CLIENT" in cpp | node) ;; *) echo "peers: COLYSEUS_CLIENT must be cpp or node" >&2 && exit 2 ;; esac
BENCH_TMP="$(mktemp -d)"
source bench/lib.sh
load_pid=""
trap 'if [ -n "$load_pid" ]; then kill "$load_pid" 2>/dev/null || true; fi; stop_server; rm -rf "$BENCH_TMP"' EXIT
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

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

# The peers' npm packages, from the lock file: npm ci only when it changed
# since the last install (then no network is needed).
peers=bench/peers
stamp="$peers/node_modules/.brethren-lock-stamp"
if [ ! -f "$stamp" ] || ! cmp -s "$peers/package-lock.json" "$stamp"; then
  (cd "$peers" && npm ci --no-audit --no-fund --loglevel=error >&2)
  cp "$peers/package-lock.json" "$stamp"
fi

# start_target brethren|brethren-nosync|bgio|colyseus: a fresh server and store.
n=0
start_target() {
  n=$((n + 1))
  case "$1" in
    brethren | brethren-nosync)
      local sync=full
      if [ "$1" = brethren-nosync ]; then sync=normal; fi
      start_server "$1" "${pin_server[@]}" "$build/server/brethren-server" --bind 127.0.0.1 --port 0 --threads 1 \
        --log-level warn --rate-limit 1000000 --rate-burst 1000000 --max-rooms-per-connection 1000000 \
        --max-rooms-per-address 1000000 --max-rooms 1000000 --max-connections-per-address 0 \
        --max-connections 200000 --db-sync "$sync" --db "$BENCH_TMP/brethren-$n.db"
      ;;
    bgio | colyseus)
      start_server "$1" "${pin_server[@]}" env NODE_ENV=production node "$peers/$1-server.js" --port 0 \
        --db "$BENCH_TMP/$1-$n.log"
      ;;
  esac
}

# load_command TARGET: the load generator's command for TARGET (brethren-load
# for Brethren, and for Colyseus unless COLYSEUS_CLIENT=node; else load.js).
load_command() {
  if [ "${1#brethren}" != "$1" ]; then
    echo "$build/bench/brethren-load --quiet"
  elif [ "$1" = colyseus ] && [ "$COLYSEUS_CLIENT" = cpp ]; then
    echo "$build/bench/brethren-load --target colyseus --quiet"
  else
    echo "node $peers/load.js --target $1"
  fi
}

# one_run TARGET LOADARGS...: one load run against a fresh server; prints
# its summary line (or nothing, with the reason on stderr).
one_run() {
  local target="$1" line load
  shift
  start_target "$target"
  read -r -a load <<<"$(load_command "$target")"
  if [ "${load[0]}" != node ]; then
    line="$("${pin_load[@]}" "${load[@]}" --port "$SERVER_PORT" --server-pid "$SERVER_PID" "$@" 2>&1 |
      tee "$BENCH_TMP/load.out" | grep '^summary:' || true)"
  else
    line="$("${pin_load[@]}" "${load[@]}" --port "$SERVER_PORT" --server-pid "$SERVER_PID" "$@" 2>&1 |
      tee "$BENCH_TMP/load.out" | grep '^summary:' || true)"
  fi
  stop_server
  # What the peer's store did over the whole run (warm-up included), from its line at SIGTERM.
  if [ "${target#brethren}" = "$target" ] && [ -n "$line" ]; then
    echo "$target $*: $(grep -h 'writes=' "$BENCH_TMP/$target.log" | tail -n 1 | sed 's/^[^:]*: //')" >>"$BENCH_TMP/stores.txt"
  fi
  if [ -n "$line" ] && [ "$(summary_field "$line" errors)" != 0 ]; then
    echo "peers: $target $*: errors:" >&2
    grep -E '^  |^errors|error: ' "$BENCH_TMP/load.out" | head -n 8 >&2
  fi
  if [ -z "$line" ]; then
    echo "peers: no summary from $target $*:" >&2
    tail -n 5 "$BENCH_TMP/load.out" >&2
    tail -n 5 "$BENCH_TMP/$target.log" >&2
  fi
  echo "$line"
}

median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0 && a >= 0) printf (a / b < 1 ? "%.2g" : "%.1f"), a / b; else printf "-"}'; }
# held RATE: "yes" when a peer served at least 90 % of the moves Brethren
# served under the same offered load (realistic mode), else "no".
held() { awk -v a="$1" -v b="${RATE[brethren]}" 'BEGIN {print (b > 0 && a >= 0.9 * b ? "yes" : "no")}'; }
name() {
  case "$1" in
    brethren) echo "Brethren (every move fsync'd before its acknowledgement)" ;;
    brethren-nosync) echo "Brethren --db-sync normal (no fsync per commit)" ;;
    bgio) echo "boardgame.io 0.50.2" ;;
    colyseus) echo "Colyseus 0.16" ;;
  esac
}

failed=0
# figures TARGET... -- LOADARGS...: RUNS interleaved rounds (run i of every
# target before run i+1 of any); sets RATE[t] P50[t] P99[t] MAX[t] CPU[t] GAMES[t] ERR[t] CLIENT[t].
declare -A RATE P50 P99 MAX CPU GAMES ERR CLIENT
figures() {
  local targets=() t i line
  while [ "$1" != -- ]; do targets+=("$1") && shift; done
  shift
  declare -A rates p50s p99s maxs cpus games clients
  for t in "${targets[@]}"; do ERR[$t]=0; done
  for i in $(seq 1 "$RUNS"); do
    for t in "${targets[@]}"; do
      line="$(one_run "$t" "$@")"
      if [ -z "$line" ]; then
        ERR[$t]=$((ERR[$t] + 1)) && failed=1
        continue
      fi
      rates[$t]+=" $(summary_field "$line" rate)"
      p50s[$t]+=" $(summary_field "$line" p50_us)"
      p99s[$t]+=" $(summary_field "$line" p99_us)"
      maxs[$t]+=" $(summary_field "$line" max_us)"
      cpus[$t]+=" $(summary_field "$line" server_cpu_us_per_op)"
      games[$t]+=" $(summary_field "$line" games)"
      clients[$t]+=" $(summary_field "$line" client_cpu_pct)"
      local e=$(($(summary_field "$line" errors) + $(summary_field "$line" inconsistent)))
      # A run that measured no move at all is an error too.
      if awk -v r="$(summary_field "$line" rate)" 'BEGIN {exit !(r <= 0)}'; then
        echo "peers: $t $*: no move measured" >&2
        e=$((e + 1))
      fi
      ERR[$t]=$((ERR[$t] + e))
      if [ "$e" -gt 0 ]; then failed=1; fi
    done
  done
  for t in "${targets[@]}"; do
    if [ -z "${rates[$t]:-}" ]; then
      RATE[$t]=-1 P50[$t]=- P99[$t]=-1 MAX[$t]=- CPU[$t]=-1 GAMES[$t]=- CLIENT[$t]=-
      continue
    fi
    # shellcheck disable=SC2086
    RATE[$t]="$(median ${rates[$t]})" P50[$t]="$(median ${p50s[$t]})" P99[$t]="$(median ${p99s[$t]})"
    # shellcheck disable=SC2086
    MAX[$t]="$(median ${maxs[$t]})" CPU[$t]="$(median ${cpus[$t]})" GAMES[$t]="$(median ${games[$t]})"
    # shellcheck disable=SC2086
    CLIENT[$t]="$(median ${clients[$t]})"
  done
}

read -r -a peer_list <<<"$PEERS"
echo "# bench/peers/run.sh: $RUNS round(s), medians; node $(node --version); Colyseus's load generator: $(load_command colyseus | sed 's/ --quiet//'); uptime: $(uptime)"

# --- Saturation --------------------------------------------------------------------
echo ""
echo "## Saturation: $CONNECTIONS connections in 4-seat Letter of Marque rooms, each seat moving as soon as its view says so"
echo "# uptime: $(uptime)"
figures brethren brethren-nosync "${peer_list[@]}" -- --connections "$CONNECTIONS" --mode saturation --warmup "$WARMUP" --duration "$DURATION"
echo "| server | moves/s | p50 / p99 / max (us) | server CPU per move (us) | games | errors | load generator's CPU % |"
echo "|---|---:|---|---:|---:|---:|---:|"
for t in brethren brethren-nosync "${peer_list[@]}"; do
  echo "| $(name "$t") | ${RATE[$t]} | ${P50[$t]} / ${P99[$t]} / ${MAX[$t]} | ${CPU[$t]} | ${GAMES[$t]} | ${ERR[$t]} | ${CLIENT[$t]} |"
done
for p in "${peer_list[@]}"; do
  echo "| **Brethren / $(name "$p")** | moves/s $(ratio "${RATE[brethren]}" "${RATE[$p]}") x | p99 $(ratio "${P99[brethren]}" "${P99[$p]}") x | CPU per move $(ratio "${CPU[brethren]}" "${CPU[$p]}") x | | | |"
done
echo "# a load generator near 100 % of its core is the limit: that row's moves/s is a lower bound of the server's"

# --- Realistic ---------------------------------------------------------------------
# A peer is run at a size only if it held the one before (served >= 90 % of
# Brethren's moves there): past that, its queue only grows for the whole run.
holding=("${peer_list[@]}")
for c in $REALISTIC_CONNECTIONS; do
  echo ""
  echo "## Realistic: $c players in 4-seat rooms, think time uniform in [0.5, 1.5] x $THINK_MS ms, tables starting over $RAMP s, measured from $REALISTIC_WARMUP s for $REALISTIC_DURATION s"
  echo "# uptime: $(uptime)"
  figures brethren "${holding[@]}" -- --connections "$c" --mode realistic --think-ms "$THINK_MS" --ramp "$RAMP" \
    --warmup "$REALISTIC_WARMUP" --duration "$REALISTIC_DURATION"
  echo "| server | moves/s | p50 / p99 / max (us) | server CPU per move (us) | games | errors | load generator's CPU % | held the load |"
  echo "|---|---:|---|---:|---:|---:|---:|---|"
  echo "| $(name brethren) | ${RATE[brethren]} | ${P50[brethren]} / ${P99[brethren]} / ${MAX[brethren]} | ${CPU[brethren]} | ${GAMES[brethren]} | ${ERR[brethren]} | ${CLIENT[brethren]} | |"
  still=()
  for p in "${holding[@]}"; do
    h="$(held "${RATE[$p]}")"
    echo "| $(name "$p") | ${RATE[$p]} | ${P50[$p]} / ${P99[$p]} / ${MAX[$p]} | ${CPU[$p]} | ${GAMES[$p]} | ${ERR[$p]} | ${CLIENT[$p]} | $h |"
    if [ "$h" = yes ]; then still+=("$p"); fi
  done
  for p in "${holding[@]}"; do
    echo "| **Brethren / $(name "$p")** | | p50 $(ratio "${P50[brethren]}" "${P50[$p]}") x, p99 $(ratio "${P99[brethren]}" "${P99[$p]}") x | CPU per move $(ratio "${CPU[brethren]}" "${CPU[$p]}") x | | | | |"
  done
  for p in "${peer_list[@]}"; do
    if [[ " ${holding[*]} " == *" $p "* ]]; then continue; fi
    echo "| $(name "$p") | not run: it did not hold a smaller load | | | | | | no |"
  done
  holding=("${still[@]}")
done

# --- Idle connections --------------------------------------------------------------
# idle TARGET N: the server's memory before and after N idle connections
# (Brethren: open WebSockets, no room; boardgame.io: socket.io connections
# to the game's namespace, no match; Colyseus: clients in one room that does
# nothing, as Colyseus has no connection outside a room). Prints
# "rss_bytes_per_connection anon_bytes_per_connection open".
rss_kib() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }
idle() {
  local target="$1" count="$2" rss0 anon0 rss1 anon1 open=0 i load sources=()
  start_target "$target"
  sleep 1
  rss0="$(rss_kib "$SERVER_PID")" anon0="$(anon_kib "$SERVER_PID")"
  : >"$BENCH_TMP/idle.out"
  read -r -a load <<<"$(load_command "$target")"
  if [ "${load[0]}" != node ]; then sources=(--sources 4); fi
  "${pin_load[@]}" "${load[@]}" --port "$SERVER_PORT" --mode idle --connections "$count" --duration 600 \
    "${sources[@]}" >"$BENCH_TMP/idle.out" 2>&1 &
  load_pid=$!
  for i in $(seq 1 1200); do
    if grep -q '^idle:' "$BENCH_TMP/idle.out" || ! kill -0 "$load_pid" 2>/dev/null; then break; fi
    sleep 0.1
  done
  sleep 2
  rss1="$(rss_kib "$SERVER_PID")" anon1="$(anon_kib "$SERVER_PID")"
  open="$(sed -n 's/^idle: \([0-9]*\) connections open.*/\1/p' "$BENCH_TMP/idle.out")"
  kill "$load_pid" 2>/dev/null || true
  wait "$load_pid" 2>/dev/null || true
  load_pid=""
  stop_server
  if [ -z "$open" ] || [ "$open" != "$count" ]; then
    echo "peers: idle $target: ${open:-0} of $count connections opened:" >&2
    tail -n 5 "$BENCH_TMP/idle.out" >&2
    failed=1
    echo "-1 -1 ${open:-0}"
    return
  fi
  echo "$(((rss1 - rss0) * 1024 / count)) $(((anon1 - anon0) * 1024 / count)) $open"
}
echo ""
echo "## Idle connections: server memory per connection, (after - before) / $IDLE_CONNECTIONS connections"
echo "# uptime: $(uptime)"
echo "| server | VmRSS bytes/connection | Pss_Anon bytes/connection | open |"
echo "|---|---:|---:|---:|"
declare -A IDLE_RSS IDLE_ANON
for t in brethren "${peer_list[@]}"; do
  read -r IDLE_RSS[$t] IDLE_ANON[$t] open < <(idle "$t" "$IDLE_CONNECTIONS")
  echo "| $(name "$t") | ${IDLE_RSS[$t]} | ${IDLE_ANON[$t]} | $open |"
done
for p in "${peer_list[@]}"; do
  echo "| **Brethren / $(name "$p")** | $(ratio "${IDLE_RSS[brethren]}" "${IDLE_RSS[$p]}") x | $(ratio "${IDLE_ANON[brethren]}" "${IDLE_ANON[$p]}") x | |"
done

# What each peer's store did: lines written and fdatasyncs, per run (warm-up included).
echo ""
echo "## The peers' stores: lines appended and fdatasync calls over each whole run (several lines share one sync)"
sed 's/^/# /' "$BENCH_TMP/stores.txt" 2>/dev/null || true
echo "# uptime at end: $(uptime)"
exit "$failed"
