#!/usr/bin/env bash
# Runs taken elsewhere, as a user does it: `export-tensorboard` read back by a reader
# written from the published record format (tests/python/read_tfevents.py: every CRC,
# every scalar and histogram against metrics.h5 and probes.h5, a resumed run's too);
# `bundle` opened by Python's tarfile; `verify` bit for bit in deterministic mode,
# within tolerance otherwise, and naming the changed image when the dataset changed;
# and the mistakes on the way (no run, not a bundle, a missing dataset, Ctrl+C).
# Usage: share_test.sh CLI SOURCE_DIR
set -uo pipefail
source "$(dirname "$0")/check.sh"
start_test "$@"
py=/usr/bin/python3
export HOME="$tmp/home"  # nothing lands in the real ~/Trainscope

# A small image folder of 3 classes (PNG): its files can be changed for the fingerprint.
"$py" - "$tmp/photos" <<'PY'
import os, sys
import numpy as np
from PIL import Image
rng = np.random.default_rng(0)
for c, name in enumerate(["red", "green", "blue"]):
    os.makedirs(os.path.join(sys.argv[1], name), exist_ok=True)
    for i in range(16):
        img = rng.integers(0, 60, (32, 32, 3), dtype=np.uint8)
        img[..., c] += 150
        Image.fromarray(img).save(os.path.join(sys.argv[1], name, f"{i}.png"))
PY

# LeNet on Fashion-MNIST: 30 steps with histograms every 10, stopped at 20 and resumed
# (so probes-until-step*.h5 exists too), deterministic.
base=(--config fashion_lenet --set epochs=1 --set training.max_steps=20 --set loader.batch_size=16
  --set dataset.train_subset=640 --set dataset.val_subset=64 --set probes.histogram_every=10 --set deterministic=true
  --set threads=2 --set record.tensorboard=true --quiet)
"$cli" train "${base[@]}" >"$tmp/train" 2>&1
check "a shipped experiment trains by name, into ~/Trainscope/runs" test $? -eq 0
run=$(ls -d "$HOME"/Trainscope/runs/*/ 2>/dev/null | head -1)
run=${run%/}
check "the run is in the default runs folder" test -n "$run"
"$cli" resume "$run" --set training.max_steps=30 --quiet >"$tmp/resume" 2>&1
check "the run resumes to step 30" test $? -eq 0
check "the resumed run keeps its earlier probes" test -n "$(ls "$run"/probes-until-step*.h5 2>/dev/null)"

# TensorBoard.
"$cli" export-tensorboard "$run" "$tmp/tb" >"$tmp/tb.out" 2>&1
check "export-tensorboard succeeds" test $? -eq 0
events=$(ls "$tmp/tb/$(basename "$run")"/events.out.tfevents.* 2>/dev/null | head -1)
check "it writes OUT/<run>/events.out.tfevents.*" test -n "$events"
check "and says how to view it" contains "$tmp/tb.out" "tensorboard --logdir $tmp/tb"
"$py" "$src/tests/python/read_tfevents.py" "$events" "$run" >"$tmp/tb.read" 2>&1
check "every CRC, scalar and histogram reads back (read_tfevents.py)" test $? -eq 0
cat "$tmp/tb.read"
check "histograms were among them" grep -qE "and [1-9][0-9]* histograms read" "$tmp/tb.read"
# record.tensorboard: the same values written live, one event file per session.
check "record.tensorboard writes live event files, one per session" test "$(ls "$run"/tensorboard | wc -l)" -eq 2
"$py" "$src/tests/python/read_tfevents.py" "$run/tensorboard" "$run" >"$tmp/live.read" 2>&1
check "the live events read back, CRCs and all" grep -q "histograms read" "$tmp/live.read"
# A log, as TensorBoard's own: the first session's validation at the stop stays in it
# though the resume trimmed it from the record ("extra"); nothing is missing or differs.
check "the live events hold every scalar and histogram of the run" not_grep -E "missing|differs|wall_time" "$tmp/live.read"
"$cli" export-tensorboard "$run" "$tmp/tb" >/dev/null 2>&1
check "exporting again replaces the earlier event file" test "$(ls "$tmp/tb/$(basename "$run")" | wc -l)" -eq 1
"$cli" export-tensorboard "$tmp/photos" "$tmp/tb" >"$tmp/bad" 2>&1
check "a folder that is no run exits 2 (bad input)" test $? -eq 2
check "and says so" contains "$tmp/bad" "has no metrics.h5"

# The bundle, verified bit for bit.
"$cli" bundle "$run" >"$tmp/bundle.out" 2>&1
check "bundle succeeds" test $? -eq 0
bundle="$run.bundle.tar"
check "the bundle lies beside the run" test -f "$bundle"
"$py" - "$bundle" >"$tmp/members" 2>&1 <<'PY'
import json, sys, tarfile
with tarfile.open(sys.argv[1]) as t:
    names = t.getnames()
    b = json.load(t.extractfile("bundle.json"))
print(" ".join(names))
print("files", len(b["inputs"]["dataset"]["files"]), "steps", len(b["reference"]["loss"]), "seed", b["seed"],
      "threads", b["threads"], "libtorch", b["versions"]["libtorch"])
PY
check "Python's tarfile opens it" test $? -eq 0
check "it holds the config, run.json and the checkpoint" contains "$tmp/members" "bundle.json config.json run.json checkpoints/last.pt"
check "it fingerprints the dataset and keeps the reference losses" grep -qE "files [1-9][0-9]* steps 30 seed" "$tmp/members"
"$cli" verify "$bundle" --steps 12 >"$tmp/verify" 2>&1
check "verify: the deterministic run reproduces bit for bit" test $? -eq 0
check "and says so" contains "$tmp/verify" "identical, bit for bit"
check "with nothing different" contains "$tmp/verify" "same versions, threads, device, CPU and inputs"
"$cli" verify "$bundle" --steps 5 --json >"$tmp/verify.json" 2>&1
check "verify --json is one JSON object" "$py" -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['bit_exact'] and d['steps_compared'] == 5" "$tmp/verify.json"

# The comparison itself, on bundles changed by hand: a loss off by 1e-5 (relative) is
# within the tolerance outside deterministic mode, off by 1% it is not; another
# LibTorch version is named.
tamper() {  # tamper IN OUT PYTHON-STATEMENT (on the dict b of bundle.json)
  "$py" - "$@" <<'PY'
import io, json, sys, tarfile
with tarfile.open(sys.argv[1]) as src, tarfile.open(sys.argv[2], "w", format=tarfile.USTAR_FORMAT) as dst:
    for m in src.getmembers():
        data = src.extractfile(m).read()
        if m.name == "bundle.json":
            b = json.loads(data)
            exec(sys.argv[3])
            data = json.dumps(b).encode()
        m.size = len(data)
        dst.addfile(m, io.BytesIO(data))
PY
}
tamper "$bundle" "$tmp/near.tar" 'b["deterministic"] = False; b["reference"]["loss"][3] *= 1 + 1e-5'
"$cli" verify "$tmp/near.tar" --steps 6 >"$tmp/near" 2>&1
check "a loss 1e-5 off matches within tolerance" test $? -eq 0
check "and the report says from which step it is not bit for bit" contains "$tmp/near" "MATCH within tolerance"
check "marking the step" grep -qE "^ +4 .*<- first difference" "$tmp/near"
tamper "$bundle" "$tmp/far.tar" 'b["deterministic"] = False; b["reference"]["loss"][3] *= 1.01; b["versions"]["libtorch"] = "0.9.0"'
"$cli" verify "$tmp/far.tar" --steps 6 >"$tmp/far" 2>&1
check "a loss 1% off does not match: exit 1" test $? -eq 1
check "and says DIFFERENT" contains "$tmp/far" "DIFFERENT"
check "naming the LibTorch version recorded" contains "$tmp/far" "libtorch 0.9.0 recorded"
"$cli" verify "$tmp/far.tar" --steps 6 --tolerance 0.05 >/dev/null 2>&1
check "--tolerance widens it" test $? -eq 0
tamper "$bundle" "$tmp/det.tar" 'b["reference"]["loss"][3] *= 1 + 1e-9'
"$cli" verify "$tmp/det.tar" --steps 6 >"$tmp/det" 2>&1
check "deterministic mode allows no difference at all" test $? -eq 1

# The dataset changed: one image edited after bundling; the report names it.
"$cli" train --config imagefolder_fast --set dataset.root="$tmp/photos" --set epochs=1 --set training.max_steps=6 \
  --set loader.batch_size=8 --set deterministic=true --set threads=2 --set probes.enabled=false --quiet \
  --out "$tmp/runs-photos" >"$tmp/photos.train" 2>&1
check "a photo run trains" test $? -eq 0
photos_run=$(ls -d "$tmp"/runs-photos/*/ | head -1)
"$cli" bundle "${photos_run%/}" --out "$tmp/photos.tar" >/dev/null 2>&1
"$py" -c "
from PIL import Image; import numpy as np
Image.fromarray(np.full((32, 32, 3), 255, np.uint8)).save('$tmp/photos/green/3.png')"
"$cli" verify "$tmp/photos.tar" --steps 6 >"$tmp/verify3" 2>&1
check "verify names the changed image" contains "$tmp/verify3" "changed: green/3.png"
mv "$tmp/photos" "$tmp/moved photos"
"$cli" verify "$tmp/photos.tar" >"$tmp/bad" 2>&1
check "a dataset that is not here exits 2" test $? -eq 2
check "and says to give its folder" contains "$tmp/bad" "--dataset"
"$cli" verify "$tmp/photos.tar" --dataset "$tmp/moved photos" --steps 3 >"$tmp/verify4" 2>&1
check "--dataset finds a moved dataset" test $? -le 1
check "and it is compared" contains "$tmp/verify4" "re-run loss"

# Mistakes.
"$cli" verify "$tmp/members" >"$tmp/bad" 2>&1
check "a file that is no bundle exits 2" test $? -eq 2
check "and says so" contains "$tmp/bad" "is not a tar archive"
head -c 3000 "$bundle" >"$tmp/cut.tar"
"$cli" verify "$tmp/cut.tar" >"$tmp/bad" 2>&1
check "a bundle cut short exits 2" test $? -eq 2
"$cli" bundle "$tmp/photos-nothing" >"$tmp/bad" 2>&1
check "bundle of a missing folder exits 2" test $? -eq 2

# Ctrl+C during verify: exit 130 and no re-run left behind.
before=$(ls -d /tmp/trainscope-verify-* 2>/dev/null | wc -l)
"$cli" verify "$bundle" --steps 30 >"$tmp/int" 2>&1 &
pid=$!
for _ in $(seq 200); do grep -q "re-running the first" "$tmp/int" && break; sleep 0.05; done
kill -INT $pid
wait $pid
check "Ctrl+C stops verify with 130" test $? -eq 130
check "and removes its re-run" test "$(ls -d /tmp/trainscope-verify-* 2>/dev/null | wc -l)" -eq "$before"

report
