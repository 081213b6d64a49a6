#!/usr/bin/env bash
# Installs what is missing, builds, and runs brethren-server on its embedded
# defaults (ws://0.0.0.0:8080/ws, database ./data/brethren.db), serving the
# browser client from build/server/web. Extra
# arguments go to the server (see --help).
set -euo pipefail
cd "$(dirname "$0")/.."
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1  # as in run-tests.sh
BRETHREN_BUILD_DIR=build tools/setup.sh
cmake --build build -j "$(nproc)" --target brethren-server
# The browser client (web/): npm ci when its lock file changed, then the
# bundle, copied beside the binary where the server finds it.
BRETHREN_BUILD_DIR=build tools/build-web.sh
# The address to open, once the server listens (it prints the port it got).
build/server/brethren-server "$@" | while IFS= read -r line; do
  echo "$line"
  case "$line" in
    "listening on ws://"*)
      address="${line#listening on ws://}"
      port="${address##*:}"
      port="${port%%/*}"
      host="${address%:*}"
      case "$host" in 0.0.0.0|"[::]"|::) host=localhost ;; esac
      echo "run-server: open http://$host:$port/ in a browser"
      ;;
  esac
done
