#!/usr/bin/env bash
# Installs what is missing, builds, and starts Trainscope on Fashion-MNIST with the
# default experiment (LeNet). With a display it opens the desktop app; without one it
# trains the same experiment with trainscope-cli. Extra arguments go to the program.
set -euo pipefail
cd "$(dirname "$0")/.."
packaging/setup.sh
build_dir=${BUILD_DIR:-build/release}
preset=resources/experiments/fashion_lenet.json

if [[ -n ${DISPLAY:-}${WAYLAND_DISPLAY:-} && -x $build_dir/src/ui/trainscope ]]; then
  exec "$build_dir/src/ui/trainscope" --experiment "$preset" "$@"
fi
echo "run: no display; training the default experiment with trainscope-cli"
exec "$build_dir/src/cli/trainscope-cli" train --config "$preset" "$@"
