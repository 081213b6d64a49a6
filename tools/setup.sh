#!/usr/bin/env bash
# Installs every Debian package Brethren needs (a no-op when all are present)
# and configures the build in ./build (or $BRETHREN_BUILD_DIR).
#
#   tools/setup.sh [extra cmake arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  cmake ninja-build g++ ccache pkg-config
  libboost1.81-dev libboost-program-options1.81-dev
  libprotobuf-dev protobuf-compiler
  libspdlog-dev libsqlite3-dev libssl-dev
  # the servers' malloc (BRETHREN_ALLOCATOR, docs/performance.md)
  libjemalloc-dev
  catch2
  libbenchmark-dev
  # -DBRETHREN_IO_URING=ON: Asio's io_uring backend
  liburing-dev
  haproxy openssl
  # the rule-ID check (tools/check-rule-ids.py) and the style check
  # (tools/check-format.sh), both CTest tests
  python3 clang-format
  # tools/validate-manifests.sh: Compose's own check of docker/compose.cluster.yaml
  docker-compose
  # The cluster: its lobby in Redis through hiredis (server/cluster/lobby_redis.h) and
  # the loopback cluster test's Redis (tests/cluster/)
  libhiredis-dev redis-server
  # Accounts (server/account/, docs/accounts.md): Argon2id password hashes and
  # session tokens through libsodium
  libsodium-dev
  # The cluster's shared accounts and ratings (persistence/postgres/, docs/accounts.md
  # "Accounts in a cluster"): libpq, and the server binaries its tests start
  libpq-dev postgresql
  # tools/run-fuzz.sh: clang 14 and its libFuzzer + sanitizer runtimes
  clang libclang-rt-14-dev
  # brethren-load's client of Colyseus (bench/load/colyseus_protocol.h, docs/peers.md):
  # msgpuck reads msgpack (libmsgpack-cxx-dev would pull Boost 1.74's libboost-dev,
  # which conflicts with libboost1.81-dev)
  libmsgpuck-dev
)
# The web client (web/, tools/build-web.sh), its browser tests and the peers'
# benchmark (bench/peers/, whose scripts npm ci from its lock file): Debian's
# Chromium with an emoji font for the cards' symbols, and Node with npm unless a node
# is installed already (Debian 12's nodejs is 18: esbuild, protoc-gen-es 2.6 and
# Playwright 1.56 accept it).
PACKAGES+=(chromium fonts-noto-color-emoji)
if ! command -v node >/dev/null 2>&1; then PACKAGES+=(nodejs npm); fi

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null
fi

build_dir="${BRETHREN_BUILD_DIR:-build}"
cmake -S . -B "$build_dir" -G Ninja "$@" >/dev/null
echo "setup: configured $build_dir"
