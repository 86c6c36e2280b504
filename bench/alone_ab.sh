#!/usr/bin/env bash
# Alone on the machine, nothing slower (issue 32): one LeNet epoch with threads 0 and 2,
# by two builds (an older one, e.g. a clean build of the commit before, and this one),
# interleaved REPEAT times; prints each run's samples/s and the medians.
# Usage: bench/alone_ab.sh OLD_BUILD NEW_BUILD [REPEAT]   (REPEAT: 3)
set -euo pipefail
old=$1 new=$2 repeat=${3:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
declare -A rates
for ((i = 0; i < repeat; i++)); do
  for build in "$old" "$new"; do
    for threads in 0 2; do
      dir="$out/$(basename "$build")-$threads-$i"
      "$build/src/cli/trainscope-cli" train --config fashion_lenet --out "$dir" --set epochs=1 --set threads=$threads \
        --set dataset.val_subset=256 > "$dir.log" 2>&1
      rate=$(/usr/bin/python3 -c "import json,glob,sys; print(round(60000/json.load(open(glob.glob(sys.argv[1]+'/*/run.json')[0]))['train_seconds']))" "$dir")
      rates["$build threads=$threads"]+="$rate "
      echo "$build threads=$threads: $rate samples/s"
    done
  done
done
echo
for key in "${!rates[@]}"; do
  echo "$key median: $(printf '%s\n' ${rates[$key]} | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') samples/s"
done | sort
grep -l "fewer threads, \|makes them wait asleep" "$out"/*.log && echo "(a run alone changed its threads: see above)" || true
