#!/usr/bin/env bash
# The kill soak of docs/security.md ("Records survive a kill"), by hand (minutes; not in
# ctest, whose crash test kills at three points): one run killed -9 KILLS times at
# random moments, each time resumed from its checkpoint, then finished. Prints the
# steps, the sample entries left NaN, the probed steps without a row in any probes file
# and the empty probes-until-step files, against an uninterrupted run.
#   tests/cli/kill_soak.sh CLI SOURCE_DIR [KILLS]       (default 20)
set -uo pipefail
cli=$1
src=$2
kills=${3:-20}
tmp=$(mktemp -d)
trap 'pkill -9 -f "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
py=/usr/bin/python3
cfg="$src/resources/experiments/fashion_lenet.json"
short=(--set epochs=6 --set dataset.train_subset=6400 --set dataset.val_subset=128
       --set training.checkpoint_every_steps=15 --set threads=2)

"$cli" train -q --config "$cfg" --out "$tmp/reference" "${short[@]}" >/dev/null 2>&1 || { echo "reference failed"; exit 1; }
"$cli" train -q --config "$cfg" --out "$tmp/soak" "${short[@]}" >"$tmp/soak.log" 2>&1 &
pid=$!
run=""
for ((k = 1; k <= kills; k++)); do
  sleep "$($py -c 'import random; print(round(random.uniform(0.4, 2.5), 2))')"
  run=${run:-$(ls -d "$tmp"/soak/* 2>/dev/null | head -1)}
  kill -9 $pid 2>/dev/null
  wait $pid 2>/dev/null
  "$cli" resume -q "$run" >>"$tmp/soak.log" 2>&1 &
  pid=$!
done
wait $pid
echo "killed $kills times; the last resume exited $?: $(tail -1 "$tmp/soak.log")"
$py "$src/tests/cli/check_records.py" "$run" "$(ls -d "$tmp"/reference/*)"
