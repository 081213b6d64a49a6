#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test: first the
# normal build (and every benchmark in smoke mode), then the same tests under
# AddressSanitizer + UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="$(nproc)"
# ccache hits across clones and folders: paths under the repository are
# hashed relative to it (a fresh clone reuses the last clone's objects).
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
# Counts from ctest's own summary ("... 0 tests failed out of N").
passed_in() { sed -n 's/.* tests failed out of \([0-9]*\).*/\1/p' "$1" | tail -n 1; }

BRETHREN_BUILD_DIR=build tools/setup.sh
# The openskill npm package the rating test compares with (tests/rating/).
tests/rating/openskill-check/install.sh
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs" 2>&1 | tee "$logs/normal.txt"
# Every benchmark for a few seconds (docs/performance.md): they must run and
# report no errors; their speed is not judged here.
tools/run-bench-smoke.sh 2>&1 | tee "$logs/bench.txt"
bench_passed="$(sed -n 's/^run-bench-smoke: \([0-9]*\) passed.*/\1/p' "$logs/bench.txt")"
# The web client in Debian's Chromium against the real server: unit tests of
# its view-to-screen helpers, then a whole match of each game (web/tests/).
tools/run-browser-tests.sh 2>&1 | tee "$logs/browser.txt"
browser_passed="$(sed -n 's/^ *\([0-9]*\) passed (.*/\1/p' "$logs/browser.txt" | tail -n 1)"

# Sanitizers: same tests, fewer random games (they run ~10x slower; the
# normal run above plays the full 1000 per game with 100 checked at every
# step). Here 50 games, one checked at every step per seat count (those
# checks were most of a Port Royal run: 4.8 CPU-minutes with 3 per seat
# count, 1.7 with 1), and a sample of the corrupt-state checks (every 8th
# truncation and tail bit, 200 random flips: all of them took ~450 s per
# Port Royal game; the normal run does them all).
BRETHREN_BUILD_DIR=build-asan tools/setup.sh -DBRETHREN_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
cmake --build build-asan -j "$jobs"
BRETHREN_CONFORMANCE_GAMES=50 BRETHREN_CONFORMANCE_DEEP=4 BRETHREN_CONFORMANCE_STRIDE=8 BRETHREN_CONFORMANCE_FLIPS=200 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs" 2>&1 | tee "$logs/asan.txt"

# Fuzzing (tests/fuzz/, docs/security.md): each libFuzzer target for a few
# seconds on a copy of its seed corpus; any crash fails the run.
tools/run-fuzz.sh "${BRETHREN_FUZZ_SECONDS:-15}" 2>&1 | tee "$logs/fuzz.txt"
fuzz_passed="$(grep -c '^run-fuzz: fuzz_[a-z_]*: ok,' "$logs/fuzz.txt")"

# The Docker image, end to end (needs root: it installs and starts a local
# engine with ../shared/tools/docker-host.sh). BRETHREN_SKIP_DOCKER_TEST=1 skips it.
docker_passed=0
if [ "${BRETHREN_SKIP_DOCKER_TEST:-0}" = 1 ]; then
  echo "run-tests: skipping tests/docker/docker_test.sh (BRETHREN_SKIP_DOCKER_TEST=1)"
else
  tests/docker/docker_test.sh
  docker_passed=1
fi

total=$(( $(passed_in "$logs/normal.txt") + bench_passed + browser_passed + $(passed_in "$logs/asan.txt") + fuzz_passed + docker_passed ))
echo "run-tests: $total passed, 0 failed"
