#!/usr/bin/env bash
# The imagefolder_fast preset against the same model and recipe in Python PyTorch, on
# generated folders of 2,000 JPEGs in 10 classes (bench/python/make_image_folder.py:
# shapes, learnable; gradients, the loader benchmark's hard one). Prints a markdown
# table: best/final validation accuracy, training time and samples/s.
#   bench/fast_preset.sh [--threads 2] [--epochs 25] [--size 64] [--kinds "shapes gradients"]
set -euo pipefail
cd "$(dirname "$0")/.."
threads=2 epochs=25 size=64 kinds="shapes gradients"
while (($#)); do
  case $1 in
    --threads) threads=$2; shift 2 ;;
    --epochs) epochs=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --kinds) kinds=$2; shift 2 ;;
    *) echo "unknown option $1"; exit 2 ;;
  esac
done
build=${BUILD_DIR:-build/release}
py=/usr/bin/python3
out=bench/out/fast
mkdir -p "$out"
echo "| folder | side | best val acc | final val acc | training time | samples/s |"
echo "|---|---|---|---|---|---|"
for kind in $kinds; do
  folder=$out/$kind-2000
  $py bench/python/make_image_folder.py "$folder" --images 2000 --kind "$kind" >/dev/null
  rm -rf "$out/runs"
  start=$(date +%s.%N)
  "$build/src/cli/trainscope-cli" train -q --config resources/experiments/imagefolder_fast.json --out "$out/runs" \
    --set dataset.root="$folder" --set threads="$threads" --set epochs="$epochs" --set model.image_size="$size" \
    >/dev/null
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  run=$(ls -d "$out"/runs/*/ | head -1)
  $py - "$run/run.json" "$kind" "$wall" "$epochs" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
n = r["dataset"]["train_samples"] * int(sys.argv[4])
print(f"| {sys.argv[2]} | engine | {100 * r['best_val_accuracy']:.1f}% | {100 * r['final_val_accuracy']:.1f}% "
      f"| {r['train_seconds']:.0f} s train, {float(sys.argv[3]):.0f} s wall | {n / r['train_seconds']:.0f} |")
PY
  start=$(date +%s.%N)
  r=$($py bench/python/imagefolder_fast.py "$folder" --epochs "$epochs" --size "$size" --threads "$threads" | tail -1)
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  $py - "$r" "$kind" "$wall" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
print(f"| {sys.argv[2]} | PyTorch | {100 * r['best_val_accuracy']:.1f}% | {100 * r['final_val_accuracy']:.1f}% "
      f"| {r['train_seconds']:.0f} s train, {float(sys.argv[3]):.0f} s wall | {r['samples_per_sec']:.0f} |")
PY
done
