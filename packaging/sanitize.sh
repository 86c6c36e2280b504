#!/usr/bin/env bash
# The engine tests and the CLI's crash tests under AddressSanitizer and
# UndefinedBehaviorSanitizer (the `asan` preset). Slower than CI's budget allows for
# every run, so run by hand; the last result is in docs/fuzzing.md.
#   packaging/sanitize.sh [ctest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset asan >/dev/null
cmake --build --preset asan
# LibTorch and OpenBLAS are not instrumented: their allocations are not ASan's to
# track for leaks at exit (the OpenMP pool lives to the end); everything else is.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir build/asan --output-on-failure --timeout 1800 -E '^(ui|widgets|format|layering.*)$' "$@"
