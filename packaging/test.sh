#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (CTest: GoogleTest engine
# suites, trainscope-cli tests). Extra arguments go to ctest, e.g. -R Training.
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/setup.sh
build_dir=${BUILD_DIR:-build/release}
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
ctest --test-dir "$build_dir" --output-on-failure --timeout 900 "$@"
