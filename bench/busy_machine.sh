#!/usr/bin/env bash
# A run beside other work (issue 32): the Fashion-MNIST LeNet trains STEPS steps alone,
# then beside one CPU-bound loop per core, for four sides: the engine with threads 0
# (it adapts), the engine with threads set to the core count (kept; it waits asleep
# while busy), and PyTorch (bench/python/fashion_lenet.py, the seed's loop) with its
# default threads and with torch.set_num_threads(cores).
# Fair share: time alone x busy processes per core ((loops + 1) / cores); each side's
# figure is fair time / measured time. Each side is measured alone and busy back to back.
# Usage: bench/busy_machine.sh [BUILD_DIR] [STEPS] [LOOPS]   (build/release, 938 = an epoch, cores)
# SIDES="engine-0 pytorch-n" picks sides.
set -euo pipefail
build=${1:-build/release}
steps=${2:-938}
cores=$(nproc)
loops=${3:-$cores}
cli=$(realpath "$build/src/cli/trainscope-cli")
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
busy_pids=()
stop_loops() { for p in "${busy_pids[@]}"; do kill "$p" 2>/dev/null || true; done; busy_pids=(); }
trap 'stop_loops; rm -rf "$out"' EXIT
start_loops() { for ((i = 0; i < loops; i++)); do (while :; do :; done) & busy_pids+=($!); done; sleep 1; }

# Prints the training seconds of one side's run; $1: side, $2: a name for its files.
train_seconds() {
  case "$1" in
    engine-0 | engine-n)
      local threads=0
      [[ $1 == engine-n ]] && threads=$cores
      "$cli" train --config fashion_lenet --out "$out/$2" --set training.max_steps="$steps" --set threads=$threads \
        --set dataset.val_subset=256 > "$out/$2.log" 2>&1
      /usr/bin/python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['train_seconds'])" "$out/$2/"*/run.json
      ;;
    pytorch-default | pytorch-n)
      local threads=0
      [[ $1 == pytorch-n ]] && threads=$cores
      /usr/bin/python3 "$here/python/fashion_lenet.py" --threads $threads --max-steps "$steps" 2> "$out/$2.log" |
        /usr/bin/python3 -c "import json,sys; print(json.loads(sys.stdin.read())['train_seconds'])"
      ;;
  esac
}

per_core=$(echo "scale=3; ($loops + 1) / $cores" | bc)
echo "$steps LeNet steps on $cores cores; busy: $loops CPU-bound loops beside it ($per_core busy processes per core)"
echo
echo "| side | alone | busy | fair (alone x $per_core) | share of fair |"
echo "|---|---|---|---|---|"
for side in ${SIDES:-engine-0 engine-n pytorch-default pytorch-n}; do
  alone=$(train_seconds "$side" "$side-alone")
  start_loops
  busy=$(train_seconds "$side" "$side-busy")
  stop_loops
  fair=$(echo "$alone * $per_core" | bc -l)
  printf "| %s | %.1f s | %.1f s | %.1f s | %.0f%% |\n" "$side" "$alone" "$busy" "$fair" \
    "$(echo "100 * $fair / $busy" | bc -l)"
done
echo
echo "What the engine's busy run said (threads 0):"
grep -E "threads" "$out/engine-0-busy.log" | sed 's/^/    /'
