#!/usr/bin/env bash
# Many runs at once (issue 32): RUNS CLI runs of the Fashion-MNIST LeNet (STEPS steps
# each), first one after the other, then all started at once; prints both wall times and
# their ratio, for threads 0 (each run fits its threads to the others) and for threads
# set to the core count (each keeps its count and waits asleep while the others run).
# Usage: bench/many_runs.sh [BUILD_DIR] [RUNS] [STEPS]   (build/release, 4, 938 = an epoch)
set -euo pipefail
build=${1:-build/release}
runs=${2:-4}
steps=${3:-938}
cli=$(realpath "$build/src/cli/trainscope-cli")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

one_run() {  # $1: threads, $2: a name
  "$cli" train --config fashion_lenet --out "$out/$2" --set training.max_steps="$steps" --set threads="$1" \
    --set dataset.val_subset=256 > "$out/$2.log" 2>&1
}
now() { date +%s.%N; }

echo "$runs runs of $steps LeNet steps on $(nproc) cores"
echo
echo "| threads | one after the other | all at once | ratio |"
echo "|---|---|---|---|"
for threads in 0 "$(nproc)"; do
  start=$(now)
  for ((i = 0; i < runs; i++)); do one_run "$threads" "seq-$threads-$i"; done
  sequential=$(echo "$(now) - $start" | bc)
  start=$(now)
  pids=()
  for ((i = 0; i < runs; i++)); do one_run "$threads" "par-$threads-$i" & pids+=($!); done
  wait "${pids[@]}"
  together=$(echo "$(now) - $start" | bc)
  printf "| %s | %.1f s | %.1f s | %.2fx |\n" "$threads" "$sequential" "$together" \
    "$(echo "$together / $sequential" | bc -l)"
done
echo
echo "What one of the runs started at once said (threads 0):"
grep -E "threads" "$out/par-0-0.log" | sed 's/^/    /'
