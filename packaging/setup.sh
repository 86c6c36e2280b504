#!/usr/bin/env bash
# Installs the Debian packages Trainscope needs (only the missing ones), then
# configures and builds it with Ninja and ccache.
#   packaging/setup.sh               install + build (build/release)
#   SKIP_INSTALL=1 packaging/setup.sh  build only
#   BUILD_DIR=... PRESET=debug ...   another build folder or preset
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
preset=${PRESET:-release}
build_dir=${BUILD_DIR:-$root/build/$preset}

if [[ ${SKIP_INSTALL:-0} != 1 ]]; then
  mapfile -t wanted < <(grep -v '^\s*#' packaging/packages.txt | grep -v '^\s*$')
  missing=()
  for pkg in "${wanted[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [[ $status == "install ok installed" ]] || missing+=("$pkg")
  done
  if ((${#missing[@]})); then
    echo "setup: installing ${#missing[@]} package(s): ${missing[*]}"
    sudo=""
    [[ $(id -u) -eq 0 ]] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
  else
    echo "setup: all ${#wanted[@]} Debian packages are installed"
  fi
fi

jobs=${JOBS:-2}
echo "setup: configuring $build_dir"
cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=$([[ $preset == debug ]] && echo Debug || echo Release) \
  ${CMAKE_ARGS:-} >/dev/null
echo "setup: building with $jobs jobs (ccache makes rebuilds fast)"
cmake --build "$build_dir" -j "$jobs"
