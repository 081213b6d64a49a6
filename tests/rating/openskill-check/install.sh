#!/usr/bin/env bash
# Installs the openskill npm package the rating test compares with, pinned by
# package-lock.json; `npm ci` runs only when that file changed since the last
# install (as tools/build-web.sh does for web/).
set -euo pipefail
cd "$(dirname "$0")"
stamp=node_modules/.brethren-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
