#!/usr/bin/env bash
# Tests of the web client: builds the bundle, starts the real brethren-server
# on a free loopback port with a fresh database, runs the unit tests of the
# view-to-screen helpers (node --test), then Playwright with Debian's
# /usr/bin/chromium against the server.
#
#   tools/run-browser-tests.sh [playwright args]     # BRETHREN_BUILD_DIR=build
#   BRETHREN_UPDATE_DOC_IMAGES=1 tools/run-browser-tests.sh   # also refresh docs/images
# Screenshots (1280x800 and 390x844) and metrics.json per game: web/test-results/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build_dir="${BRETHREN_BUILD_DIR:-build}"
server="$root/$build_dir/server/brethren-server"
[ -x "$server" ] || { echo "run-browser-tests: $server not built" >&2; exit 1; }
[ -x /usr/bin/chromium ] || { echo "run-browser-tests: /usr/bin/chromium missing (tools/setup.sh installs it)" >&2; exit 1; }

tools/build-web.sh

tmp=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

# Waits for the first line of $1 matching $2 and prints it.
wait_for_line() {
  for _ in $(seq 1 100); do
    if line=$(grep -m1 -E "$2" "$1" 2>/dev/null); then echo "$line"; return 0; fi
    sleep 0.1
  done
  echo "run-browser-tests: no '$2' in $1:" >&2; cat "$1" >&2; return 1
}

# Search bots ("hard" is the default kind a room adds) think for 2 % of their
# budget here (20 ms instead of 1 s): whole matches against them stay short
# on a loaded machine; their strength is measured by brethren-arena instead.
# --bot-nice 10: the default idle class would starve them behind this
# machine's other test jobs. Every browser context makes a guest account
# (web/README.md), more than the 30 one address may make at once. Quick
# play's bots come after 8 s, not 30 (lobby-account.spec.ts).
"$server" --port 0 --bind 127.0.0.1 --db "$tmp/brethren.db" --web-root "$root/web/dist" --bot-time-scale 0.02 --bot-nice 10 --guests-per-address 1000 --quickplay-bot-fill-ms 8000 >"$tmp/server.log" 2>&1 &
pids+=($!)
ws_url=$(wait_for_line "$tmp/server.log" 'listening on ws://' | sed -E 's/.*(ws:\/\/[^ ]+).*/\1/')
port=$(echo "$ws_url" | sed -E 's/.*:([0-9]+)\/ws/\1/')
# The pages come from the server itself, as for a person.
export BRETHREN_WEB_URL="http://127.0.0.1:$port/"
unset BRETHREN_WS_URL
echo "run-browser-tests: server $ws_url, pages from $BRETHREN_WEB_URL"

cd web
npm run --silent test:unit
npx playwright test "$@"
