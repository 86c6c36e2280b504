#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (CTest: GoogleTest engine
# suites, trainscope-cli tests, the crash tests, layering and format), then a short
# run of every fuzz target. Extra arguments go to ctest, e.g. -R Training (and skip
# the fuzzing).
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/setup.sh
build_dir=${BUILD_DIR:-build/release}
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
ctest --test-dir "$build_dir" --output-on-failure --timeout 900 "$@"
# A short bounded run of each fuzz target (tens of seconds in all); docs/fuzzing.md.
if [[ $# -eq 0 ]]; then
  packaging/fuzz.sh "${FUZZ_SECONDS:-8}"
fi
