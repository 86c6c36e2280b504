#!/usr/bin/env bash
# Never lose a run, round three (issue 29): a run folder damaged in every way the
# matrix found (damage_run.py makes each case from a real run) through every command
# that reads one. Each command must end within 20 s (never wait on a FIFO, /dev/zero
# or HDF5's retry loop), exit 2 with one line naming the file (never a crash, a
# trace or exit 1), and `repair` must set aside what no reader can use so that the
# same command then works. One damaged run never hides the others from `runs`.
# Usage: damaged_test.sh CLI SOURCE_DIR
set -uo pipefail
source "$(dirname "$0")/check.sh"
start_test "$@"
py=/usr/bin/python3
damage="$src/tests/cli/damage_run.py"

"$cli" train -q --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/good" --set epochs=2 \
  --set dataset.train_subset=640 --set dataset.val_subset=128 --set training.checkpoint_every_steps=5 >"$tmp/train.log" 2>&1
check "the reference run trains" test $? -eq 0
good=$(ls -d "$tmp"/good/*)

# run CASE COMMAND ARGS...: the command on a fresh damaged copy; sets $rc and $out.
run() {
  local case=$1
  shift
  rm -rf "$tmp/w" && mkdir -p "$tmp/w" && cp -r "$good" "$tmp/w/$case"
  $py "$damage" "$tmp/w/$case" "$case" || echo "damage_run.py failed for $case"
  local args=("${@//RUN/$tmp/w/$case}")
  out="$tmp/w/out.txt"
  timeout -s KILL 20 "$cli" "${args[@]}" >"$out" 2>&1 </dev/null
  rc=$?
}

bad_input() {  # bad_input CASE NAME_IN_MESSAGE COMMAND...: exit 2, one error line naming the file
  local case=$1 name=$2
  shift 2
  run "$case" "$@"
  check "$case: $1 exits 2 (got $rc)" test $rc -eq 2
  check "$case: $1 names $name" grep -qF "$name" "$out"
  check "$case: $1 prints no LibTorch trace" bash -c "! grep -qE 'frame #|Exception raised from' '$out'"
}

for c in metrics-2d-loss metrics-bit-flips metrics-truncated metrics-fifo metrics-text-loss; do
  bad_input $c metrics.h5 export-tensorboard RUN "$tmp/w/tb"
  bad_input $c metrics.h5 bundle RUN -o "$tmp/w/b.tar"
  [[ $c != metrics-2d-loss ]] || check "a 2-D loss is named with its shape" contains "$out" "/steps/loss is 2-D (100x3), expected 1-D"
done
for c in samples-margin-1d samples-margin-3d samples-margin-larger samples-margin-huge samples-margin-short \
  samples-labels-huge samples-bit-flips; do
  bad_input $c samples.h5 suspects RUN
done
for c in probes-counts-2d probes-bit-flips probes-truncated; do
  bad_input $c probes.h5 export-tensorboard RUN "$tmp/w/tb"
  check "$c: no event file is written" test ! -d "$tmp/w/tb/$c"
done
for c in run-json-deep run-json-fifo run-json-loop run-json-array; do
  bad_input $c run.json suspects RUN
  bad_input $c run.json export RUN --out "$tmp/w/m.pt"
  bad_input $c run.json resume RUN -q
  bad_input $c run.json repair RUN
done
bad_input checkpoint-dev-zero best.pt export RUN --out "$tmp/w/m.pt"
bad_input checkpoint-fifo best.pt export RUN --out "$tmp/w/m.pt"
bad_input checkpoint-dev-zero last.pt bundle RUN -o "$tmp/w/b.tar"

# The listing: one damaged run of each kind beside a good one; all listed, exit 0.
mkdir -p "$tmp/listing"
cp -r "$good" "$tmp/listing/good-run"
for c in run-json-fifo run-json-loop run-json-deep metrics-bit-flips; do
  cp -r "$good" "$tmp/listing/$c" && $py "$damage" "$tmp/listing/$c" $c
done
timeout -s KILL 20 "$cli" runs "$tmp/listing" >"$tmp/runs.txt" 2>&1
check "runs lists a folder with damaged runs (exit 0)" test $? -eq 0
check "runs lists all five runs" contains "$tmp/runs.txt" "5 runs in"
check "runs names a FIFO run.json" contains "$tmp/runs.txt" "FIFO"
check "runs names a symlink loop" contains "$tmp/runs.txt" "symlink loop"

# A run without a finished epoch shows "-", not "nan%".
$py - "$tmp/listing/good-run/run.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d.pop("best_val_accuracy", None); json.dump(d, open(sys.argv[1], "w"))
PY
"$cli" runs "$tmp/listing" >"$tmp/runs.txt" 2>&1
check "runs never prints nan%" bash -c "! grep -q 'nan' '$tmp/runs.txt'"

# repair sets aside what no reader can use; the command that refused the run then works.
for c in metrics-bit-flips metrics-2d-loss metrics-truncated; do
  run $c repair RUN
  check "$c: repair exits 0" test $rc -eq 0
  check "$c: repair says what it set aside" contains "$out" "set aside"
  check "$c: the damaged file is kept" test -f "$tmp/w/$c/metrics.h5.damaged"
  timeout -s KILL 60 "$cli" resume "$tmp/w/$c" -q --set epochs=3 >"$tmp/w/resume.txt" 2>&1
  check "$c: resume after repair finishes" test $? -eq 0
done
for c in probes-bit-flips probes-counts-2d; do
  run $c repair RUN
  timeout -s KILL 20 "$cli" export-tensorboard "$tmp/w/$c" "$tmp/w/tb" >"$tmp/w/tb.txt" 2>&1
  check "$c: export-tensorboard after repair exits 0" test $? -eq 0
done
for c in samples-margin-short predictions-labels-range; do
  run $c repair RUN
  check "$c: repair sets the file aside" contains "$out" ".h5.damaged"
done
run log-fifo resume RUN -q --set epochs=3
check "a FIFO as log.txt does not block resume" test $rc -eq 0
check "and the run says log.txt could not be written" contains "$out" "log.txt"

# Two resumes from the same checkpoint: the second keeps the first's probe history
# beside its own (it was overwritten: 1,219 steps of history gone in a soak).
rm -rf "$tmp/twice" && cp -r "$good" "$tmp/twice"
cp "$tmp/twice/checkpoints/last.pt" "$tmp/twice/checkpoints/start.pt"
"$cli" resume "$tmp/twice" -q --from start.pt --set epochs=3 >/dev/null 2>&1
"$cli" resume "$tmp/twice" -q --from start.pt --set epochs=3 >/dev/null 2>&1
check "the first resume's probe history is kept" test -f "$tmp/twice/probes-until-step20.h5"
check "the second's is kept beside it" test -f "$tmp/twice/probes-until-step20-2.h5"

# Special files given on the command line.
mkfifo "$tmp/fifo.json" "$tmp/fifo.pt"
timeout -s KILL 20 "$cli" train -c "$tmp/fifo.json" >"$tmp/w/out.txt" 2>&1
check "-c FIFO exits 2 at once" test $? -eq 2
check "-c FIFO is named" contains "$tmp/w/out.txt" "is a FIFO (named pipe), not a regular file"
/usr/bin/python3 "$src/bench/python/make_image_folder.py" "$tmp/photos" --kind plain-shapes --classes 3 --images 30 >/dev/null
mkfifo "$tmp/photos/$(ls "$tmp/photos" | head -1)/fifo.png"
timeout -s KILL 60 "$cli" datasets "$tmp/photos" >"$tmp/w/out.txt" 2>&1
check "a FIFO among the images does not block the scan" test $? -eq 0
check "it is listed as skipped" contains "$tmp/w/out.txt" "fifo.png"
# Against torchvision's ImageFolder: a hidden folder (which it would count as a class)
# and images in val/ outside class folders are listed as skipped, never silently gone.
first=$(ls "$tmp/photos" | head -1)
mkdir -p "$tmp/photos/.ipynb_checkpoints" "$tmp/photos/val"
cp "$tmp/photos/$first"/*.jpg "$tmp/photos/.ipynb_checkpoints/" 2>/dev/null
cp "$tmp/photos/$first"/*.jpg "$tmp/photos/val/" 2>/dev/null
timeout -s KILL 60 "$cli" datasets "$tmp/photos" >"$tmp/w/out.txt" 2>&1
check "a hidden folder is listed as skipped" contains "$tmp/w/out.txt" ".ipynb_checkpoints: hidden folder: not a class"
check "images in val/ outside class folders are listed" contains "$tmp/w/out.txt" "in val/ but in no class folder"
rm -rf "$tmp/photos/.ipynb_checkpoints" "$tmp/photos/val"

# verify of a run resumed with more epochs: the steps before the resume were trained with
# the epochs the run started with, and verify replays them so (it said DIFFERENT).
"$cli" train -q --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/more" --set epochs=1 \
  --set dataset.train_subset=640 --set dataset.val_subset=64 --set scheduler.name=cosine >/dev/null 2>&1
more=$(ls -d "$tmp"/more/*)
"$cli" resume "$more" -q --set epochs=2 >/dev/null 2>&1
"$cli" bundle "$more" -o "$tmp/more.tar" >/dev/null 2>&1
timeout -s KILL 120 "$cli" verify "$tmp/more.tar" --steps 20 >"$tmp/w/verify.txt" 2>&1
check "verify of a run resumed with more epochs matches (exit 0)" test $? -eq 0
check "and says which steps it compared" contains "$tmp/w/verify.txt" "resumed with other epochs at step 10"

base=(--config "$src/resources/experiments/imagefolder_fast.json" --set dataset.root="$tmp/photos"
      --set model.name=torchscript --set model.image_size=64)
timeout -s KILL 20 "$cli" summary "${base[@]}" --set model.path="$tmp/fifo.pt" >"$tmp/w/out.txt" 2>&1
check "a FIFO as model.path exits 2" test $? -eq 2
$py - "$tmp" <<'PY'
import sys, torch
class Int(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(3 * 64 * 64, 3)
    def forward(self, x):
        return self.fc(x.flatten(1)).long()
torch.jit.save(torch.jit.trace(Int(), torch.zeros(1, 3, 64, 64)), sys.argv[1] + "/int64.pt")
PY
timeout -s KILL 60 "$cli" summary "${base[@]}" --set model.path="$tmp/int64.pt" >"$tmp/w/out.txt" 2>&1
check "a TorchScript model with int64 outputs exits 2" test $? -eq 2
check "and says what it outputs" contains "$tmp/w/out.txt" "outputs Long logits"
check "without LibTorch's trace" bash -c "! grep -q 'frame #' '$tmp/w/out.txt'"

# A leading ~/ is the home folder in every path field, as README's examples write it.
mkdir -p "$tmp/home" && cp -r "$tmp/photos" "$tmp/home/photos" && rm -f "$tmp/home/photos"/*/fifo.png
HOME="$tmp/home" "$cli" summary --config "$src/resources/experiments/imagefolder_fast.json" \
  --set dataset.root='~/photos' >"$tmp/w/out.txt" 2>&1
check "--set dataset.root=~/photos reads the home folder" test $? -eq 0

# `timeout -s INT` signals the process and its group: one request, a clean stop, the
# record closed as stopped (it was taken as Ctrl+C twice, leaving run.json at running).
# The same two signals are sent here once the run trains, as timeout sends them.
run_status() {
  $py -c 'import json,sys,glob
try: print(json.load(open(glob.glob(sys.argv[1] + "/*/run.json")[0]))["status"])
except Exception: print("none")' "$1"
}
for try in 1 2 3; do
  rm -rf "$tmp/int"
  setsid "$cli" train -q --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/int" \
    --set epochs=50 --set dataset.val_subset=128 >"$tmp/w/int.txt" 2>&1 &
  pid=$!
  for _ in $(seq 1 600); do [[ $(run_status "$tmp/int") == running ]] && break; sleep 0.1; done
  kill -INT "$pid"
  kill -INT -- "-$pid"
  wait "$pid"
  code=$?
  check "one signal to the process and its group ($try): exit 130 (got $code)" test $code -eq 130
  check "one signal to the process and its group ($try): run.json says stopped" test "$(run_status "$tmp/int")" = stopped
done

report
