#!/usr/bin/env bash
# Early stopping (issue 33): each experiment trained for EPOCHS epochs, then the same with
# training.early_stopping (patience PATIENCE on METRIC, val_loss by default). Prints the
# epochs each ran, their training time, and the validation accuracy of the model each run
# ends with (its best epoch's, checkpoints/best.pt) and of its last epoch. EARLY_ONLY=1
# skips the full runs (to try other patiences against the same baseline).
# Usage: [METRIC=val_accuracy] [EARLY_ONLY=1] bench/early_stopping.sh [BUILD_DIR] [EPOCHS]
#        [PATIENCE] [EXPERIMENTS...]   (build/release, 30, 3, fashion_mlp fashion_lenet)
set -euo pipefail
build=${1:-build/release}
epochs=${2:-30}
patience=${3:-3}
metric=${METRIC:-val_loss}
shift $(($# > 3 ? 3 : $#))
experiments=("$@")
[[ ${#experiments[@]} -eq 0 ]] && experiments=(fashion_mlp fashion_lenet)
source "$(dirname "$0")/technique_runs.sh"

row() {  # $1: experiment, $2: folder, $3: what
  /usr/bin/python3 - "$out/$2" "$1" "$3" <<'PY'
import glob, json, sys
info = json.load(open(glob.glob(sys.argv[1] + "/*/run.json")[0]))
stop = info.get("early_stopping", {})
print("| %s | %s | %d | %.0f s | %.2f%% (epoch %d) | %.2f%% |" % (
    sys.argv[2], sys.argv[3], info["epochs_completed"], info["train_seconds"],
    100 * info["best_val_accuracy"], info["best_epoch"], 100 * info["final_val_accuracy"]))
PY
}

echo "$epochs epochs, or early stopping with patience $patience on $metric; $(nproc) cores, threads 2"
echo
echo "| experiment | run | epochs | training time | the run's model: val accuracy | last epoch's |"
echo "|---|---|---|---|---|---|"
for experiment in "${experiments[@]}"; do
  if [[ -z ${EARLY_ONLY:-} ]]; then
    run "$experiment" "$experiment-all"
    row "$experiment" "$experiment-all" "all $epochs epochs (best by val accuracy)"
  fi
  run "$experiment" "$experiment-early" --set training.early_stopping.patience="$patience" \
    --set training.early_stopping.metric="$metric"
  row "$experiment" "$experiment-early" "patience $patience on $metric"
done
