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
  --set 'dataset.exclude_columns=["price"]' > "$tmp/cls.log" 2>&1
check "a classification trains" test $? -eq 0
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
"$cli" export "$run" --out "$tmp/model.pt" > "$tmp/export.log" 2>&1
check "export says a table model cannot be exported yet (exit 2)" test $? -eq 2
check "in words" contains "$tmp/export.log" "cannot be exported"
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
