#!/usr/bin/env bash
# Models out, as a user takes them: for every built-in architecture, a short run,
# then `export --format torchscript` and `--format onnx`, checked from the far side
# (tests/python/check_export.py: torch.jit.load within 1e-5, onnx.checker, OpenCV DNN
# within 1e-4); `predict` on an image; and the mistakes a user makes on the way.
# Usage: export_test.sh CLI SOURCE_DIR
set -uo pipefail
source "$(dirname "$0")/check.sh"
start_test "$@"
py=/usr/bin/python3
config="$src/resources/experiments/fashion_lenet.json"

# A small image folder of 3 classes (PNG), for the folder-trained models and predict.
"$py" - "$tmp/photos" <<'PY'
import os, sys
import numpy as np
from PIL import Image
rng = np.random.default_rng(0)
for c, name in enumerate(["red", "green", "blue"]):
    os.makedirs(os.path.join(sys.argv[1], name), exist_ok=True)
    for i in range(12):
        img = rng.integers(0, 60, (40 + i, 50, 3), dtype=np.uint8)
        img[..., c] += 150
        Image.fromarray(img).save(os.path.join(sys.argv[1], name, f"{i}.png"))
PY

train() {  # train NAME ARGS...: a few steps, the run folder in $tmp/NAME.run
  local name=$1
  shift
  "$cli" train --config "$config" --out "$tmp/runs-$name" --set epochs=1 --set training.max_steps=3 \
    --set loader.batch_size=8 --set dataset.train_subset=64 --set dataset.val_subset=16 --set probes.enabled=false \
    --quiet "$@" >"$tmp/$name.train" 2>&1
  ls -d "$tmp/runs-$name"/*/ 2>/dev/null | head -1 >"$tmp/$name.run"
}

for arch in mlp "mlp --set model.residual=true --set model.hidden=[32,32] --set model.activation=tanh" lenet vgg \
  "vgg --set model.image_size=64" \
  resnet18 "resnet18 --set model.image_size=72" fastcnn "fastcnn --set model.image_size=48"; do
  name=$(echo "$arch" | tr -c 'a-z0-9\n' '_' | cut -c1-40)
  train "$name" --set model.name=$arch
  run=$(cat "$tmp/$name.run")
  check "$arch: trains" test -n "$run"
  "$cli" export "$run" --format torchscript --out "$tmp/$name.pt" --example "$tmp/$name.h5" >"$tmp/$name.ts" 2>&1
  check "$arch: exports TorchScript" test $? -eq 0
  check "$arch: checked against the engine" grep -q "max abs diff" "$tmp/$name.ts"
  "$cli" export "$run" --format onnx --out "$tmp/$name.onnx" >"$tmp/$name.ox" 2>&1
  check "$arch: exports ONNX" test $? -eq 0
  check "$arch: preprocessing beside the model" test -s "$tmp/$name.onnx.json"
  "$py" "$src/tests/python/check_export.py" "$tmp/$name.h5" --torchscript "$tmp/$name.pt" --onnx "$tmp/$name.onnx" \
    >"$tmp/$name.check" 2>&1
  check "$arch: Python and OpenCV give the engine's outputs" test $? -eq 0
  grep FAIL "$tmp/$name.check"
done

# A model trained on a photo folder: predict top-k on a photo, and in JSON.
"$cli" train --config "$src/resources/experiments/imagefolder_fast.json" --out "$tmp/runs-photos" \
  --set dataset.root="$tmp/photos" --set epochs=2 --set loader.batch_size=8 --set model.image_size=32 --quiet \
  >"$tmp/photos.train" 2>&1
check "fast preset trains on a photo folder" test $? -eq 0
photos_run=$(ls -d "$tmp/runs-photos"/*/ | head -1)
check "the run is named by model and data" grep -q '"name": "fastcnn-photos ' "$photos_run/run.json"
"$cli" predict "$photos_run" "$tmp/photos/red/3.png" -k 2 >"$tmp/predict" 2>&1
check "predict exits 0" test $? -eq 0
check "predict prints two classes with probabilities" test "$(grep -cE '^ +[0-9.]+%  (red|green|blue)$' "$tmp/predict")" -eq 2
"$cli" predict "$photos_run" "$tmp/photos/blue/1.png" "$tmp/missing.png" --json >"$tmp/predict.json" 2>&1
check "predict with a missing image exits 2 (bad input)" test $? -eq 2
check "predict --json: one object per image, the bad one with its reason" \
  "$py" -c "import json,sys; l=[json.loads(x) for x in open(sys.argv[1])]; assert len(l)==2 and len(l[0]['top'])==3 and 'error' in l[1] and abs(sum(t['probability'] for t in l[0]['top'])-1)<1e-4" "$tmp/predict.json"

# Similar images (embeddings.h5): a recorded photo's nearest, as programs read them; a
# photo outside the recorded set through the last checkpoint; a wrong image.
"$py" -c "import h5py,sys; f=h5py.File(sys.argv[1]); assert f['features'].shape[0]==f['labels'].shape[0]==f['pca'].shape[1] and f['pca'].shape[0]==2" \
  "$photos_run/embeddings.h5"
check "embeddings.h5: features, labels and two epochs of components, for h5py" test $? -eq 0
recorded=$("$py" -c "import h5py,sys; print(h5py.File(sys.argv[1])['paths'][()].tobytes().decode().split(chr(10))[0])" "$photos_run/embeddings.h5")
"$cli" similar "$photos_run" "$recorded" --top 3 --json >"$tmp/similar.json" 2>&1
check "similar --json: three recorded images, nearest first, the query left out" "$py" -c "import json,sys; \
r=json.load(open(sys.argv[1])); d=[n['distance'] for n in r['nearest']]; \
assert len(d)==3 and d==sorted(d) and all(n['path']!=sys.argv[2] for n in r['nearest'])" "$tmp/similar.json" "$recorded"
cp "$recorded" "$tmp/outside.png"
"$cli" similar "$photos_run" "$tmp/outside.png" --top 1 >"$tmp/similar.out" 2>&1
check "similar: a copy outside the set finds the original at distance 0" grep -qE "^ +0\.000 .* $recorded\$" "$tmp/similar.out"
"$cli" similar "$photos_run" "$tmp/missing.png" >"$tmp/similar.bad" 2>&1
check "similar: a missing image exits 2" test $? -eq 2

# Before a run: the learning-rate finder and the batch-size fitter, as programs read them.
tiny=(--config "$config" --set dataset.train_subset=512 --set dataset.val_subset=64 --set loader.batch_size=16)
"$cli" lr-find "${tiny[@]}" --iterations 40 --json >"$tmp/lr.json" 2>"$tmp/lr.err"
check "lr-find --json exits 0" test $? -eq 0
check "lr-find: a curve, a suggestion, the state restored" "$py" -c "import json,sys; r=json.load(open(sys.argv[1])); \
assert len(r['lrs']) >= 10 and len(r['lrs']) == len(r['losses']) and 1e-6 < r['suggestion'] < 10 and r['state_restored']" \
  "$tmp/lr.json"
check "lr-find writes no progress into a file" test ! -s "$tmp/lr.err"
"$cli" lr-find "${tiny[@]}" --iterations 40 --csv "$tmp/lr.csv" >"$tmp/lr.txt" 2>&1
check "lr-find draws the curve and says the rate" grep -q "suggested learning rate: " "$tmp/lr.txt"
check "lr-find --csv writes the curve" test "$(head -1 "$tmp/lr.csv")" = "lr,loss"
"$cli" fit-batch "${tiny[@]}" --target-batch 4096 --json >"$tmp/fit.json" 2>&1
check "fit-batch --json exits 0" test $? -eq 0
check "fit-batch: a batch that fits and the accumulation for 4096" "$py" -c "import json,sys,math; \
r=json.load(open(sys.argv[1])); b=r['batch_size']; assert 8 <= b <= 512 and r['grad_accum_steps'] == math.ceil(4096 / b)" \
  "$tmp/fit.json"
"$cli" lr-find --config "$config" --set model.name=nope >"$tmp/lrbad" 2>&1
check "lr-find with a bad config exits 2 naming the field" test $? -eq 2 -a -n "$(grep -l model.name "$tmp/lrbad")"

# Wrong input: a folder that is not a run, a bad format, a checkpoint that is not there.
"$cli" export "$tmp" --format onnx --out "$tmp/x.onnx" >"$tmp/notrun" 2>&1
check "export of a non-run folder exits 2 (bad input)" test $? -eq 2
check "... and says why" contains "$tmp/notrun" "no run.json"
"$cli" export "$photos_run" --format keras --out "$tmp/x" >"$tmp/badformat" 2>&1
check "an unknown format exits 2" test $? -eq 2
"$cli" export "$photos_run" --checkpoint nope --out "$tmp/x.pt" >"$tmp/nockpt" 2>&1
check "a missing checkpoint exits 1 naming it" grep -q "no checkpoint nope.pt" "$tmp/nockpt"

report
