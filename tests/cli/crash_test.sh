#!/usr/bin/env bash
# Never lose a run (issue 10), as a hostile user tries it: kill -9 at several moments
# (inside the first epoch too), resume, and get bit-identical losses; a second writer
# refused; a damaged checkpoint named, with the good one offered, and the record left
# alone; a crashed run's HDF5 opened by plain h5py after repair; a full disk failing
# the run cleanly (when this machine lets us mount a small tmpfs).
# Usage: crash_test.sh CLI SOURCE_DIR
set -uo pipefail
cli=$1
src=$2
tmp=$(mktemp -d)
small=""
trap 'pkill -9 -f "$tmp" 2>/dev/null; [[ -n $small ]] && umount "$small" 2>/dev/null; [[ -n ${KEEP:-} ]] || rm -rf "$tmp"' EXIT
source "$(dirname "$0")/check.sh"
py=/usr/bin/python3
cfg="$src/resources/experiments/fashion_lenet.json"
# 100 steps an epoch, 4 epochs, a checkpoint every 15 steps. A set thread count: with
# threads 0 a run gives cores to other work (this script's own polling is some), and a
# different count computes different bits (docs/run-format.md, "After a crash").
short=(--set epochs=4 --set dataset.train_subset=6400 --set dataset.val_subset=128
       --set training.checkpoint_every_steps=15 --set threads=2)

losses() {  # losses RUN_DIR: every step's loss, one per line, as stored (repr of float64)
  $py - "$1" <<'PY'
import sys, h5py
with h5py.File(sys.argv[1] + "/metrics.h5", "r", libver="latest", swmr=True) as f:
    steps, loss = f["steps/step"][:], f["steps/loss"][:]
    for s, l in zip(steps, loss):
        print(int(s), repr(float(l)))
PY
}

checkpoint_step() {  # the step of the run's newest checkpoint, from run.json (0 before one)
  $py -c 'import json,sys
try: print(json.load(open(sys.argv[1] + "/run.json")).get("checkpoint", {}).get("step", 0))
except Exception: print(0)' "$1"
}

"$cli" train -q --config "$cfg" --out "$tmp/reference" "${short[@]}" >"$tmp/reference.log" 2>&1
check "the reference run finishes" test $? -eq 0
losses "$(ls -d "$tmp"/reference/*)" >"$tmp/reference.losses"
check "the reference has 400 steps" test "$(wc -l <"$tmp/reference.losses")" -eq 400

# kill -9 once the newest checkpoint is at or past step K, a little after it: inside
# epoch 1 (K 15 and 45) and in epoch 2 (K 120), between checkpoints.
for k in 15 45 120; do
  "$cli" train -q --config "$cfg" --out "$tmp/kill$k" "${short[@]}" >"$tmp/kill$k.log" 2>&1 &
  pid=$!
  run=""
  for _ in $(seq 600); do
    run=$(ls -d "$tmp"/kill$k/* 2>/dev/null | head -1)
    # Killed as soon as the checkpoint is seen: some steps after it, before the next.
    [[ -n $run && $(checkpoint_step "$run") -ge $k ]] && kill -9 $pid 2>/dev/null && break
    sleep 0.02
  done
  kill -9 $pid 2>/dev/null
  wait $pid 2>/dev/null
  check "kill at step >= $k: the run folder exists" test -n "$run"
  check "kill at step >= $k: killed mid-run" contains "$run/run.json" '"status": "running"'
  check "kill at step >= $k: a checkpoint inside the run" test -f "$run/checkpoints/last.pt"
  "$cli" resume -q "$run" >"$tmp/resume$k.log" 2>&1
  check "kill at step >= $k: resume exits 0" test $? -eq 0
  losses "$run" >"$tmp/kill$k.losses"
  check "kill at step >= $k: every loss as in the uninterrupted run, bit for bit" \
    cmp -s "$tmp/kill$k.losses" "$tmp/reference.losses"
  check "kill at step >= $k: no temporary file left" test -z "$(find "$run" -name '*.tmp')"
  $py -c 'import glob, h5py, sys; [h5py.File(f, "r").close() for f in glob.glob(sys.argv[1] + "/*.h5")]' "$run" \
    >"$tmp/plain$k.log" 2>&1
  check "kill at step >= $k: after the resume, plain h5py opens every .h5 (probes-until-step too)" test $? -eq 0
  # Nothing recorded is lost: every sample entry of every epoch (none NaN, as the
  # reference's), and every step the reference probed has a probe row in some file.
  $py "$src/tests/cli/check_records.py" "$run" "$(ls -d "$tmp"/reference/*)" >"$tmp/records$k.log" 2>&1
  check "kill at step >= $k: samples.h5 and the probe rows are whole ($(tr '\n' ' ' <"$tmp/records$k.log"))" test $? -eq 0
done

# After a crash: plain h5py refuses the file until the run is repaired (the listing
# repairs a run whose writer is gone, and says it was interrupted).
"$cli" train -q --config "$cfg" --out "$tmp/crash" --set epochs=30 --set dataset.train_subset=6400 \
  --set dataset.val_subset=128 --set training.checkpoint_every_steps=15 >"$tmp/crash.log" 2>&1 &
pid=$!
for _ in $(seq 400); do
  run=$(ls -d "$tmp"/crash/* 2>/dev/null | head -1)
  [[ -n $run && $(checkpoint_step "$run") -ge 30 ]] && break
  sleep 0.02
done
# Two writers: while it trains, a resume and a repair are refused, naming the holder.
"$cli" resume -q "$run" --set epochs=40 >"$tmp/second.log" 2>&1
check "a second writer is refused" test $? -eq 1
check "naming the one writing" grep -qE "is being written by pid $pid on .*trainscope-cli train" "$tmp/second.log"
"$cli" repair "$run" >"$tmp/repair-live.log" 2>&1
check "a live run is not repaired" test $? -eq 1
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
$py -c 'import h5py,sys; h5py.File(sys.argv[1] + "/metrics.h5", "r")' "$run" >"$tmp/plain.log" 2>&1
check "a crashed run's metrics.h5 is marked open for writing" test $? -ne 0
sizes() { stat -c '%n %s' "$1"/*.h5 | sort; }
sizes "$run" >"$tmp/sizes-before"
"$cli" repair "$run" >"$tmp/repair.log" 2>&1
check "repair exits 0" test $? -eq 0
# Killed between flushes, the superblock's end-of-allocation lags the file: clearing the
# mark must never cut the file back to it (it once lost every probe written since).
check "repair of a killed run sets nothing aside" lacks "$tmp/repair.log" "set aside"
sizes "$run" >"$tmp/sizes-after"
check "repair cuts no record short" awk 'NR == FNR { before[$1] = $2; next } $2 < before[$1] { exit 1 }' \
  "$tmp/sizes-before" "$tmp/sizes-after"
check "repair says what it cleared" contains "$tmp/repair.log" "cleared the write mark of $run/metrics.h5"
check "and marks the run interrupted" contains "$run/run.json" '"status": "interrupted"'
$py -c 'import h5py,sys; h5py.File(sys.argv[1] + "/metrics.h5", "r"); h5py.File(sys.argv[1] + "/probes.h5", "r")' \
  "$run" >"$tmp/plain.log" 2>&1
check "then plain h5py opens its files" test $? -eq 0
"$cli" repair "$run" >"$tmp/repair2.log" 2>&1
check "repairing again changes nothing" contains "$tmp/repair2.log" "needs no repair"

# A damaged last.pt: named, the good checkpoint offered, the record untouched.
done_run=$(ls -d "$tmp"/reference/*)
cp "$done_run/run.json" "$tmp/run.json.before"
for damage in empty truncated random; do
  case $damage in
    empty) : >"$done_run/checkpoints/last.pt" ;;
    truncated) head -c 5000 "$done_run/checkpoints/best.pt" >"$done_run/checkpoints/last.pt" ;;
    random) head -c 20000 /dev/urandom >"$done_run/checkpoints/last.pt" ;;
  esac
  "$cli" resume -q "$done_run" --set epochs=5 >"$tmp/damaged.log" 2>&1
  check "$damage last.pt: resume exits 2" test $? -eq 2
  check "$damage last.pt: the file is named" contains "$tmp/damaged.log" "checkpoints/last.pt"
  check "$damage last.pt: best.pt is offered" contains "$tmp/damaged.log" "resume from it with --from best.pt"
  check "$damage last.pt: no stack trace" test -z "$(grep -F 'frame #' "$tmp/damaged.log")"
  check "$damage last.pt: run.json untouched" cmp -s "$tmp/run.json.before" "$done_run/run.json"
done
"$cli" resume -q "$done_run" --set epochs=5 --from best.pt >"$tmp/frombest.log" 2>&1
check "resume --from best.pt exits 0" test $? -eq 0
check "and trains on" contains "$done_run/run.json" '"epochs_completed": 5'

# A full disk: the run fails cleanly, saying which file, with the last good checkpoint
# kept and nothing half-written. Needs a small tmpfs (root, and a sandbox that allows it):
# 6 MB, room for the first checkpoint after the records flushed before it (probes.h5's
# first chunk alone takes 3 MB).
if [[ $(id -u) -eq 0 ]] && mkdir -p "$tmp/small" && mount -t tmpfs -o size=6M tmpfs "$tmp/small" 2>/dev/null; then
  small="$tmp/small"
  "$cli" train -q --config "$cfg" --out "$small/runs" --set epochs=3 --set dataset.val_subset=128 \
    --set training.checkpoint_every_steps=50 >"$tmp/full.log" 2>&1
  code=$?
  run=$(ls -d "$small"/runs/* | head -1)
  check "disk full: exit 1, not a crash (got $code)" test $code -eq 1
  check "disk full: one line that names the file" grep -qE "^error: cannot write .*(\.pt|\.h5|\.json).*(No space left on device|disk full)" "$tmp/full.log"
  check "disk full: no HDF5 error stacks" test -z "$(grep -F HDF5-DIAG "$tmp/full.log")"
  check "disk full: run.json says failed" contains "$run/run.json" '"status": "failed"'
  check "disk full: no .tmp left" test -z "$(find "$run" -name '*.tmp')"
  check "disk full: the last good checkpoint is kept" test -s "$run/checkpoints/last.pt"
  if grep -q "\.h5 (" "$tmp/full.log"; then  # an HDF5 file filled the disk: its detail goes to log.txt only
    check "disk full: HDF5's own account is in log.txt, not on the screen" grep -q "HDF5's account" "$run/log.txt"
  fi
else
  echo "skipped: the full-disk case (cannot mount a small tmpfs here)"
fi

report
