#!/usr/bin/env bash
# Weight averaging (issue 33): each experiment trained EPOCHS epochs plainly, then the same
# with training.ema_decay at each of DECAYS. Averaging draws nothing from the generator, so
# the trained weights of every run follow the same path (the script checks it) and the
# average is compared with them epoch by epoch, in one run. Prints the training time of
# each run (the average's update and second validation pass included), the best and last
# validation accuracy of the trained weights and of the average.
# Usage: [DECAYS="0.99 0.999"] [SET="scheduler.name=constant ..."] bench/weight_average.sh
#        [BUILD_DIR] [EPOCHS] [EXPERIMENTS...]   (build/release, 10, fashion_mlp fashion_lenet);
#        SET's assignments apply to every run.
set -euo pipefail
build=${1:-build/release}
epochs=${2:-10}
shift $(($# > 2 ? 2 : $#))
experiments=("$@")
[[ ${#experiments[@]} -eq 0 ]] && experiments=(fashion_mlp fashion_lenet)
read -r -a decays <<< "${DECAYS:-0.99 0.999}"
extra=()
for assignment in ${SET:-}; do extra+=(--set "$assignment"); done
source "$(dirname "$0")/technique_runs.sh"

row() {  # $1: experiment, $2: folder, $3: what, $4: the plain run's folder
  PYTHONPATH="$(dirname "$0")/python" /usr/bin/python3 - "$out/$2" "$1" "$3" "$out/$4" <<'PY'
import sys
import numpy as np
from technique_run import read_run
def read(folder):
    info, _, epochs = read_run(folder)
    return info, epochs
info, m = read(sys.argv[1])
_, plain = read(sys.argv[4])
same = np.array_equal(m["val_accuracy"], plain["val_accuracy"])
raw, ema = 100 * m["val_accuracy"], 100 * m["ema_val_accuracy"]
cells = ["%.0f s" % info["train_seconds"], "%.2f%% / %.2f%%" % (raw.max(), raw[-1])]
cells.append("%.2f%% / %.2f%%" % (ema.max(), ema[-1]) if np.isfinite(ema).all() else "-")
cells.append(" ".join("%+.2f" % d for d in ema - raw) if np.isfinite(ema).all() else "-")
print("| %s | %s | %s | %s |" % (sys.argv[2], sys.argv[3], " | ".join(cells), "yes" if same else "NO"))
PY
}

echo "$epochs epochs ${SET:-}; $(nproc) cores, threads 2"
echo
echo "| experiment | run | training time | trained weights: best / last val acc | average: best / last |" \
  "average - trained, each epoch (points) | trained weights as the plain run's |"
echo "|---|---|---|---|---|---|---|"
for experiment in "${experiments[@]}"; do
  run "$experiment" "$experiment-plain" "${extra[@]}"
  row "$experiment" "$experiment-plain" "plain" "$experiment-plain"
  for decay in "${decays[@]}"; do
    run "$experiment" "$experiment-$decay" --set training.ema_decay="$decay" "${extra[@]}"
    row "$experiment" "$experiment-$decay" "ema_decay $decay" "$experiment-plain"
  done
done
