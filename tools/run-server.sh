#!/usr/bin/env bash
# Installs what is missing, builds, and runs brethren-server on its embedded
# defaults (ws://0.0.0.0:8080/ws, database ./data/brethren.db). Extra
# arguments go to the server (see --help).
set -euo pipefail
cd "$(dirname "$0")/.."
BRETHREN_BUILD_DIR=build tools/setup.sh
cmake --build build -j "$(nproc)" --target brethren-server
exec build/server/brethren-server "$@"
