#!/usr/bin/env bash
# End-to-end cost of the probes and of the NaN guard: one epoch of Fashion-MNIST LeNet
# with trainscope-cli, each variant run in interleaved rounds; median samples/s.
#   bench/probe_overhead.sh [--threads 2] [--repeat 5]
# Budgets (issue 4): probes (per-step statistics, histograms every 50 steps) within 3%
# of probes off; the NaN guard's per-step check within 1%.
set -euo pipefail
cd "$(dirname "$0")/.."
threads=2 repeat=5
while (($#)); do
  case $1 in
    --threads) threads=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    *) echo "unknown option $1"; exit 2 ;;
  esac
done
build=${BUILD_DIR:-build/release}
py=/usr/bin/python3
out=bench/out/probe-overhead
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

declare -A label=(
  [plain]="probes off, NaN guard off"
  [guard]="probes off, NaN guard on (pause)"
  [probes]="probes on (histograms every 50 steps), NaN guard on"
)
declare -A settings=(
  [plain]="--set probes.enabled=false --set training.nan_guard=off"
  [guard]="--set probes.enabled=false --set training.nan_guard=pause"
  [probes]="--set probes.enabled=true --set probes.histogram_every=50 --set training.nan_guard=pause"
)
declare -A sps
for i in $(seq "$repeat"); do
  for v in plain guard probes; do
    rm -rf "$out"
    # shellcheck disable=SC2086
    "$build/src/cli/trainscope-cli" train -q --config resources/experiments/fashion_lenet.json --out "$out" \
      --set epochs=1 --set threads="$threads" ${settings[$v]} >/dev/null
    run=$(ls -d "$out"/lenet-fashion-mnist-* | head -1)
    s=$($py -c "import json; r=json.load(open('$run/run.json')); print(r['dataset']['train_samples'] / r['train_seconds'])")
    sps[$v]="${sps[$v]:-} $s"
    echo "  round $i: $v $s samples/s" >&2
  done
done
base=$(median ${sps[plain]})
echo "| Fashion-MNIST LeNet, 1 epoch, $threads threads (median of $repeat) | samples/s | cost |"
echo "|---|---|---|"
for v in plain guard probes; do
  m=$(median ${sps[$v]})
  cost=$(awk -v a="$m" -v b="$base" 'BEGIN {printf "%+.1f%%", 100 * (b - a) / b}')
  [[ $v == plain ]] && cost=""
  printf '| %s | %.0f | %s |\n' "${label[$v]}" "$m" "$cost"
done
rm -rf "$out"
