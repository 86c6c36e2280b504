#!/usr/bin/env bash
# The Python package's cost to the seed's loop (issue 30): one epoch of LeNet on
# Fashion-MNIST, plain / with log() every step / with watch(log_every=50) too, in
# interleaved rounds; the median training seconds of each and their ratio to plain.
#   bench/python_overhead.sh [--repeat 5] [--subset 60000] [--threads 1]
# Budget: watch at log_every=50 within 3% of plain.
set -euo pipefail
cd "$(dirname "$0")/.."
repeat=5 subset=60000 threads=1
while (($#)); do
  case $1 in
    --repeat) repeat=$2; shift 2 ;;
    --subset) subset=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    *) echo "unknown option $1"; exit 2 ;;
  esac
done
export PYTHONPATH=${BUILD_DIR:-build/release}/python
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
declare -A seconds logus
for i in $(seq "$repeat"); do
  for v in plain log watch; do
    line=$(/usr/bin/python3 bench/python/trainscope_overhead.py --variant $v --train-subset "$subset" --threads "$threads")
    seconds[$v]+="$(echo "$line" | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["seconds"])') "
    logus[$v]+="$(echo "$line" | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["log_microseconds"])') "
  done
done
base=$(median ${seconds[plain]})
printf '%-8s %10s %8s %14s\n' variant seconds ratio "log() µs"
for v in plain log watch; do
  m=$(median ${seconds[$v]})
  printf '%-8s %10.2f %8.3f %14.1f\n' $v "$m" "$(echo "$m / $base" | bc -l)" "$(median ${logus[$v]})"
done
echo "($repeat interleaved rounds, $subset samples, $threads thread(s), DataLoader with 2 workers; medians)"
