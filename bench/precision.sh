#!/usr/bin/env bash
# Mixed precision (issue 33): each experiment trained EPOCHS epochs in float32, then the same
# with training.precision bf16 (the forward pass under autocast in bfloat16). Prints each
# run's training time, its median throughput over the steps, and its validation accuracy
# after the same epochs, with the bf16 run's ratios to the float32 run's. Whether bf16 can
# pay depends on the CPU's native bfloat16 instructions: `trainscope-cli doctor` says.
# Usage: [STEPS=N] bench/precision.sh [BUILD_DIR] [EPOCHS] [EXPERIMENTS...]
#        (build/release, 5, fashion_mlp fashion_lenet); STEPS ends each run after N steps.
set -euo pipefail
build=${1:-build/release}
epochs=${2:-5}
shift $(($# > 2 ? 2 : $#))
experiments=("$@")
[[ ${#experiments[@]} -eq 0 ]] && experiments=(fashion_mlp fashion_lenet)
limit=()
[[ -n ${STEPS:-} ]] && limit=(--set training.max_steps="$STEPS")
source "$(dirname "$0")/technique_runs.sh"

row() {  # $1: experiment, $2: folder, $3: what, $4: the float32 run's folder
  PYTHONPATH="$(dirname "$0")/python" /usr/bin/python3 - "$out/$2" "$1" "$3" "$out/$4" <<'PY'
import sys
import numpy as np
from technique_run import read_run
def read(folder):
    info, steps, epochs = read_run(folder)
    return info, float(np.median(steps["samples_per_sec"])), epochs["val_accuracy"]
info, speed, acc = read(sys.argv[1])
base, baseSpeed, baseAcc = read(sys.argv[4])
print("| %s | %s | %.0f s (%.2fx) | %.0f samples/s (%.2fx) | %.2f%% (%+.2f) |" % (
    sys.argv[2], sys.argv[3], info["train_seconds"], info["train_seconds"] / base["train_seconds"],
    speed, speed / baseSpeed, 100 * acc[-1], 100 * (acc[-1] - baseAcc[-1])))
PY
}

"$cli" doctor 2>/dev/null | grep -E "matmul" || true
echo
echo "$epochs epochs; $(nproc) cores, threads 2"
echo
echo "| experiment | precision | training time | median step throughput | last val accuracy |"
echo "|---|---|---|---|---|"
for experiment in "${experiments[@]}"; do
  run "$experiment" "$experiment-fp32" "${limit[@]}"
  row "$experiment" "$experiment-fp32" "fp32" "$experiment-fp32"
  run "$experiment" "$experiment-bf16" --set training.precision=bf16 "${limit[@]}"
  row "$experiment" "$experiment-bf16" "bf16" "$experiment-fp32"
done
