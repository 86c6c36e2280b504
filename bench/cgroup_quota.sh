#!/usr/bin/env bash
# threads: 0 in a cgroup with a CPU quota (issue 32): a cgroup of QUOTA cores is made
# (cgroup v2 cpu.max or v1 cpu.cfs_quota_us; needs root and a writable cgroup mount), and
# the Fashion-MNIST LeNet trains STEPS steps in it with threads 0, 1 and the host's core
# count (what LibTorch takes by default), side by side; prints each one's wall time and
# what the run's log says it chose.
# Usage: sudo bench/cgroup_quota.sh [BUILD_DIR] [QUOTA] [STEPS]   (build/release, 1, 600)
set -euo pipefail
build=${1:-build/release}
quota=${2:-1}
steps=${3:-600}
cli=$(realpath "$build/src/cli/trainscope-cli")
name=trainscope-bench-$$
if [[ -f /sys/fs/cgroup/cgroup.controllers ]]; then
  group=/sys/fs/cgroup/$name
  mkdir "$group"
  echo "$(awk -v q="$quota" 'BEGIN { printf "%d", q * 100000 }') 100000" > "$group/cpu.max"
  join() { echo "$1" > "$group/cgroup.procs"; }
else
  group=/sys/fs/cgroup/cpu/$name
  mkdir "$group"
  awk -v q="$quota" 'BEGIN { printf "%d\n", q * 100000 }' > "$group/cpu.cfs_quota_us"
  join() { echo "$1" > "$group/tasks"; }
fi
out=$(mktemp -d)
trap 'rmdir "$group" 2>/dev/null; rm -rf "$out"' EXIT
echo "| threads | wall time, $steps steps | what the log says |"
echo "|---|---|---|"
for threads in 0 1 "$(nproc --all)"; do
  start=$(date +%s.%N)
  (join $BASHPID && exec "$cli" train --config fashion_lenet --out "$out/$threads" --set training.max_steps="$steps" \
    --set threads="$threads" --set dataset.val_subset=500 > "$out/$threads.log" 2>&1)
  seconds=$(echo "$(date +%s.%N) - $start" | bc)
  said=$(grep -o 'with cpu, .*' "$out/$threads.log" | head -1)
  printf "| %s | %.1f s | %s |\n" "$threads" "$seconds" "$said"
done
