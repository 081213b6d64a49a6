#!/usr/bin/env bash
# Fails when a C++ file of the project differs from what clang-format makes of
# it (the style is .clang-format at the root). Fix with: tools/check-format.sh --fix
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "check-format: clang-format is missing (tools/setup.sh installs it)" >&2; exit 1; }
mapfile -t files < <(git ls-files '*.cc' '*.h' | grep -v '^web/')
if [ "${1:-}" = --fix ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
if clang-format --dry-run --Werror "${files[@]}"; then
  echo "check-format: ${#files[@]} files follow .clang-format"
else
  echo "check-format: the files above differ from .clang-format (fix: tools/check-format.sh --fix)" >&2
  exit 1
fi
