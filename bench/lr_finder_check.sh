#!/usr/bin/env bash
# Does lr-find's suggestion land near the best learning rate? For each built-in model
# on Fashion-MNIST, with a short fixed budget (the fashion_lenet recipe: Adam, cosine;
# one epoch on a 10,000-image subset, validated on 2,000): the suggested rate against
# a 7-point log grid (1e-4 ... 1e-1), every run through trainscope-cli one after
# another, as the app's run queue does. Prints a markdown table.
#   bench/lr_finder_check.sh [--models "mlp lenet vgg resnet18 fastcnn"] [--threads 2] [--fresh]
# Finished runs already in bench/out/lr-check are reused (a changed suggestion reruns
# only its own run); --fresh starts over.
set -euo pipefail
cd "$(dirname "$0")/.."
models="mlp lenet vgg resnet18 fastcnn" threads=2 fresh=0
while (($#)); do
  case $1 in
    --models) models=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --fresh) fresh=1; shift ;;
    *) echo "unknown option $1"; exit 2 ;;
  esac
done
cli=${BUILD_DIR:-build/release}/src/cli/trainscope-cli
py=/usr/bin/python3
out=bench/out/lr-check
((fresh)) && rm -rf "$out"
mkdir -p "$out"
budget=(--config resources/experiments/fashion_lenet.json --set threads="$threads" --set epochs=1
  --set dataset.train_subset=10000 --set dataset.val_subset=2000 --set probes.enabled=false)
grid="0.0001 0.0003 0.001 0.003 0.01 0.03 0.1"
accuracy() {  # accuracy MODEL LR
  local dir="$out/$1-$2"
  if ! grep -qs '"final_val_accuracy"' "$dir"/*/run.json; then
    rm -rf "$dir"
    "$cli" train -q "${budget[@]}" --set model.name="$1" --set optimizer.lr="$2" --out "$dir" >/dev/null 2>&1 || true
  fi
  $py -c "import json,glob; r=json.load(open(glob.glob('$dir/*/run.json')[0])); print(r.get('final_val_accuracy') or 0)" \
    2>/dev/null || echo 0
}
echo "| model | suggested lr | its accuracy | best grid lr | best grid accuracy | gap (points) | grid (1e-4 … 1e-1) |"
echo "|---|---|---|---|---|---|---|"
for m in $models; do
  suggestion=$("$cli" lr-find "${budget[@]}" --set model.name="$m" --json 2>/dev/null |
    $py -c "import json,sys; print('%.3g' % json.load(sys.stdin)['suggestion'])")
  mine=$(accuracy "$m" "$suggestion")
  best=0 bestlr="" row=""
  for lr in $grid; do
    a=$(accuracy "$m" "$lr")
    row="$row $(printf '%.1f' "$(echo "$a * 100" | bc -l)")"
    if (($(echo "$a > $best" | bc -l))); then best=$a bestlr=$lr; fi
  done
  gap=$(echo "($best - $mine) * 100" | bc -l)
  printf '| %s | %s | %.1f%% | %s | %.1f%% | %.1f |%s |\n' "$m" "$suggestion" "$(echo "$mine * 100" | bc -l)" \
    "$bestlr" "$(echo "$best * 100" | bc -l)" "$gap" "$row"
done
