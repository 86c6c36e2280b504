#!/usr/bin/env bash
# The photo recipe (the imagefolder_fast preset) against the same recipe in Python
# PyTorch (bench/python/imagefolder_fast.py reads the preset), on generated folders of
# several kinds (bench/python/make_image_folder.py), each with the epochs the recipe
# gives its size (`trainscope-cli datasets FOLDER`). Prints a markdown table: best and
# final validation accuracy, epochs, training time and samples/s, engine then Python.
#   bench/fast_preset.sh [--threads 2] [--folders "plain-shapes:900 glyphs:1200 ..."] [--python 0|1]
# A folder is KIND:IMAGES[:EXTRA ARGS FOR make_image_folder.py, comma-separated].
set -euo pipefail
cd "$(dirname "$0")/.."
threads=2 python=1
folders="plain-shapes:900 plain-shapes:900:--max-aspect,1.3333,--seed,3 glyphs:1200 textures:900 colours:900 shapes:2000"
while (($#)); do
  case $1 in
    --threads) threads=$2; shift 2 ;;
    --folders) folders=$2; shift 2 ;;
    --python) python=$2; shift 2 ;;
    *) echo "unknown option $1"; exit 2 ;;
  esac
done
build=${BUILD_DIR:-build/release}
cli=$build/src/cli/trainscope-cli
py=/usr/bin/python3
out=bench/out/fast
mkdir -p "$out"
echo "Machine: $(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores, $threads threads each"
echo
echo "| folder | side | epochs | best val acc | final val acc | training time | samples/s |"
echo "|---|---|---|---|---|---|---|"
for spec in $folders; do
  IFS=: read -r kind images extra <<<"$spec"
  name=$kind-$images${extra:+-$(echo "$extra" | tr -dc 'a-z0-9.' | cut -c1-24)}
  folder=$out/$name
  # shellcheck disable=SC2086
  $py bench/python/make_image_folder.py "$folder" --images "$images" --kind "$kind" ${extra//,/ } >/dev/null
  epochs=$("$cli" datasets "$folder" | sed -n 's/^photo recipe ([^)]*): \([0-9]*\) epochs.*/\1/p')
  rm -rf "$out/runs"
  start=$(date +%s.%N)
  "$cli" train -q --config resources/experiments/imagefolder_fast.json --out "$out/runs" \
    --set dataset.root="$folder" --set threads="$threads" --set epochs="$epochs" >/dev/null
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  run=$(ls -d "$out"/runs/*/ | head -1)
  cp "$run/log.txt" "$out/$name.engine.log"
  $py - "$run/run.json" "$name" "$wall" "$epochs" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
n = r["dataset"]["train_samples"] * int(sys.argv[4])
print(f"| {sys.argv[2]} | engine | {sys.argv[4]} | {100 * r['best_val_accuracy']:.1f}% | {100 * r['final_val_accuracy']:.1f}% "
      f"| {r['train_seconds']:.0f} s train, {float(sys.argv[3]):.0f} s wall | {n / r['train_seconds']:.0f} |")
PY
  [[ $python == 1 ]] || continue
  start=$(date +%s.%N)
  # Every epoch's line is kept next to the folder, as the engine's log.txt is.
  $py bench/python/imagefolder_fast.py "$folder" --epochs "$epochs" --threads "$threads" >"$out/$name.python.jsonl"
  r=$(tail -1 "$out/$name.python.jsonl")
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  $py - "$r" "$name" "$wall" "$epochs" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
print(f"| {sys.argv[2]} | PyTorch | {sys.argv[4]} | {100 * r['best_val_accuracy']:.1f}% | {100 * r['final_val_accuracy']:.1f}% "
      f"| {r['train_seconds']:.0f} s train, {float(sys.argv[3]):.0f} s wall | {r['samples_per_sec']:.0f} |")
PY
done
