#!/usr/bin/env bash
# Data parallel on one machine (issue 14): 1 process x 2 threads against 2 processes x 1
# thread (trainscope-cli --nproc 2), the same global batch (64 = 2 x 32), training
# throughput (median samples/s of the steps after the first 10, both ranks together)
# and each rank's communication share (run.json: time waiting for gradients after the
# backward pass, over training time).
#   bench/distributed_throughput.sh [--repeat 3]
set -euo pipefail
cd "$(dirname "$0")/.."
repeat=3
while (($#)); do
  case $1 in
    --repeat) repeat=$2; shift 2 ;;
    *) echo "unknown option $1"; exit 2 ;;
  esac
done
build=${BUILD_DIR:-build/release}
cli=$build/src/cli/trainscope-cli
py=/usr/bin/python3
out=bench/out/distributed
rm -rf "$out" && mkdir -p "$out"

figures() {  # figures RUN_DIR: median samples/s after step 10, and the ranks' communication shares
  $py - "$1" <<'PY'
import json, sys, h5py, numpy as np
run = sys.argv[1]
with h5py.File(run + "/metrics.h5", "r") as f:
    s = f["steps/samples_per_sec"][10:]
info = json.load(open(run + "/run.json"))
shares = [r.get("communication_share", 0) for r in info.get("distributed", {}).get("ranks", [])]
print(f"{np.median(s):.0f}", " ".join(f"{x:.3f}" for x in shares) or "-")
PY
}

# model steps config
cases=("lenet 400 resources/experiments/fashion_lenet.json"
       "resnet18 25 resources/experiments/fashion_resnet18.json")
echo "| model | layout | samples/s (median of $repeat) | communication share per rank |"
echo "|---|---|---|---|"
for c in "${cases[@]}"; do
  read -r model steps config <<<"$c"
  for layout in "1x2" "2x1"; do
    results=()
    shares=""
    for ((r = 0; r < repeat; r++)); do
      dir=$out/$model-$layout-$r
      common=(--config "$config" --set epochs=1 --set training.max_steps=$steps --set probes.enabled=false -q --out "$dir")
      if [[ $layout == 1x2 ]]; then
        "$cli" train "${common[@]}" --set threads=2 --set loader.batch_size=64 >/dev/null 2>&1
      else
        "$cli" train "${common[@]}" --set threads=1 --set loader.batch_size=32 --nproc 2 >/dev/null 2>&1
      fi
      read -r speed share <<<"$(figures "$(ls -d "$dir"/*)")"
      results+=("$speed")
      shares=$share
    done
    median=$(printf '%s\n' "${results[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    label=$([[ $layout == 1x2 ]] && echo "1 process x 2 threads, batch 64" || echo "2 processes x 1 thread, batch 32 each")
    echo "| $model | $label | $median (${results[*]}) | $shares |"
  done
done
