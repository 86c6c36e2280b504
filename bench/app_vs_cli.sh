#!/usr/bin/env bash
# The app's training throughput against the CLI's, interleaved (this machine's speed
# drifts by tens of percent over minutes, so each round runs the CLI, the app, the CLI
# again, and compares the app with the mean of the CLI runs on either side): one epoch
# of Fashion-MNIST LeNet, both at their defaults (threads 0: all cores). The app is
# bench_ui --latency-only (the real main window, Train page on screen, offscreen, the
# app's OpenMP settings) with a 1,000,000-point history; both figures are training
# samples over train_seconds from each run's run.json.
#   bench/app_vs_cli.sh [--rounds 7]
# BENCH_HISTORY=0 for a fresh run's curves, BENCH_HIDDEN=1 to leave the window unshown.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=7
while (($#)); do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    *) echo "unknown option $1"; exit 2 ;;
  esac
done
build=${BUILD_DIR:-build/release}
py=/usr/bin/python3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
rate() { $py -c "import json,sys; r=json.load(open(sys.argv[1])); print(round(r['dataset']['train_samples'] / r['train_seconds']))" "$1"; }
# The median step's samples/s, from metrics.h5: the steady state, without the run's first steps.
stepRate() { $py -c "import h5py,numpy,sys; print(round(numpy.median(h5py.File(sys.argv[1])['steps/samples_per_sec'][:])))" "$1"; }
ratios=()
cliRun() {  # prints: samples/s, the median step's samples/s
  rm -rf "$out/cli"
  "$build/src/cli/trainscope-cli" train -q --config resources/experiments/fashion_lenet.json --out "$out/cli" \
    --set epochs=1 >/dev/null
  local run
  run=$(ls -d "$out"/cli/*/ | head -1)
  echo "$(rate "$run/run.json") $(stepRate "$run/metrics.h5")"
}
steady=()
for i in $(seq "$rounds"); do
  read -r before beforeStep < <(cliRun)
  rm -rf /tmp/trainscope-bench-ui-runs
  report=$(QT_QPA_PLATFORM=offscreen BENCH_HISTORY=${BENCH_HISTORY:-1000000} "$build/bench/bench_ui" --latency-only 2>/dev/null)
  appRun=$(ls -d /tmp/trainscope-bench-ui-runs/*/ | head -1)
  app=$(rate "$appRun/run.json") appStep=$(stepRate "$appRun/metrics.h5")
  read -r after afterStep < <(cliRun)
  late=$(echo "$report" | sed -n 's/| timer lateness, max | \(.*\) ms |/\1/p')
  gui=$(echo "$report" | sed -n "s/| GUI thread's CPU time, share of one core | \(.*\) |/\1/p")
  ratios+=("$($py -c "print(f'{2 * $app / ($before + $after):.2f}')")")
  steady+=("$($py -c "print(f'{2 * $appStep / ($beforeStep + $afterStep):.2f}')")")
  echo "round $i: CLI $before and $after samples/s, app $app (${ratios[-1]}); median step CLI $beforeStep and $afterStep, app $appStep (${steady[-1]}); GUI lateness max $late ms, GUI thread $gui of a core"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
echo "median app/CLI: $(median "${ratios[@]}") for the epoch, $(median "${steady[@]}") for the median step"
