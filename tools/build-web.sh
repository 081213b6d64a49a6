#!/usr/bin/env bash
# Builds the web client into web/dist (hashed assets, precompressed .gz for
# JS and CSS) and, when a server build exists, copies it to build/server/web,
# the server's default web root (<binary dir>/web).
#
#   tools/build-web.sh            # BRETHREN_BUILD_DIR=build by default
set -euo pipefail
cd "$(dirname "$0")/../web"

# npm ci only when package-lock.json changed since the last install.
stamp=node_modules/.brethren-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi

npm run --silent build

build_dir="${BRETHREN_BUILD_DIR:-build}"
case "$build_dir" in /*) ;; *) build_dir="../$build_dir" ;; esac
if [ -d "$build_dir/server" ]; then
  rm -rf "$build_dir/server/web"
  cp -r dist "$build_dir/server/web"
  echo "build-web: copied web/dist to $build_dir/server/web"
fi
