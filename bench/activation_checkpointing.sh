#!/usr/bin/env bash
# Activation checkpointing (issue 33): peak memory and step time of one training step
# (forward, loss, backward, SGD with momentum) of ResNet-18 and the VGG at 224 px, plain
# and with model.activation_checkpointing at several segment counts (all but the last
# segment recomputed in backward). Each setting runs in its own process
# (bench/bench_checkpointing.cpp); ratios are to the plain step of the same model.
# Usage: bench/activation_checkpointing.sh [BUILD_DIR] [BATCH] [STEPS]   (build/release, 16, 5)
set -euo pipefail
build=${1:-build/release}
batch=${2:-16}
steps=${3:-5}
bench=$build/bench/bench_checkpointing
[[ -x $bench ]] || { echo "build $bench first (cmake --build $build --target bench_checkpointing)"; exit 2; }

echo "batch $batch at 3x224x224, threads 2, median of $steps steps; $(nproc) cores"
echo
echo "| model | segments (recomputed) | step time | peak tensor memory | tensors kept after forward | peak resident set above resting |"
echo "|---|---|---|---|---|---|"
for model in resnet18 vgg; do
  base=""
  for segments in 0 2 3 4 8 1000; do
    # model size batch segments layers recomputed ms peakRss rssAbove tensorPeak afterForward
    read -r _ _ _ _ layers recomputed ms _ rss tensors kept < <("$bench" --model "$model" --size 224 \
      --batch "$batch" --segments "$segments" --steps "$steps")
    [[ -z $base ]] && base="$ms $tensors $kept $rss"
    read -r bms btensors bkept brss <<<"$base"
    label=$([[ $segments == 1000 ]] && echo "every layer ($recomputed)" || echo "$segments ($recomputed)")
    [[ $segments == 0 ]] && label="off ($layers layers)"
    awk -v m="$model" -v l="$label" -v ms="$ms" -v t="$tensors" -v k="$kept" -v r="$rss" \
      -v bms="$bms" -v bt="$btensors" -v bk="$bkept" -v br="$brss" 'BEGIN {
      printf "| %s | %s | %.0f ms (%.2fx) | %.0f MiB (%.2fx) | %.0f MiB (%.2fx) | %.0f MiB (%.2fx) |\n",
        m, l, ms, ms / bms, t, t / bt, k, k / bk, r, r / br }'
  done
done
