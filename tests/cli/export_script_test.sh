#!/usr/bin/env bash
# Experiments out as PyTorch scripts (docs/workshop.md, "Show as PyTorch code"): the
# script of a one-epoch Fashion-MNIST LeNet run trains to the engine's accuracy within
# 1.5 points with /usr/bin/python3; an image folder's too (an easy one: both learn it);
# every built-in image model's nn.Module has the engine's state_dict keys and shapes
# (against the run's checkpoint); the mistakes a user makes are refused.
# Usage: export_script_test.sh CLI SOURCE_DIR
set -uo pipefail
source "$(dirname "$0")/check.sh"
start_test "$@"
py=/usr/bin/python3
experiments="$src/resources/experiments"

accuracy_of_run() {  # the run's best validation accuracy, from run.json
  "$py" -c 'import json,sys; print(json.load(open(sys.argv[1] + "/run.json"))["best_val_accuracy"])' "$1"
}
accuracy_of_script() {  # the best val_accuracy the script printed
  "$py" -c 'import re,sys; print(max(float(v) for v in re.findall(r"val_accuracy ([0-9.]+)", open(sys.argv[1]).read())))' "$1"
}
within() {  # within A B POINTS: |A - B| <= POINTS / 100
  "$py" -c 'import sys; a, b, p = map(float, sys.argv[1:]); sys.exit(abs(a - b) > p / 100)' "$1" "$2" "$3"
}

# Fashion-MNIST, LeNet, one epoch: the engine, then its script.
"$cli" train --config "$experiments/fashion_lenet.json" --out "$tmp/runs-fashion" --set epochs=1 \
  --set probes.enabled=false --quiet >"$tmp/fashion.train" 2>&1
check "the engine trains LeNet one epoch" test $? -eq 0
run=$(ls -d "$tmp/runs-fashion"/*/ | head -1)
"$cli" export-script "$run" --out "$tmp/fashion.py" 2>"$tmp/fashion.export"
check "export-script writes a run's script" test $? -eq 0
check "it says how to run it" contains "$tmp/fashion.export" "/usr/bin/python3"
for word in "class FashionMNIST(Dataset)" "DataLoader(" "class LeNet(nn.Module)" "optimizer.zero_grad" \
  "loss.backward()" "optimizer.step()" "@torch.no_grad()" "model.eval()" "state_dict()" "torch.manual_seed(SEED)"; do
  check "the script has $word" contains "$tmp/fashion.py" "$word"
done
(cd "$tmp" && "$py" fashion.py --epochs 1 --out "$tmp/py-fashion" >"$tmp/fashion.py.out" 2>&1)
check "the script runs" test $? -eq 0
engine=$(accuracy_of_run "$run")
script=$(accuracy_of_script "$tmp/fashion.py.out")
echo "Fashion-MNIST LeNet, one epoch: engine $engine, PyTorch script $script"
check "the script reaches the engine's accuracy within 1.5 points" within "$engine" "$script" 1.5
check "the script saves state_dict checkpoints" test -s "$tmp/py-fashion/checkpoints/best.pt"

# Every built-in image model: the script's nn.Module against the engine's model (its
# checkpoint), key by key and shape by shape.
for arch in mlp "mlp --set model.residual=true --set model.hidden=[32,32]" lenet vgg "vgg --set model.image_size=64" \
  resnet18 "resnet18 --set model.image_size=72" fastcnn; do
  name=$(echo "$arch" | tr -c 'a-z0-9\n' '_' | cut -c1-40)
  "$cli" train --config "$experiments/fashion_lenet.json" --out "$tmp/runs-$name" --set model.name=$arch \
    --set epochs=1 --set training.max_steps=2 --set loader.batch_size=8 --set dataset.train_subset=32 \
    --set dataset.val_subset=8 --set probes.enabled=false --quiet >"$tmp/$name.train" 2>&1
  arch_run=$(ls -d "$tmp/runs-$name"/*/ 2>/dev/null | head -1)
  check "$arch: trains" test -n "$arch_run"
  "$cli" export-script "$arch_run" --out "$tmp/$name.py" 2>/dev/null
  check "$arch: export-script" test $? -eq 0
  "$py" "$src/tests/python/check_script_model.py" "$tmp/$name.py" "$arch_run" >"$tmp/$name.keys" 2>&1
  check "$arch: the script's state_dict is the engine's" test $? -eq 0
  grep -v "^same" "$tmp/$name.keys" | head -5
done

# An image folder of three colours (an easy one: both should learn it), split by class.
"$py" - "$tmp/colours" <<'PY'
import os, sys
import numpy as np
from PIL import Image
rng = np.random.default_rng(1)
for c, name in enumerate(["red", "green", "blue"]):
    os.makedirs(os.path.join(sys.argv[1], name), exist_ok=True)
    for i in range(40):
        img = rng.integers(0, 90, (36 + i % 5, 40, 3), dtype=np.uint8)
        img[..., c] += 140
        Image.fromarray(img).save(os.path.join(sys.argv[1], name, f"{i}.png"))
PY
"$cli" train --config "$experiments/imagefolder_fast.json" --out "$tmp/runs-colours" --set dataset.root="$tmp/colours" \
  --set epochs=4 --set loader.batch_size=16 --set model.image_size=32 --set probes.enabled=false --quiet \
  >"$tmp/colours.train" 2>&1
check "the engine trains on the folder" test $? -eq 0
colours_run=$(ls -d "$tmp/runs-colours"/*/ | head -1)
"$cli" export-script "$colours_run" --out "$tmp/colours.py" 2>/dev/null
check "export-script writes the folder's script" test $? -eq 0
(cd "$tmp" && "$py" colours.py --epochs 4 --workers 0 --out "$tmp/py-colours" >"$tmp/colours.py.out" 2>&1)
check "the folder's script runs" test $? -eq 0
engine=$(accuracy_of_run "$colours_run")
script=$(accuracy_of_script "$tmp/colours.py.out")
echo "an image folder, fastcnn, 4 epochs: engine $engine, PyTorch script $script"
check "the folder's script reaches the engine's accuracy within 1.5 points" within "$engine" "$script" 1.5

# From a config, with overrides, printed.
"$cli" export-script --config fashion_mlp --set optimizer.name=adamw --set scheduler.name=cosine \
  --set scheduler.warmup_epochs=0.5 --set training.grad_accum_steps=2 --set training.clip_grad_norm=1 \
  >"$tmp/mlp.py" 2>"$tmp/mlp.err"
check "a shipped config by name, printed" test $? -eq 0
check "AdamW" contains "$tmp/mlp.py" "torch.optim.AdamW("
check "the cosine schedule" contains "$tmp/mlp.py" "math.cos"
check "accumulation" contains "$tmp/mlp.py" "(loss / ACCUMULATE).backward()"
check "clipping" contains "$tmp/mlp.py" "clip_grad_norm_"
"$py" -m py_compile "$tmp/mlp.py"
check "the printed script compiles" test $? -eq 0
"$cli" export-script --config fashion_lenet --set training.mixup_alpha=0.2 --set training.ema_decay=0.99 \
  >/dev/null 2>"$tmp/omitted.err"
check "what the script leaves out is said" contains "$tmp/omitted.err" "training.mixup_alpha"
"$cli" export-script --config fashion_lenet --set pitfalls.skip_zero_grad=true >"$tmp/pitfall.py" 2>/dev/null
check "a pitfall is written as a pitfall" contains "$tmp/pitfall.py" "zero_grad() left out"

# Wrong input: nothing, a missing run, both a run and a config, an unwritable file
# (tables and text: export_script_data_test.sh).
"$cli" export-script >"$tmp/none.out" 2>&1
check "no run and no config: exit 2" test $? -eq 2
"$cli" export-script "$tmp/no-such-run" >"$tmp/missing.out" 2>&1
check "a missing run folder: exit 2" test $? -eq 2
"$cli" export-script "$run" --config fashion_lenet >/dev/null 2>&1
check "a run and a config: refused" test $? -ne 0
"$cli" export-script "$run" --out "$tmp/no/such/dir/train.py" >/dev/null 2>"$tmp/unwritable.err"
check "an unwritable --out: exit 1" test $? -eq 1
check "and nothing written" test ! -e "$tmp/no/such/dir/train.py"
# Twice at once to one file: it is one whole script.
"$cli" export-script "$run" --out "$tmp/twice.py" 2>/dev/null &
"$cli" export-script "$colours_run" --out "$tmp/twice.py" 2>/dev/null
wait
"$py" -m py_compile "$tmp/twice.py"
check "two writers at once leave one whole script" test $? -eq 0

report
