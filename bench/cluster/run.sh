#!/usr/bin/env bash
# Load through the cluster's proxy (docs/scaling.md): brethren-load plays
# complete games in saturation mode against one node directly, then through
# HAProxy (docker/cluster/haproxy.cfg) in front of 1 node and of 3 nodes
# (each table's connections routed to one node with /ws?room=<node
# character>, the lobby joined through Redis), and prints moves/s and round
# trip percentiles side by side. Everything on loopback.
#
# On a machine with few cores the three nodes, HAProxy and the load generator
# share them: the figure shows what the proxy costs, not how far more
# machines scale.
#
#   bench/cluster/run.sh          (after a build of brethren-server and brethren-load in ./build)
#
# Environment: BRETHREN_BUILD_DIR (build), DURATION (10 s), WARMUP (2 s),
# CONNECTIONS (200), GAME (letter-of-marque), SEATS (4), THREADS (1 per node).
set -euo pipefail
# SIGTERM stops the nodes at once: their matches are left live on purpose.
export BRETHREN_DRAIN_GRACE="${BRETHREN_DRAIN_GRACE:-0}"
cd "$(dirname "$0")/../.."
build="${BRETHREN_BUILD_DIR:-build}"
DURATION="${DURATION:-10}"
WARMUP="${WARMUP:-2}"
CONNECTIONS="${CONNECTIONS:-200}"
GAME="${GAME:-letter-of-marque}"
SEATS="${SEATS:-4}"
THREADS="${THREADS:-1}"
server="$build/server/brethren-server"
load="$build/bench/brethren-load"
for tool in "$server" "$load" /usr/sbin/haproxy "$(command -v redis-server || true)"; do
  if [ ! -x "$tool" ]; then echo "bench/cluster: missing ${tool:-redis-server} (build it, or run tools/setup.sh)" >&2; exit 1; fi
done
tmp="$(mktemp -d)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() {
  local i
  for i in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "bench/cluster: nothing listens on port $1" >&2
  return 1
}

redis_port="$(free_port)"
redis-server --bind 127.0.0.1 --port "$redis_port" --save "" --appendonly no --dir "$tmp" >"$tmp/redis.log" 2>&1 &
pids+=($!)
wait_port "$redis_port"

node_ports=("$(free_port)" "$(free_port)" "$(free_port)")
node_pids=()
start_nodes() {  # start_nodes N: nodes 0..N-1 on fresh databases
  node_pids=()
  local n
  for n in $(seq 0 $(($1 - 1))); do
    mkdir -p "$tmp/run$RUN/node$n"
    "$server" --bind 127.0.0.1 --port "${node_ports[$n]}" --db "$tmp/run$RUN/node$n/brethren.db" --threads "$THREADS" \
      --node-id "$n" --lobby-redis "127.0.0.1:$redis_port" --proxy-protocol-from 127.0.0.3 \
      --rate-limit 100000 --rate-burst 100000 --max-connections-per-address 0 --max-rooms-per-connection 100000 \
      --max-rooms-per-address 1000000 --rooms-per-address-per-minute 1000000 --log-level warn \
      >"$tmp/node$n.out" 2>"$tmp/node$n.log" &
    node_pids+=($!)
    pids+=($!)
    wait_port "${node_ports[$n]}"
  done
}
stop_nodes() {
  local p
  for p in "${node_pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  node_pids=()
}

proxy_port="$(free_port)"
start_proxy() {
  BRETHREN_PROXY_BIND="127.0.0.1:$proxy_port" BRETHREN_PROXY_SOURCE=127.0.0.3 \
    BRETHREN_NODE0_ADDR="127.0.0.1:${node_ports[0]}" BRETHREN_NODE1_ADDR="127.0.0.1:${node_ports[1]}" \
    BRETHREN_NODE2_ADDR="127.0.0.1:${node_ports[2]}" \
    /usr/sbin/haproxy -db -C docker/cluster -f haproxy.cfg >"$tmp/haproxy.log" 2>&1 &
  proxy_pid=$!
  pids+=($!)
  wait_port "$proxy_port"
  sleep 2  # health checks: nodes that are not running go down
}
stop_proxy() { kill "$proxy_pid" 2>/dev/null || true; wait "$proxy_pid" 2>/dev/null || true; }

run_load() {  # run_load LABEL PORT ROUTE_NODES
  local out
  out="$("$load" --port "$2" --route-nodes "$3" --game "$GAME" --seats "$SEATS" -c "$CONNECTIONS" --duration "$DURATION" \
    --warmup "$WARMUP" --ramp 1 -q | grep '^summary:')" || { echo "bench/cluster: $1 failed: $out" >&2; return 1; }
  printf '%-28s %s\n' "$1" "$out"
}

echo "bench/cluster: $CONNECTIONS connections, $GAME with $SEATS seats, saturation, ${DURATION}s measured, $THREADS thread(s) per node, $(nproc) cores"
RUN=1; start_nodes 1
run_load "1 node, direct" "${node_ports[0]}" 0
start_proxy
run_load "1 node, through HAProxy" "$proxy_port" 1
stop_proxy; stop_nodes
RUN=2; start_nodes 3; start_proxy
run_load "3 nodes, through HAProxy" "$proxy_port" 3
stop_proxy; stop_nodes
