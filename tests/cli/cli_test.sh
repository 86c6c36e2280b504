#!/usr/bin/env bash
# trainscope-cli as a user runs it: help, datasets, summary, config errors (message
# naming the field, non-zero exit, no training), a short run and its resume.
# Usage: cli_test.sh CLI SOURCE_DIR
set -uo pipefail
source "$(dirname "$0")/check.sh"
start_test "$@"

"$cli" --help >"$tmp/help" 2>&1
check "--help exits 0" test $? -eq 0
for sub in train resume summary datasets stats doctor tensors lesson runs repair export predict lr-find fit-batch; do
  check "--help lists $sub" contains "$tmp/help" "$sub"
  "$cli" $sub --help >"$tmp/subhelp" 2>&1
  check "$sub --help exits 0" test $? -eq 0
done

"$cli" doctor >"$tmp/doctor" 2>&1
check "doctor exits 0" test $? -eq 0
check "doctor says whether CUDA is there" grep -qE "CUDA available: (yes|no)" "$tmp/doctor"
check "doctor times a matmul" grep -qE "float32 matmul 1024x1024: CPU [0-9.]+ GFLOP/s" "$tmp/doctor"

"$cli" datasets >"$tmp/datasets" 2>&1
check "datasets exits 0" test $? -eq 0
check "datasets finds Fashion-MNIST" contains "$tmp/datasets" "/usr/share/datasets/fashion-mnist"
# A folder's check says how many epochs the photo recipe gives it: 30 images, 24 to train on.
/usr/bin/python3 "$src/bench/python/make_image_folder.py" "$tmp/folder" --kind plain-shapes --classes 3 --images 30 >/dev/null
"$cli" datasets "$tmp/folder" >"$tmp/folder.out" 2>&1
check "datasets FOLDER exits 0" test $? -eq 0
check "datasets FOLDER gives the photo recipe's epochs" contains "$tmp/folder.out" "photo recipe (imagefolder_fast): 150 epochs over these 24 training images"

"$cli" summary --config "$src/resources/experiments/fashion_lenet.json" >"$tmp/summary" 2>&1
check "summary exits 0" test $? -eq 0
check "summary shows LeNet's parameters" contains "$tmp/summary" "Total params: 61706"
check "summary shows output shapes" contains "$tmp/summary" "[1, 16, 10, 10]"

"$cli" stats --config "$src/resources/experiments/fashion_lenet.json" >"$tmp/stats" 2>&1
check "stats exits 0" test $? -eq 0
check "stats gives Fashion-MNIST's mean and std" contains "$tmp/stats" '{"name":"Normalize","mean":[0.286],"std":[0.353]}'

"$cli" train --config "$src/resources/experiments/fashion_lenet.json" --set optimizer.lrr=1 --out "$tmp/runs" >"$tmp/bad" 2>&1
code=$?
check "unknown key exits 2" test $code -eq 2
check "unknown key is named" contains "$tmp/bad" 'optimizer.lrr: unknown key (did you mean "lr"?)'
check "no run folder for a bad config" test ! -e "$tmp/runs"

"$cli" train --config "$src/resources/experiments/fashion_lenet.json" --set loader.batch_size=0 --out "$tmp/runs" >"$tmp/bad" 2>&1
check "impossible value exits 2" test $? -eq 2
check "impossible value is named" contains "$tmp/bad" "loader.batch_size: must be >= 1"

# Every bad command line or config is exit code 2, with a message and no run folder.
"$cli" frobnicate >"$tmp/bad" 2>&1
check "an unknown subcommand exits 2" test $? -eq 2
"$cli" train --config "$tmp/no-such.json" >"$tmp/bad" 2>&1
check "a missing --config file exits 2" test $? -eq 2
echo '[{"name": "x"}]' >"$tmp/array.json"
"$cli" train --config "$tmp/array.json" --out "$tmp/runs" >"$tmp/bad" 2>&1
check "a top-level array exits 2" test $? -eq 2
check "and says what it must be" contains "$tmp/bad" "must hold a JSON object ({ ... }), not an array"
printf '{"name": "x", "optimizer": {"lr": 0.1, "name": "sgd", "lr": 0.2}}' >"$tmp/dup.json"
"$cli" train --config "$tmp/dup.json" --out "$tmp/runs" >"$tmp/bad" 2>&1
check "a duplicate key exits 2" test $? -eq 2
check "naming the key" contains "$tmp/bad" "optimizer.lr: appears twice"
"$cli" runs "$tmp/no such runs" >"$tmp/bad" 2>&1
check "runs of a missing folder exits 2" test $? -eq 2
"$cli" train --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/dl" --set dataset.train_subset=10 \
  --set loader.drop_last=true >"$tmp/bad" 2>&1
check "a batch larger than the training set with drop_last exits 2" test $? -eq 2
check "naming the field" contains "$tmp/bad" "loader.batch_size: 64 is more than the 10 training images"
check "and keeps no run folder" test -z "$(ls "$tmp/dl" 2>/dev/null)"
"$cli" train --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/tl" --set dataset.train_subset=64 \
  --tensor-layers conv9 --save-tensors 1 >"$tmp/bad" 2>&1
check "an unknown --tensor-layers exits 2" test $? -eq 2
check "and keeps no run folder either" test -z "$(ls "$tmp/tl" 2>/dev/null)"

"$cli" train --config "$src/resources/experiments/imagefolder_resnet18.json" --set dataset.root="$tmp/missing photos" --out "$tmp/runs" >"$tmp/bad" 2>&1
check "missing dataset exits 2" test $? -eq 2
check "missing dataset is named" contains "$tmp/bad" "dataset.root: folder does not exist: $tmp/missing photos"
"$cli" train --config "$src/resources/experiments/fashion_lenet.json" --set dataset.kind=image-folder \
  --set dataset.root="$tmp/missing photos" --out "$tmp/runs" >"$tmp/bad" 2>&1
check "a missing folder with unfitting transforms exits 2" test $? -eq 2
check "and the missing folder is said first" \
  test "$(sed -n 2p "$tmp/bad")" = "  dataset.root: folder does not exist: $tmp/missing photos"

"$cli" train --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/runs" \
  --set epochs=1 --set dataset.train_subset=1024 --set dataset.val_subset=256 >"$tmp/train" 2>&1
check "short run exits 0" test $? -eq 0
check "epoch summary line" contains "$tmp/train" "epoch 1/1: train loss"
run_dir=$(ls -d "$tmp"/runs/lenet-fashion-mnist-* 2>/dev/null | head -1)
check "run folder exists" test -n "$run_dir"
check "run.json says finished" contains "$run_dir/run.json" '"status": "finished"'
for f in metrics.h5 log.txt checkpoints/last.pt checkpoints/best.pt; do
  check "run folder has $f" test -f "$run_dir/$f"
done

"$cli" resume "$run_dir" >"$tmp/resume" 2>&1
check "resuming a finished run without more epochs exits 2" test $? -eq 2
check "and says how to train further" contains "$tmp/resume" "epochs: the run has already completed 1 epoch(s)"

"$cli" resume "$run_dir" --set epochs=2 --set loader.batch_size=32 >"$tmp/resume" 2>&1
check "changing the batch size on resume exits 2" test $? -eq 2
check "and names the field" contains "$tmp/resume" "loader.batch_size: cannot change when resuming"

"$cli" resume "$run_dir" --set epochs=2 >"$tmp/resume" 2>&1
check "resume exits 0" test $? -eq 0
check "resume trains the second epoch" contains "$tmp/resume" "epoch 2/2: train loss"
check "resume continues the same folder" contains "$run_dir/run.json" '"epochs_completed": 2'

# The event stream for programs: --events - puts JSON Lines alone on stdout, the
# human output on stderr; a file works too; a config error is the stream's last line.
"$cli" train --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/events" --events - \
  --set epochs=1 --set dataset.train_subset=512 --set dataset.val_subset=128 >"$tmp/events.jsonl" 2>"$tmp/events.err"
check "training with --events - exits 0" test $? -eq 0
/usr/bin/python3 - "$tmp/events.jsonl" >"$tmp/events.check" 2>&1 <<'PY'
import json, os, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
events = [json.loads(line) for line in lines]  # every line is one JSON object
kinds = [e["event"] for e in events]
started = [e for e in events if e["event"] == "run_started"]
steps = [e["step"] for e in events if e["event"] == "step"]
states = [e["state"] for e in events if e["event"] == "state"]
ok = (kinds[0] == "run_folder" and started and os.path.isdir(started[0]["run_dir"])
      and events[0]["run_dir"] == started[0]["run_dir"] and steps == list(range(1, 9)) and "epoch" in kinds
      and states[-1] == "finished" and "probe" not in kinds)
print("stream ok" if ok else f"stream bad: {kinds[:12]} {steps} {states}")
PY
check "the stream has the run folder, every step, the epoch and the end" contains "$tmp/events.check" "stream ok"
check "human output went to stderr" contains "$tmp/events.err" "epoch 1/1: train loss"
"$cli" train -q --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/events" --events "$tmp/ev file.jsonl" \
  --set epochs=1 --set dataset.train_subset=256 --set dataset.val_subset=64 >"$tmp/events.out" 2>&1
check "--events FILE exits 0" test $? -eq 0
check "--events FILE writes the stream" grep -q '"event":"run_started"' "$tmp/ev file.jsonl"
check "and leaves stdout to people" contains "$tmp/events.out" "run folder:"
"$cli" train --config "$src/resources/experiments/fashion_lenet.json" --set optimizer.lr=-1 --events - \
  --out "$tmp/events" >"$tmp/events.bad" 2>"$tmp/events.baderr"
check "a bad config with --events exits 2" test $? -eq 2
check "its stream ends with the error, naming the field" grep -q '"event":"error".*optimizer.lr' <(tail -n 1 "$tmp/events.bad")
"$cli" train --config "$src/resources/experiments/fashion_lenet.json" --events "$tmp/no such dir/ev.jsonl" \
  --out "$tmp/events" >"$tmp/events.nodir" 2>&1
check "an unwritable events file exits 1" test $? -eq 1
check "and says which file" contains "$tmp/events.nodir" "--events: cannot create $tmp/no such dir/ev.jsonl"
# A reader that goes away (a closed pipe) ends the stream, not the run: it finishes.
"$cli" train --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/events-pipe" --events - \
  --set epochs=1 --set dataset.train_subset=512 --set dataset.val_subset=64 2>"$tmp/events.pipeerr" | head -n 1 >/dev/null
check "a closed events pipe does not kill the run" contains "$(ls -d "$tmp"/events-pipe/*)/run.json" '"status": "finished"'
check "and the CLI says the stream ended" contains "$tmp/events.pipeerr" "the run goes on without its event stream"

# Tensors saved at chosen steps, listed by `tensors`, read bit-exactly by h5py.
"$cli" train -q --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/tensors" --set epochs=1 \
  --set dataset.train_subset=640 --set dataset.val_subset=64 --save-tensors 3,7 --tensor-layers conv1,fc3 >"$tmp/tlog" 2>&1
check "training with --save-tensors exits 0" test $? -eq 0
check "the log says what was saved" contains "$tmp/tlog" "saved 12 tensors of step 3"
tensors_run=$(ls -d "$tmp"/tensors/lenet-fashion-mnist-* | head -1)
"$cli" tensors "$tensors_run" >"$tmp/tlist" 2>&1
check "tensors exits 0" test $? -eq 0
check "tensors lists conv1's activation at step 3" grep -qE "^/step_000003/conv1/activation +float32 +\[64, 6, 28, 28\]" "$tmp/tlist"
check "tensors counts them" contains "$tmp/tlist" "24 tensors in"
/usr/bin/python3 - "$tensors_run/tensors.h5" >"$tmp/tpy" 2>&1 <<'PY'
import sys, h5py
with h5py.File(sys.argv[1], "r") as f:
    d = f["step_000007/fc3/weight_grad"]
    print("ok" if d.attrs["step"] == 7 and d.attrs["kind"] == "weight_grad" and d.attrs["layer_type"] == "Linear"
          and list(d.attrs["shape"]) == list(d.shape) == [10, 84] else "bad")
PY
check "h5py reads a saved tensor with its attributes" contains "$tmp/tpy" "ok"
"$cli" train -q --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/tensors" --set epochs=1 \
  --set dataset.train_subset=640 --save-tensors 3 --tensor-layers conv7 >"$tmp/tbad" 2>&1
check "an unknown layer to save is a config error" test $? -eq 2
check "and names the field and the layers there are" contains "$tmp/tbad" 'tensors.layers[0]: no layer "conv7" in this model; its layers are conv1, relu1'
"$cli" tensors "$run_dir" >"$tmp/tnone" 2>&1
check "tensors on a run without saves explains" contains "$tmp/tnone" "no tensors were saved in this run"

# Lessons and the run library from a terminal.
"$cli" lesson "$src/resources/lessons" >"$tmp/lessons" 2>&1
check "lesson lists the lessons" test $? -eq 0
check "all eight of them" test "$(grep -cE '^[1-8]\. ' "$tmp/lessons")" -eq 8
"$cli" lesson "$src/resources/lessons/02_zero_grad.json" -q --out "$tmp/lesson" >"$tmp/lesson2" 2>&1
check "lesson 2 runs" test $? -eq 0
check "it explains itself" contains "$tmp/lesson2" "optimizer.zero_grad()"
check "its broken run says so in the log" contains "$tmp/lesson2" "teaching pitfall on"
check "and the table compares both runs" grep -qE "^forgot-zero_grad +(finished|stopped)" "$tmp/lesson2"
"$cli" lesson "$src/resources/lessons/02_zero_grad.json" --lang zh_CN -q --out "$tmp/lesson" >"$tmp/lesson2zh" 2>&1
check "lessons speak Chinese" contains "$tmp/lesson2zh" "忘记调用 zero_grad()"
"$cli" runs "$tmp/lesson" >"$tmp/runlist" 2>&1
check "runs lists the lesson's runs" contains "$tmp/runlist" "4 runs in"
check "with their status" grep -q "lesson2_zero_grad-correct .*finished" "$tmp/runlist"

# A learning rate of 1000 diverges: the NaN guard pauses, the CLI stops (nobody can
# resume a terminal run) and exits 1, leaving the evidence.
"$cli" train --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/nan" --set optimizer.name=sgd \
  --set optimizer.lr=1000 --set epochs=1 --set dataset.train_subset=2048 --set dataset.val_subset=128 >"$tmp/nanlog" 2>&1
check "a diverging run exits 1" test $? -eq 1
check "the NaN guard says where" contains "$tmp/nanlog" "NaN guard at step"
check "the CLI stops a guard-paused run" contains "$tmp/nanlog" "the NaN guard paused the run; stopping it"
check "the evidence is in the run folder" test -n "$(ls "$tmp"/nan/*/nan_guard/*.h5 2>/dev/null)"

# A crash (kill -9) mid-run: the record stays readable and the run resumes from its
# last checkpoint. HDF5 marks a file left open for SWMR writing; resume must cope.
"$cli" train -q --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/crash" \
  --set epochs=30 --set dataset.train_subset=2048 --set dataset.val_subset=128 >"$tmp/crashlog" 2>&1 &
pid=$!
for _ in $(seq 600); do
  ls "$tmp"/crash/*/checkpoints/last.pt >/dev/null 2>&1 && break
  sleep 0.05
done
sleep 0.3
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
crash_dir=$(ls -d "$tmp"/crash/lenet-fashion-mnist-* | head -1)
check "a killed run leaves status running" contains "$crash_dir/run.json" '"status": "running"'
"$cli" resume -q "$crash_dir" >"$tmp/crashresume" 2>&1
check "a killed run resumes" test $? -eq 0
check "and finishes all its epochs" contains "$crash_dir/run.json" '"epochs_completed": 30'
/usr/bin/python3 - "$crash_dir" >"$tmp/steps" 2>&1 <<'PY'
import sys, h5py, numpy as np
with h5py.File(sys.argv[1] + "/metrics.h5", "r", libver="latest", swmr=True) as f:
    step = f["steps/step"][:]
    print("contiguous" if np.array_equal(step, np.arange(1, len(step) + 1)) and len(step) == 30 * 32 else f"broken {len(step)}")
PY
check "the resumed record is one curve, each step once" contains "$tmp/steps" "contiguous"

# Suspect labels: planted flips (dataset.label_noise), listed as JSON; samples.h5 read by h5py.
"$cli" train -q --config "$src/resources/experiments/fashion_lenet.json" --out "$tmp/noise" --set epochs=2 \
  --set dataset.train_subset=2048 --set dataset.val_subset=128 --set dataset.label_noise=0.1 >"$tmp/noisetrain" 2>&1
noise_dir=$(ls -d "$tmp"/noise/lenet-fashion-mnist-* | head -1)
"$cli" suspects "$noise_dir" --top 5 --json >"$tmp/suspects" 2>&1
check "suspects --json exits 0" test $? -eq 0
/usr/bin/python3 - "$tmp/suspects" "$noise_dir" >"$tmp/suspects_check" 2>&1 <<'PY'
import json, sys, h5py
top = json.load(open(sys.argv[1]))
assert len(top) == 5 and all({"index", "path", "label", "predicted", "score"} <= set(t) for t in top), top
assert [t["score"] for t in top] == sorted((t["score"] for t in top), reverse=True)
with h5py.File(sys.argv[2] + "/samples.h5", "r") as f:
    assert f["loss"].shape == (2, 2048) and f["label_noise/flipped"].shape == (205,), f["loss"].shape
print("suspects ok")
PY
check "the suspects are a ranked JSON list and samples.h5 reads in h5py" contains "$tmp/suspects_check" "suspects ok"
# Dataset health: a copy of a training image in val/ is leakage, reported as JSON.
/usr/bin/python3 - "$tmp/health" <<'PY'
import os, sys, numpy as np
from PIL import Image
root = sys.argv[1]
rng = np.random.default_rng(0)
for c in "ab":
    os.makedirs(f"{root}/{c}", exist_ok=True)
    os.makedirs(f"{root}/val/{c}", exist_ok=True)
    for i in range(3):
        Image.fromarray(rng.integers(0, 255, (32, 32, 3), dtype=np.uint8)).save(f"{root}/{c}/{i}.png")
    Image.fromarray(rng.integers(0, 255, (32, 32, 3), dtype=np.uint8)).save(f"{root}/val/{c}/v.png")
Image.open(f"{root}/a/1.png").save(f"{root}/val/a/leak.png")
PY
"$cli" check "$tmp/health" --json >"$tmp/health.json" 2>&1
check "check --json exits 0" test $? -eq 0
/usr/bin/python3 -c 'import json,sys; h=json.load(open(sys.argv[1])); print("leak", h["exact_across_splits"], h["train"], h["val"])' \
  "$tmp/health.json" >"$tmp/health_check" 2>&1
check "check finds the training image copied into val/" contains "$tmp/health_check" "leak 1 6 3"
# Quality checks: a blurred copy is flagged with its score; a threshold given is used and reported.
/usr/bin/python3 -c 'import sys; from PIL import Image, ImageFilter; Image.open(sys.argv[1] + "/b/0.png").resize((96, 96)).filter(ImageFilter.GaussianBlur(4)).save(sys.argv[1] + "/b/soft.png")' "$tmp/health"
"$cli" check --threshold dark=0.05 "$tmp/health" --json >"$tmp/quality.json" 2>&1  # the folder after it is not a threshold
/usr/bin/python3 -c 'import json,sys; q=json.load(open(sys.argv[1]))["quality"]; print("blurry", [x["path"].split("/")[-1] for x in q["blurry"]["listed"]], "dark", q["dark"]["threshold"])' \
  "$tmp/quality.json" >"$tmp/quality_check" 2>&1
check "check flags the blurred image, with the threshold given" contains "$tmp/quality_check" "blurry ['soft.png'] dark 0.05"
"$cli" check "$tmp/health" --threshold sharpness=1 >"$tmp/badthreshold" 2>&1
code=$?
check "an unknown quality check exits 2" test $code -eq 2
check "an unknown quality check names the keys" contains "$tmp/badthreshold" "KEY one of blurry, dark"
"$cli" check "$tmp/health" --threshold odd_size=0.5 >"$tmp/badrange" 2>&1
code=$?
check "a threshold out of its range exits 2" test $code -eq 2
check "a threshold out of its range says the range" contains "$tmp/badrange" "odd_size must be from 1 to 10000"
"$cli" suspects "$tmp" >"$tmp/nosamples" 2>&1
check "a folder without samples.h5 is an error that says so" contains "$tmp/nosamples" "has no samples.h5"

report
