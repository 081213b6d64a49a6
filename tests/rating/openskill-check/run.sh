#!/usr/bin/env bash
# CTest's "rating: equals the openskill npm package" (tests/rating/CMakeLists.txt):
# generates the cases with the package and has the C++ test rate them.
# Skipped (exit 77) where node or the package is not installed;
# tools/run-tests.sh installs it (install.sh).
#
#   tests/rating/openskill-check/run.sh <rating_tests binary>
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
binary="$1"
if ! command -v node >/dev/null || [ ! -f "$here/node_modules/openskill/package.json" ]; then
  echo "SKIPPED: needs node and tests/rating/openskill-check/node_modules (tests/rating/openskill-check/install.sh)"
  exit 77
fi
cases="$(mktemp)"
trap 'rm -f "$cases"' EXIT
node "$here/generate.mjs" >"$cases"
BRETHREN_OPENSKILL_CASES="$cases" "$binary" "[openskill]"
