#!/usr/bin/env bash
# Suspect labels against planted flips (issue 13): Fashion-MNIST, the default LeNet
# preset, 3 epochs, dataset.label_noise=0.1. The engine's suspects come from the
# training run itself (samples.h5, no extra pass); the baseline is a 2-fold
# out-of-sample margin in Python on the same noisy labels. Prints precision@K (K = the
# number of flips), what samples.h5 cost the run, and the baseline's time.
#   bench/label_noise.sh [--threads 2]
set -euo pipefail
cd "$(dirname "$0")/.."
threads=2
while (($#)); do
  case $1 in
    --threads) threads=$2; shift 2 ;;
    *) echo "unknown option $1"; exit 2 ;;
  esac
done
build=${BUILD_DIR:-build/release}
cli=$build/src/cli/trainscope-cli
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$cli" train -q --config resources/experiments/fashion_lenet.json --out "$out" --set epochs=3 \
  --set threads="$threads" --set dataset.label_noise=0.1 >/dev/null
run=$(ls -d "$out"/*/ | head -1)
k=$(/usr/bin/python3 -c 'import h5py,sys; print(len(h5py.File(sys.argv[1] + "/samples.h5")["label_noise/flipped"]))' "$run")
engine=$("$cli" suspects "$run" --top "$k" | tail -1)
/usr/bin/python3 - "$run" <<'PY'
import json, sys
info = json.load(open(sys.argv[1] + "/run.json"))
t, s = info["train_seconds"], info["samples_seconds"]
print(f"engine training: {t:.1f} s for 3 epochs; samples.h5 (recording + writing): {s:.2f} s = {100 * s / t:.2f}% of it")
PY
echo "engine suspects: $engine"
baseline=$(/usr/bin/python3 bench/python/label_noise_baseline.py "$run" --threads "$threads")
echo "2-fold baseline (Python): $baseline"
