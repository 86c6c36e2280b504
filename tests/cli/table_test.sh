#!/usr/bin/env bash
# Tables as a user trains them from the command line: a generated CSV (numbers with
# missing values, a category, an identifier) as a classification and as a regression;
# bad files refused with their line; two runs at once on one file.
# Usage: table_test.sh CLI SOURCE_DIR
set -uo pipefail
source "$(dirname "$0")/check.sh"
start_test "$@"
py=/usr/bin/python3

"$py" - "$tmp" <<'PY'
import sys
import numpy as np
rng = np.random.default_rng(0)
n = 2000
x1, x2 = rng.normal(size=n), rng.normal(size=n)
c = rng.integers(0, 4, size=n)
signal = 2 * x1 - 1.5 * x2 + np.array([0, 1.5, -1, 2])[c]
with open(sys.argv[1] + "/houses.csv", "w", newline="") as f:
    f.write("id;area;age;district;price;grade\r\n")  # semicolons and CR LF, as a spreadsheet saves them
    for i in range(n):
        age = "" if rng.random() < 0.1 else f"{x2[i]:.3f}"
        grade = "high" if signal[i] + 0.3 * rng.normal() > 0.5 else "low"
        f.write(f'{i + 1};{x1[i]:.3f};{age};"d {c[i]}";{200 + 20 * signal[i] + rng.normal(scale=3):.2f};{grade}\r\n')
PY
cat > "$tmp/houses.json" <<JSON
{"dataset": {"kind": "csv", "path": "$tmp/houses.csv", "target": "price", "exclude_columns": ["grade"]},
 "model": {"name": "tabular_mlp", "hidden": [64, 32], "dropout": 0},
 "optimizer": {"name": "adam", "lr": 0.01}, "epochs": 6, "threads": 1, "loader": {"num_workers": 1}}
JSON

"$cli" train --config "$tmp/houses.json" --out "$tmp/runs" > "$tmp/reg.log" 2>&1
check "a regression trains" test $? -eq 0
run=$(ls -d "$tmp"/runs/*/ | head -1)
check "the log names the identifier left out" contains "$tmp/reg.log" 'column "id" left out'
check "the log gives MAE, RMSE and R2" contains "$tmp/reg.log" "R² "
check "no row is skipped" lacks "$tmp/reg.log" "skipped"
"$py" - "$run" <<'PY' > "$tmp/reg.txt" 2>&1
import json, sys, h5py
info = json.load(open(sys.argv[1] + "/run.json"))
assert info["task"] == "regression", info["task"]
assert info["final_val_r2"] > 0.9, info["final_val_r2"]
assert 0 < info["final_val_mae"] < 10, info["final_val_mae"]
assert [c["name"] for c in info["table"]["categories"]] == ["district"]
with h5py.File(sys.argv[1] + "/metrics.h5", "r") as f:
    r2 = f["epochs/val_r2"][:]
    assert len(r2) == 6 and r2[-1] > 0.9, r2
print("ok")
PY
check "run.json and metrics.h5 hold the regression's results" contains "$tmp/reg.txt" "ok"

"$cli" train --config "$tmp/houses.json" --out "$tmp/runs-cls" --set dataset.target=grade \
  --set 'dataset.exclude_columns=["price"]' --set model.categorical=onehot > "$tmp/cls.log" 2>&1
check "a classification trains (categories one-hot)" test $? -eq 0
check "it reports accuracy" contains "$tmp/cls.log" "val acc"
acc=$(grep -o "val acc [0-9.]*" "$tmp/cls.log" | tail -1 | awk '{print $3}')
check "and learns (val acc $acc)" "$py" -c "import sys; sys.exit(0 if float('$acc') > 85 else 1)"

# The tools: check profiles the columns, summary builds the model, image-only tools refuse.
"$cli" check --config "$tmp/houses.json" > "$tmp/check.log" 2>&1
check "check profiles a table" test $? -eq 0
check "with each column's type and missing share" grep -qE "age +number +missing +[0-9.]+%" "$tmp/check.log"
check "the category's levels" contains "$tmp/check.log" "4 levels"
check "and the task" contains "$tmp/check.log" "target price: regression"
"$cli" summary --config "$tmp/houses.json" > "$tmp/summary.log" 2>&1
check "summary builds tabular_mlp with one output" grep -qE "head +Linear +\[1, 1\]" "$tmp/summary.log"
"$cli" stats --config "$tmp/houses.json" > "$tmp/stats.log" 2>&1
check "stats refuses a table (exit 2)" test $? -eq 2
# Exports: TorchScript and ONNX with the encoding in the side file, checked from Python on
# every row against the engine's own predictions (a regression with embeddings, a
# classification with one-hot categories).
for kind in reg cls; do
  r=$run
  [ $kind = cls ] && r=$(ls -d "$tmp"/runs-cls/*/ | head -1)
  "$cli" export "$r" --out "$tmp/$kind.pt" > "$tmp/export-$kind.log" 2>&1
  check "$kind: export to TorchScript" test $? -eq 0
  "$cli" export "$r" --format onnx --out "$tmp/$kind.onnx" > "$tmp/export-$kind-onnx.log" 2>&1
  check "$kind: export to ONNX" test $? -eq 0
  check "$kind: the side file says how a row is encoded" contains "$tmp/$kind.pt.json" "trainscope-table-1"
  "$cli" predict "$r" "$tmp/houses.csv" --out "$tmp/$kind-engine.csv" > /dev/null 2>&1
  "$py" "$src/tests/python/check_table_export.py" "$tmp/houses.csv" "$tmp/$kind-engine.csv" \
    --torchscript "$tmp/$kind.pt" --onnx "$tmp/$kind.onnx" > "$tmp/check-$kind.log" 2>&1
  check "$kind: both exports give the engine's predictions from Python" test $? -eq 0
done
# predict: every row of a file, into a CSV or printed.
"$cli" predict "$run" "$tmp/houses.csv" --out "$tmp/pred.csv" > "$tmp/predict.log" 2>&1
check "predict writes a table's predictions" test $? -eq 0
check "one line per row plus the header" test "$(wc -l < "$tmp/pred.csv")" -eq "$(wc -l < "$tmp/houses.csv")"
check "with the line, the identifier, the target and the prediction" contains "$tmp/pred.csv" "line,id,price,predicted_price"
check "and says how many rows" contains "$tmp/predict.log" "predicted"
check "predictions track the truth" "$py" -c "
import csv, sys
rows = list(csv.DictReader(open('$tmp/pred.csv')))
t = [float(r['price']) for r in rows]; p = [float(r['predicted_price']) for r in rows]
m = sum(t) / len(t)
r2 = 1 - sum((a - b) ** 2 for a, b in zip(t, p)) / sum((a - m) ** 2 for a in t)
sys.exit(0 if r2 > 0.5 else 1)"
"$cli" predict "$run" "$tmp/houses.csv" | head -2 > "$tmp/printed.csv"
check "without --out they are printed" contains "$tmp/printed.csv" "predicted_price"
cut -d";" -f1,2 "$tmp/houses.csv" > "$tmp/narrow.csv"  # id and area: age and district are gone
"$cli" predict "$run" "$tmp/narrow.csv" --out "$tmp/narrow-pred.csv" > "$tmp/narrow.log" 2>&1
check "a file without a needed column exits 2" test $? -eq 2
check "naming the column" contains "$tmp/narrow.log" "no such column"
check "and leaves no file" test ! -e "$tmp/narrow-pred.csv"
"$cli" predict "$run" "$tmp/houses.csv" --out "$tmp/houses.csv" > "$tmp/same.log" 2>&1
check "predict never overwrites its input (exit 2)" test $? -eq 2
"$cli" predict "$run" /bin/ls > "$tmp/binpred.log" 2>&1
check "a binary file exits 2" test $? -eq 2
"$cli" bundle "$run" --out "$tmp/b.tar" > "$tmp/bundle.log" 2>&1
check "a table run bundles its file" contains "$tmp/bundle.log" "1 dataset files fingerprinted"
"$cli" verify "$tmp/b.tar" > "$tmp/verify.log" 2>&1
check "and verifies" test $? -eq 0

# Two runs of one file at once: each its own folder, both finish.
"$cli" train --config "$tmp/houses.json" --out "$tmp/runs-twice" --set epochs=2 > "$tmp/a.log" 2>&1 &
"$cli" train --config "$tmp/houses.json" --out "$tmp/runs-twice" --set epochs=2 > "$tmp/b.log" 2>&1
b=$?
wait $!
check "two runs at once both finish" test $? -eq 0 -a $b -eq 0
check "in two folders" test "$(ls "$tmp/runs-twice" | wc -l)" -eq 2

# Bad input: a config problem (exit 2) naming the file, line and column.
refused() {  # refused WHAT TEXT ARGS...: train with ARGS exits 2 and says TEXT
  local what=$1 text=$2
  shift 2
  "$cli" train --config "$tmp/houses.json" --out "$tmp/bad" "$@" > "$tmp/refused.log" 2>&1
  check "$what exits 2" test $? -eq 2
  check "$what says: $text" contains "$tmp/refused.log" "$text"
}
printf 'a,b,price\n1,2,3\n4,5\n' > "$tmp/ragged.csv"
refused "a ragged row" "ragged.csv, line 3: this row has 2 fields but the header has 3" --set dataset.path="$tmp/ragged.csv"
refused "a missing target column" 'column "cost": there is no such column' --set dataset.target=cost
head -c 3000 /bin/ls > "$tmp/binary.csv"
refused "a binary file" "binary file" --set dataset.path="$tmp/binary.csv"
refused "a missing file" "dataset.path" --set dataset.path="$tmp/none.csv"
refused "an image model on a table" "tabular_mlp" --set model.name=lenet
check "no run folder is left by a refused start" test ! -e "$tmp/bad" -o -z "$(ls -A "$tmp/bad" 2>/dev/null)"

report
