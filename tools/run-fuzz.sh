#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/) with clang in ./build-fuzz (or
# $BRETHREN_FUZZ_BUILD_DIR) and runs each for a short time on a copy of its
# seed corpus, so nothing new is ever written into the repository. Fails on
# any crash, leak, timeout or sanitizer report; prints one line per target.
#
#   tools/run-fuzz.sh [seconds-per-target]     (default 20)
#
# A failing input is kept in <build dir>/fuzz-artifacts/ and printed in
# base64; reproduce with <build dir>/tests/fuzz/<target> <file>.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
build_dir="${BRETHREN_FUZZ_BUILD_DIR:-build-fuzz}"
targets=(fuzz_client_frame fuzz_state_load fuzz_apply_action fuzz_http_request)

CC=clang CXX=clang++ BRETHREN_BUILD_DIR="$build_dir" tools/setup.sh \
  -DBRETHREN_FUZZ=ON -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++
cmake --build "$build_dir" -j "$(nproc)" --target "${targets[@]}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
artifacts="$build_dir/fuzz-artifacts"
mkdir -p "$artifacts"
failed=0
for target in "${targets[@]}"; do
  mkdir -p "$work/$target"
  cp -r "tests/fuzz/corpus/$target/." "$work/$target/"
  status=ok
  if ! "$build_dir/tests/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$artifacts/$target-" "$work/$target" >"$work/$target.log" 2>&1; then
    status=FAILED
    failed=1
    tail -n 80 "$work/$target.log"
    for f in "$artifacts/$target-"*; do
      [ -f "$f" ] && echo "run-fuzz: $f (base64): $(base64 -w0 "$f")"
    done
  fi
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$target.log")"
  rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$work/$target.log")"
  echo "run-fuzz: $target: $status, ${execs:-0} executions in ${seconds} s (${rate:-0}/s)," \
       "corpus $(find "$work/$target" -type f | wc -l) inputs"
done
if [ "$failed" -ne 0 ]; then
  echo "run-fuzz: FAILED"
  exit 1
fi
echo "run-fuzz: ${#targets[@]} targets, 0 crashes"
