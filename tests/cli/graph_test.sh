#!/usr/bin/env bash
# The model graph and the autograd graph of one step (trainscope-cli graph): every
# built-in image model's autograd graph against PyTorch's own for the same step (the
# model from export-script: grad_fn names, leaves, bytes saved for backward); a ResNet
# block opened shows its skip; DOT, SVG and JSON out; tables and text too; wrong input
# refused with the field.
# Usage: graph_test.sh CLI SOURCE_DIR
set -uo pipefail
source "$(dirname "$0")/check.sh"
start_test "$@"
py=/usr/bin/python3

for model in lenet mlp vgg resnet18 fastcnn; do
  "$cli" export-script --config fashion_lenet --set model.name=$model --out "$tmp/$model.py" 2>/dev/null
  "$cli" graph --config fashion_lenet --set model.name=$model --batch 3 --out "$tmp/$model.json" 2>"$tmp/$model.err"
  check "$model: graph writes JSON" test $? -eq 0
  check "$model: and says what was saved for backward" contains "$tmp/$model.err" "saved for backward"
  "$py" "$src/tests/python/check_autograd_graph.py" "$tmp/$model.py" "$tmp/$model.json" >"$tmp/$model.cmp" 2>&1
  check "$model: the autograd graph is PyTorch's ($(head -c 300 "$tmp/$model.cmp"))" test $? -eq 0
done

"$cli" graph --config fashion_lenet --set model.name=resnet18 --expand layer2_0 --format dot >"$tmp/r.dot" 2>/dev/null
check "DOT to stdout" contains "$tmp/r.dot" "digraph"
check "a block drawn closed is marked (+)" contains "$tmp/r.dot" "BasicBlock layer3_0 (+)"
check "an opened block shows its parts" contains "$tmp/r.dot" "Conv2d conv1"
check "and its shortcut" contains "$tmp/r.dot" "Sequential downsample"
add=$(grep -oE 'n[0-9]+ \[label="Add' "$tmp/r.dot" | grep -oE '^n[0-9]+')
check "the add joins two paths: the block's and its shortcut" test "$(grep -cE -- "-> $add( |;)" "$tmp/r.dot")" -eq 2

# An imported TorchScript ResNet (torchvision's): its blocks open by its own module names.
"$py" - "$tmp" <<'PY'
import os, sys
import numpy as np, torch, torchvision
from PIL import Image
tmp = sys.argv[1]
torch.jit.save(torch.jit.script(torchvision.models.resnet18(num_classes=3)), os.path.join(tmp, "r18.pt"))
for c, name in enumerate(("red", "green")):
    os.makedirs(os.path.join(tmp, "photos", name))
    for i in range(6):
        img = np.zeros((40, 40, 3), dtype=np.uint8)
        img[..., c] = 200
        Image.fromarray(img).save(os.path.join(tmp, "photos", name, f"{i}.png"))
PY
"$cli" graph --config imagefolder_fast --set dataset.root="$tmp/photos" --set model.name=torchscript --set model.path="$tmp/r18.pt" \
  --set model.image_size=32 --batch 2 --expand layer2 --expand layer2.0 --format dot >"$tmp/ts.dot" 2>/dev/null
check "a TorchScript model's graph" contains "$tmp/ts.dot" "Sequential layer3 (+)"
check "its opened block shows the shortcut" contains "$tmp/ts.dot" "Sequential downsample (+)"
check "its next block stays closed" contains "$tmp/ts.dot" "BasicBlock 1 (+)"
add=$(grep -oE 'n[0-9]+ \[label="Add' "$tmp/ts.dot" | grep -oE '^n[0-9]+')
check "its add joins the two paths" test "$(grep -cE -- "-> $add( |;)" "$tmp/ts.dot")" -eq 2

"$cli" graph --config fashion_lenet --autograd --out "$tmp/a.svg" 2>/dev/null
check "SVG from its extension" contains "$tmp/a.svg" "<svg"
check "the autograd graph names its grad_fns" contains "$tmp/a.svg" "ConvolutionBackward0"
check "and its leaves" contains "$tmp/a.svg" "conv1.weight"
check "and what they saved" contains "$tmp/a.svg" "saved"

"$py" - "$tmp" <<'PY'
import os, random, sys
tmp = sys.argv[1]
random.seed(1)
with open(os.path.join(tmp, "t.csv"), "w") as f:
    f.write("a,b,target\n")
    for i in range(120):
        f.write(f"{random.random()},{random.choice('xyz')},{random.random() * 10}\n")
for label, words in (("pos", "good great fine day "), ("neg", "bad awful poor day ")):
    os.makedirs(os.path.join(tmp, "text", label))
    for i in range(12):
        open(os.path.join(tmp, "text", label, f"{i}.txt"), "w").write(words * 3)
PY
"$cli" graph --config table_mlp --set dataset.path="$tmp/t.csv" --autograd --format dot >"$tmp/t.dot" 2>/dev/null
check "a table's regression graph ends in its loss" contains "$tmp/t.dot" "MseLossBackward0"
"$cli" graph --config text_cnn --set dataset.root="$tmp/text" --format dot >"$tmp/x.dot" 2>/dev/null
check "a text model's graph starts at its embedding" contains "$tmp/x.dot" "Embedding embedding"

"$cli" graph >/dev/null 2>"$tmp/none.err"
check "no run and no config: exit 2" test $? -eq 2
"$cli" graph --config text_cnn --set dataset.root="$tmp/none" >/dev/null 2>"$tmp/missing.err"
check "a missing folder: exit 2" test $? -eq 2
check "naming the field" contains "$tmp/missing.err" "dataset.root"
"$cli" graph --config fashion_lenet --out "$tmp/no/such/dir/g.svg" 2>"$tmp/unwritable.err"
check "an unwritable --out fails" test $? -ne 0
check "and says so" contains "$tmp/unwritable.err" "cannot write"
"$cli" graph --config fashion_lenet --format png >/dev/null 2>&1
check "an unknown format is refused" test $? -ne 0

report
