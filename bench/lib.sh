# Shared by tools/run-bench-smoke.sh and bench/run-figures.sh (sourced).
# Starts servers on a free loopback port and reads their memory.

# SIGTERM stops the servers at once: a benchmark's matches are left live on
# purpose and need no drain (docs/operations.md).
export BRETHREN_DRAIN_GRACE="${BRETHREN_DRAIN_GRACE:-0}"

# start_server NAME COMMAND...: starts COMMAND in the background with its
# stdout in $BENCH_TMP/NAME.out and its stderr in $BENCH_TMP/NAME.log, waits
# for its "listening on ws://ADDR:PORT/ws" line and sets SERVER_PID and
# SERVER_PORT.
start_server() {
  local name="$1"
  shift
  : >"$BENCH_TMP/$name.out"
  "$@" >"$BENCH_TMP/$name.out" 2>"$BENCH_TMP/$name.log" &
  SERVER_PID=$!
  SERVER_PORT=""
  local i
  for i in $(seq 1 600); do
    SERVER_PORT="$(sed -n 's|^listening on ws://.*:\([0-9]*\)/ws$|\1|p' "$BENCH_TMP/$name.out" | head -n 1)"
    if [ -n "$SERVER_PORT" ]; then return 0; fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then break; fi
    sleep 0.1
  done
  echo "bench: $name did not start; its log:" >&2
  tail -n 20 "$BENCH_TMP/$name.log" >&2
  return 1
}

# stop_server: SIGTERM to the server started last, and wait for it.
stop_server() {
  if [ -n "${SERVER_PID:-}" ]; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
  fi
}

# anon_kib PID: the process's proportional anonymous memory (heap, stacks) in KiB.
anon_kib() {
  awk '/^Pss_Anon:/ {print $2}' "/proc/$1/smaps_rollup"
}

# summary_field LINE KEY: the value of KEY=... in a brethren-load summary line.
summary_field() {
  tr ' ' '\n' <<<"$1" | sed -n "s/^$2=//p"
}
