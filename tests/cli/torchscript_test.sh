#!/usr/bin/env bash
# Bring your own model: a torchvision ResNet-18 scripted by python3-torch at test
# time (random weights, 1000 classes) is trained on a 3-class photo folder with its
# head replaced and its backbone frozen, then unfrozen; its summary lists the
# torchvision layers; probes see them; it exports back to TorchScript that Python
# loads with the engine's outputs; a traced module and wrong input fail readably.
# Usage: torchscript_test.sh CLI SOURCE_DIR
set -uo pipefail
source "$(dirname "$0")/check.sh"
start_test "$@"
py=/usr/bin/python3

"$py" - "$tmp" <<'PY'
import os, sys
import numpy as np
import torch, torchvision
from PIL import Image
out = sys.argv[1]
torch.manual_seed(0)
torch.jit.script(torchvision.models.resnet18()).save(os.path.join(out, "resnet18.pt"))  # the 3 lines the docs show
class Odd(torch.nn.Module):  # a forward that is not its children in order
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Conv2d(3, 4, 3)
        self.b = torch.nn.Linear(4, 3)
    def forward(self, x):
        return self.b(torch.amax(torch.relu(self.a(x)), dim=(2, 3)))
torch.jit.trace(Odd(), torch.randn(1, 3, 32, 32)).save(os.path.join(out, "odd.pt"))
seq = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3), torch.nn.ReLU(), torch.nn.AdaptiveAvgPool2d(1),
                          torch.nn.Flatten(), torch.nn.Linear(8, 5))
torch.jit.script(seq).save(os.path.join(out, "seq.pt"))  # children named "0", "1", ...
rng = np.random.default_rng(0)
for c, name in enumerate(["red", "green", "blue"]):
    os.makedirs(os.path.join(out, "photos", name), exist_ok=True)
    for i in range(12):
        img = rng.integers(0, 60, (40, 48, 3), dtype=np.uint8)
        img[..., c] += 150
        Image.fromarray(img).save(os.path.join(out, "photos", name, f"{i}.png"))
PY
check "python3-torch scripted the models" test -s "$tmp/resnet18.pt" -a -s "$tmp/odd.pt"

base=(--config "$src/resources/experiments/imagefolder_fast.json" --set dataset.root="$tmp/photos"
  --set model.name=torchscript --set model.image_size=32 --set loader.batch_size=8)

"$cli" summary "${base[@]}" --set model.path="$tmp/resnet18.pt" >"$tmp/summary" 2>&1
check "summary exits 0" test $? -eq 0
check "summary lists torchvision's layers" grep -qE "^ *layer4 +" "$tmp/summary"
check "summary shows the replaced head's 3 outputs" contains "$tmp/summary" "[1, 3]"

"$cli" train "${base[@]}" --set model.path="$tmp/resnet18.pt" --set epochs=2 --set 'model.freeze=["backbone"]' \
  --set model.unfreeze_epoch=2 --set model.backbone_lr_factor=0.1 --out "$tmp/runs" >"$tmp/train" 2>&1
check "fine-tunes a scripted torchvision ResNet-18" test $? -eq 0
run=$(ls -d "$tmp/runs"/*/ | head -1)
check "the run is named after the file" grep -q '"name": "resnet18-photos ' "$run/run.json"
check "the backbone is frozen in epoch 1" grep -q "60 parameter tensors frozen" "$run/log.txt"
check "and trains from epoch 2" grep -q "every layer trains from epoch 2" "$run/log.txt"
"$py" - "$run" >"$tmp/probes" 2>&1 <<'PY'
import sys, h5py
with h5py.File(sys.argv[1] + "/probes.h5", "r") as f:
    print("\n".join(n.decode() if isinstance(n, bytes) else n for n in f["names"][:]))
PY
check "probes see torchvision's layer outputs" grep -q "layer3" "$tmp/probes"
check "probes see its parameters by PyTorch's names" grep -q "layer1.0.conv1.weight" "$tmp/probes"

"$cli" export "$run" --format torchscript --out "$tmp/tuned.pt" --example "$tmp/tuned.h5" >"$tmp/export" 2>&1
check "exports the fine-tuned model" test $? -eq 0
"$py" "$src/tests/python/check_export.py" "$tmp/tuned.h5" --torchscript "$tmp/tuned.pt" >"$tmp/check" 2>&1
check "Python loads it with the engine's outputs" test $? -eq 0
cat "$tmp/check" | grep FAIL
"$cli" export "$run" --format onnx --out "$tmp/tuned.onnx" >"$tmp/onnx" 2>&1
check "ONNX of a brought model says to use Python's exporter" grep -q "torch.onnx.export" "$tmp/onnx"

"$cli" train "${base[@]}" --set model.path="$tmp/odd.pt" --set epochs=1 --out "$tmp/runs-odd" >"$tmp/odd" 2>&1
check "a traced module that is not sequential trains as one layer" test $? -eq 0

"$cli" train "${base[@]}" --set model.path="$tmp/seq.pt" --set epochs=1 --out "$tmp/runs-seq" >"$tmp/seq" 2>&1
check "a scripted nn.Sequential trains, layer by layer" test $? -eq 0
seq_run=$(ls -d "$tmp/runs-seq"/*/ | head -1)
"$cli" export "$seq_run" --format torchscript --out "$tmp/seq-out.pt" --example "$tmp/seq.h5" >"$tmp/seqexp" 2>&1
check "and exports back to TorchScript (its layers named 0, 1, ...)" test $? -eq 0
"$py" "$src/tests/python/check_export.py" "$tmp/seq.h5" --torchscript "$tmp/seq-out.pt" >"$tmp/seqcheck" 2>&1
check "which Python loads with the engine's outputs" test $? -eq 0

"$cli" train "${base[@]}" --set model.path="$tmp/missing.pt" --out "$tmp/runs-bad" >"$tmp/missing" 2>&1
check "a missing file is a config error (exit 2)" test $? -eq 2
check "... naming model.path" contains "$tmp/missing" "model.path: $tmp/missing.pt does not exist"
"$cli" train "${base[@]}" --set model.path="$tmp/resnet18.pt" --set model.head=keep --out "$tmp/runs-bad" \
  >"$tmp/keep" 2>&1
check "head keep with 1000 outputs for 3 classes names model.head" contains "$tmp/keep" "model.head: the module outputs 1000"
"$cli" train "${base[@]}" --set model.path="$tmp/resnet18.pt" --set 'model.freeze=["layer9"]' --out "$tmp/runs-bad" \
  >"$tmp/freeze" 2>&1
check "freezing a layer that does not exist names it" contains "$tmp/freeze" 'model.freeze: no parameter is named "layer9"'
ls -A "$tmp/runs-bad" 2>/dev/null
check "no run folder is left by the failed starts" test -z "$(ls -A "$tmp/runs-bad" 2>/dev/null)"

report
