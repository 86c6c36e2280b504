#!/usr/bin/env bash
# Times a cold build (no ccache, empty build folder) of the tracked tree as it is in
# the work tree, as CI and a new user build it: configure, then everything (app,
# CLI, tests, benchmarks) with 2 jobs. Prints the wall time and where it went.
#   bench/cold_build.sh [JOBS]
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${1:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git ls-files -co --exclude-standard | tar cf - -T - | tar xf - -C "$work"
export CCACHE_DISABLE=1
start=$(date +%s.%N)
cmake -S "$work" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
configured=$(date +%s.%N)
cmake --build "$work/build" -j "$jobs" >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
built=$(date +%s.%N)
awk -v j="$jobs" -v s="$start" -v c="$configured" -v b="$built" \
  'BEGIN { printf "cold build, %s jobs: configure %.0f s, build %.0f s, total %.0f s\n", j, c - s, b - c, b - s }'
awk 'NR > 1 { t += ($2 - $1) / 1000; n++ } END { printf "%d steps, %.0f s of compiler time in all\n", n, t }' "$work/build/.ninja_log"
echo "longest steps (s):"
awk 'NR > 1 { printf "%7.1f %s\n", ($2 - $1) / 1000, $4 }' "$work/build/.ninja_log" | sort -rn | head -12
