#!/usr/bin/env bash
# Text as a user trains it from the command line: a generated folder of .txt documents
# (a binary file, a Latin-1 file and an empty one among them) trained by text_cnn and
# text_gru; the same documents as a CSV's text column; the lesson's padding modes;
# predictions for files and folders; bad configs refused naming the field.
# Usage: text_test.sh CLI SOURCE_DIR
set -uo pipefail
source "$(dirname "$0")/check.sh"
start_test "$@"
py=/usr/bin/python3

"$py" "$src/bench/python/text_corpus.py" folder "$tmp/topics" 800 5
"$py" "$src/bench/python/text_corpus.py" csv "$tmp/topics.csv" 800 5
printf 'PK\003\004\000\000' > "$tmp/topics/music/archive.txt"
printf 'first line\ncaf\xe9 au lait\n' > "$tmp/topics/music/latin1.txt"
printf ' ... \n' > "$tmp/topics/sports/empty.txt"

train() {  # train OUT ARGS...: the text_cnn recipe, short, on one thread
  local out=$1
  shift
  "$cli" train --config text_cnn --out "$tmp/$out" --set dataset.root="$tmp/topics" --set epochs=3 \
    --set threads=1 "$@" > "$tmp/$out.log" 2>&1
}
train cnn
check "text_cnn trains on a text folder" test $? -eq 0
check "the binary file is skipped, named" contains "$tmp/cnn.log" "archive.txt: a binary file, not text"
check "the Latin-1 file is skipped with its line and byte" contains "$tmp/cnn.log" "line 2, byte 0xE9"
check "the empty document is skipped" contains "$tmp/cnn.log" "empty.txt: an empty document (no words)"
run=$(ls -d "$tmp"/cnn/*/ | head -1)
"$py" - "$run" <<'PY' > "$tmp/cnn.txt" 2>&1
import json, sys, h5py
run = sys.argv[1]
info = json.load(open(run + "/run.json"))
assert info["text"]["vocabulary"]["tokens"][:2] == ["<pad>", "<unk>"]
acc = info["final_val_accuracy"]
assert acc > 0.6, acc
with h5py.File(run + "/metrics.h5") as f:
    padding = f["steps"]["padding"][:]
    assert 0.3 < padding.mean() < 0.95, padding.mean()
with h5py.File(run + "/saliency.h5") as f:
    assert f["offsets"][-1] == len(f["tokens"]) == len(f["saliency"])
    assert len(f["samples"]) > 0
print("ok", acc)
PY
check "run.json keeps the vocabulary, metrics.h5 the padding, saliency.h5 the mistakes" contains "$tmp/cnn.txt" "ok"

train gru --set model.name=text_gru --set model.hidden=[32] --set loader.bucket_by_length=true
check "text_gru trains over packed, bucketed batches" test $? -eq 0

"$cli" train --config text_cnn --out "$tmp/csv" --set dataset.kind=csv --set dataset.path="$tmp/topics.csv" \
  --set dataset.text_column=text --set dataset.target=topic --set epochs=2 --set threads=1 > "$tmp/csv.log" 2>&1
check "a CSV's text column trains" test $? -eq 0
check "it is named as such" contains "$tmp/csv.log" "text column text of topics.csv"

printf 'the oven and the garlic, butter and sugar: bake the dough' > "$tmp/recipe.txt"
"$cli" predict "$run" "$tmp/recipe.txt" "$tmp/topics/weather" > "$tmp/predict.txt" 2> "$tmp/predict.err"
check "predict reads files and folders" test "$(grep -c weather/ "$tmp/predict.txt")" -gt 100
check "a recipe is cooking" contains "$tmp/predict.txt" "recipe.txt	cooking"
"$cli" predict "$run" "$tmp/topics/music/archive.txt" > /dev/null 2> "$tmp/predict.err"
check "a binary file is refused with exit 2" test $? -eq 2
check "and named" contains "$tmp/predict.err" "archive.txt: a binary file, not text"

"$cli" export "$run" --format torchscript --out "$tmp/cnn.pt" > "$tmp/export.log" 2>&1
check "text_cnn exports to TorchScript, checked against the engine" contains "$tmp/export.log" "max abs diff"
"$py" - "$tmp/cnn.pt" "$tmp/recipe.txt" <<'PY' > "$tmp/script.txt" 2>&1
import json, re, sys, torch
extra = {"trainscope.json": ""}
model = torch.jit.load(sys.argv[1], _extra_files=extra)
side = json.loads(extra["trainscope.json"])
assert side["format"] == "trainscope-text-1"
ids = {t: i for i, t in enumerate(side["encoding"]["vocabulary"]["tokens"])}
words = re.findall(r"\w+", open(sys.argv[2]).read().lower())
x = torch.tensor([[ids.get(w, 1) for w in words]])
padded = torch.cat([x, torch.zeros(1, 50, dtype=torch.long)], 1)
with torch.no_grad():
    a, b = model(x), model(padded)
assert torch.allclose(a, b, atol=1e-5), "padding changes nothing"
print("class", side["classes"][int(a.argmax())])
PY
check "Python reads the TorchScript file and its side file, and agrees" contains "$tmp/script.txt" "class cooking"
for model in cnn gru; do
  "$cli" export "$(ls -d "$tmp/$model"/*/ | head -1)" --format onnx --out "$tmp/$model.onnx" \
    --example "$tmp/$model-example.h5" > "$tmp/onnx.log" 2>&1
  check "text_$model exports to ONNX" test $? -eq 0 -a -s "$tmp/$model.onnx"
  "$py" "$src/tests/python/check_export.py" "$tmp/$model-example.h5" --onnx "$tmp/$model.onnx" > "$tmp/onnx.txt" 2>&1
  check "its ONNX graph gives the engine's logits, however padded" contains "$tmp/onnx.txt" "change the logits"
  check "and passes every check" test "$(grep -c FAIL "$tmp/onnx.txt")" -eq 0
done

refused() {  # refused WHAT TEXT ARGS...: train with ARGS exits 2 and says TEXT
  local what=$1 text=$2
  shift 2
  "$cli" train --config text_cnn --out "$tmp/bad" --set dataset.root="$tmp/topics" "$@" > "$tmp/refused.log" 2>&1
  check "$what exits 2" test $? -eq 2
  check "$what says: $text" contains "$tmp/refused.log" "$text"
}
refused "an image model on text" "text trains text_cnn or text_gru, got lenet" --set model.name=lenet
refused "a missing folder" "dataset.root" --set dataset.root="$tmp/none"
refused "MixUp on token ids" "training.mixup_alpha" --set training.mixup_alpha=0.2
refused "a missing text column" "no column is named \"body\"" --set dataset.kind=csv \
  --set dataset.path="$tmp/topics.csv" --set dataset.text_column=body --set dataset.target=topic
check "no run folder is left by a refused start" test ! -e "$tmp/bad" -o -z "$(ls -A "$tmp/bad" 2>/dev/null)"

report
