#!/usr/bin/env bash
# Builds the Debian package (CPack, cmake/Packaging.cmake) from a build folder and
# prints its path:
#   packaging/make_deb.sh [BUILD_DIR]      (default build/release; builds it first)
# Install it with `sudo apt install ./build/release/package/trainscope_*.deb`, which
# also brings its dependencies (dpkg -i does not).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-${BUILD_DIR:-build/release}}
[[ -f $build_dir/CMakeCache.txt ]] || SKIP_INSTALL=${SKIP_INSTALL:-0} BUILD_DIR=$build_dir packaging/setup.sh >&2
cmake --build "$build_dir" -j "${JOBS:-2}" >&2
rm -f "$build_dir"/package/trainscope_*.deb
(cd "$build_dir" && cpack -G DEB) >&2
ls "$build_dir"/package/trainscope_*.deb
