#!/usr/bin/env bash
# Tables and text out as PyTorch scripts (docs/workshop.md, "Show as PyTorch code"): a
# generated table as a regression and as a classification, and a generated text folder,
# each trained by the engine and then by its script with /usr/bin/python3, the script
# within 1.5 points of the engine (R² for the regression); each script's nn.Module has
# the run's state_dict keys and shapes; the script's words are the engine's (ICU's) for
# English with its punctuation; a CSV's text column with its validation file and
# text_gru; no validation rows; wrong input refused, naming the field.
# Each pair validates on the same rows (a validation file, a val folder), so the two
# differ only by their random draws.
# Usage: export_script_data_test.sh CLI SOURCE_DIR
set -uo pipefail
source "$(dirname "$0")/check.sh"
start_test "$@"
py=/usr/bin/python3

best_of_run() {  # best_of_run RUN KEY: run.json's best_val_accuracy or best_val_r2
  "$py" -c 'import json,sys; print(json.load(open(sys.argv[1] + "/run.json"))[sys.argv[2]])' "$1" "$2"
}
best_of_script() {  # best_of_script OUTPUT METRIC: the best value of val_accuracy or val_r2 it printed
  "$py" -c 'import re,sys; print(max(float(v) for v in re.findall(sys.argv[2] + r" ([-0-9.]+)", open(sys.argv[1]).read())))' "$1" "$2"
}
within() {  # within A B POINTS: |A - B| <= POINTS / 100
  "$py" -c 'import sys; a, b, p = map(float, sys.argv[1:]); sys.exit(abs(a - b) > p / 100)' "$1" "$2" "$3"
}
# engine_then_script NAME EPOCHS METRIC ARGS...: trains NAME with the engine, exports
# the run's script, runs it, and checks the script's model and its best METRIC.
engine_then_script() {
  local name=$1 epochs=$2 metric=$3
  shift 3
  "$cli" train --out "$tmp/runs-$name" --set epochs="$epochs" --set threads=1 --set probes.enabled=false --quiet \
    "$@" >"$tmp/$name.train" 2>&1
  check "$name: the engine trains" test $? -eq 0
  local run
  run=$(ls -d "$tmp/runs-$name"/*/ 2>/dev/null | head -1)
  "$cli" export-script "$run" --out "$tmp/$name.py" 2>"$tmp/$name.export"
  check "$name: export-script writes the run's script" test $? -eq 0
  "$py" "$src/tests/python/check_script_model.py" "$tmp/$name.py" "$run" >"$tmp/$name.keys" 2>&1
  check "$name: the script's state_dict is the engine's" test $? -eq 0
  grep -v "^same" "$tmp/$name.keys" | head -5
  (cd "$tmp" && "$py" "$name.py" --workers 0 --out "$tmp/py-$name" >"$tmp/$name.out" 2>&1)
  check "$name: the script runs" test $? -eq 0
  local engine script
  engine=$(best_of_run "$run" "best_$metric")
  script=$(best_of_script "$tmp/$name.out" "$metric")
  echo "$name, $epochs epochs, best $metric: engine $engine, PyTorch script $script"
  check "$name: the script reaches the engine's $metric within 1.5 points" within "$engine" "$script" 1.5
  check "$name: the script saves state_dict checkpoints" test -s "$tmp/py-$name/checkpoints/best.pt"
}

# A table as a spreadsheet saves it (semicolons, CR LF, quoted cells): numbers with
# missing values, a category, an identifier; a validation file of other rows.
"$py" - "$tmp" <<'PY'
import sys
import numpy as np
rng = np.random.default_rng(3)
for name, n in (("houses", 2400), ("houses-val", 600)):
    x1, x2 = rng.normal(size=n), rng.normal(size=n)
    c = rng.integers(0, 4, size=n)
    signal = 2 * x1 - 1.5 * x2 + np.array([0, 1.5, -1, 2])[c]
    with open(f"{sys.argv[1]}/{name}.csv", "w", newline="") as f:
        f.write("id;area;age;district;price;grade\r\n")
        for i in range(n):
            age = "NA" if rng.random() < 0.1 else f"{x2[i]:.3f}"
            grade = "high" if signal[i] + 0.5 * rng.normal() > 0.5 else "low"
            f.write(f'{i + 1};{x1[i]:.3f};{age};"d {c[i]}";{200 + 20 * signal[i] + rng.normal(scale=3):.2f};{grade}\r\n')
PY
table=(--config table_mlp --set dataset.path="$tmp/houses.csv" --set dataset.val_path="$tmp/houses-val.csv")
engine_then_script price 8 val_r2 "${table[@]}" --set dataset.target=price --set 'dataset.exclude_columns=["grade"]'
check "the regression's script standardises the target and reports R²" contains "$tmp/price.py" "val_r2"
check "it names the identifier it leaves out" contains "$tmp/price.py" '# Left out: "id"'
engine_then_script grade 6 val_accuracy "${table[@]}" --set dataset.target=grade --set 'dataset.exclude_columns=["price"]' \
  --set model.categorical=onehot
check "one-hot categories" contains "$tmp/grade.py" "F.one_hot(code, size)"

# A text folder of four topics with a val folder (a fifth of each class).
"$py" "$src/bench/python/text_corpus.py" folder "$tmp/topics" 1500 7
for class in "$tmp"/topics/*/; do
  mkdir -p "$tmp/topics/val/$(basename "$class")"
  ls "$class" | awk 'NR % 5 == 0' | while read -r f; do mv "$class$f" "$tmp/topics/val/$(basename "$class")/"; done
done
engine_then_script topics 6 val_accuracy --config text_cnn --set dataset.root="$tmp/topics"
for word in "class TextCNN(nn.Module)" "def build_vocabulary" "collate_fn=collate" "padding_idx=PAD"; do
  check "the text script has $word" contains "$tmp/topics.py" "$word"
done

# The script's words are the engine's: a vocabulary of everything, built by both.
mkdir -p "$tmp/words/a" "$tmp/words/b"
printf "Don't stop: the U.S.A. costs 3.14 or 1,000.5 dollars; e-mail hello_world C++ naïve CAFÉ isn't 2nd\n" \
  >"$tmp/words/a/1.txt"
printf "10:30 a.m. x.y:z it's “quoted” (paren) 50%% #tag @user http://ex.com/a?b=c rock'n'roll O'Neil’s 1.2.3 v2.0\n" \
  >"$tmp/words/b/1.txt"
cp "$tmp/words/a/1.txt" "$tmp/words/a/2.txt" && cp "$tmp/words/b/1.txt" "$tmp/words/b/2.txt"
"$cli" train --config text_cnn --set dataset.root="$tmp/words" --set dataset.min_freq=1 --set dataset.val_fraction=0 \
  --set epochs=1 --set probes.enabled=false --out "$tmp/runs-words" --quiet >"$tmp/words.train" 2>&1
words_run=$(ls -d "$tmp/runs-words"/*/ | head -1)
"$cli" export-script "$words_run" --out "$tmp/words.py" 2>/dev/null
"$py" - "$tmp/words.py" "$words_run" >"$tmp/words.txt" 2>&1 <<'PY'
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("exported", sys.argv[1])
script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(script)
engine = json.load(open(sys.argv[2] + "/run.json"))["text"]["vocabulary"]["tokens"]
ours = script.make_datasets()[3]
print("same" if ours == engine else f"engine {engine}\nscript {ours}")
PY
check "the script's vocabulary is the engine's, token by token" contains "$tmp/words.txt" "same"
grep -v "^same" "$tmp/words.txt" | head -3

# A CSV's text column with its validation file, read by text_gru (unpacked): its
# script, its model, one short run on the same validation rows.
"$py" "$src/bench/python/text_corpus.py" split "$tmp/column" 300 5
"$cli" train --config text_cnn --set dataset.kind=csv --set dataset.path="$tmp/column/train.csv" \
  --set dataset.val_path="$tmp/column/val.csv" --set dataset.text_column=text --set dataset.target=topic \
  --set model.name=text_gru --set model.hidden=[16] --set model.packed=false --set loader.padding=dataset-longest \
  --set epochs=1 --set threads=1 --set probes.enabled=false --out "$tmp/runs-column" --quiet >"$tmp/column.train" 2>&1
column_run=$(ls -d "$tmp/runs-column"/*/ | head -1)
val_rows=$(("$(wc -l <"$tmp/column/val.csv")" - 1))
check "the engine validates on the text column's validation file" \
  "$py" -c 'import json,sys; sys.exit(json.load(open(sys.argv[1] + "/run.json"))["dataset"]["val_samples"] != int(sys.argv[2]))' \
  "$column_run" "$val_rows"
"$cli" export-script "$column_run" --out "$tmp/column.py" 2>/dev/null
check "a text column's script" contains "$tmp/column.py" 'TEXT_COLUMN = "text"'
check "with its validation file" contains "$tmp/column.py" "VAL_TABLE = \"$tmp/column/val.csv\""
check "padded to the dataset's longest" contains "$tmp/column.py" "pad_to=train_set.longest()"
"$py" "$src/tests/python/check_script_model.py" "$tmp/column.py" "$column_run" >/dev/null 2>&1
check "text_gru's state_dict is the engine's" test $? -eq 0
(cd "$tmp" && "$py" column.py --epochs 1 --workers 0 --out "$tmp/py-column" >"$tmp/column.out" 2>&1)
check "the text column's script runs" contains "$tmp/column.out" "epoch 1:"

# No validation rows: the script says nan and keeps no best checkpoint, as the engine.
printf 'a,b,y\n' >"$tmp/tiny.csv"
for i in $(seq 1 40); do printf '%d,%d,%s\n' "$i" $((i % 7)) $((i % 2)) >>"$tmp/tiny.csv"; done
"$cli" export-script --config table_mlp --set dataset.path="$tmp/tiny.csv" --set dataset.target=y \
  --set dataset.val_fraction=0 --out "$tmp/tiny.py" 2>/dev/null
(cd "$tmp" && "$py" tiny.py --epochs 1 --workers 0 --out "$tmp/py-tiny" >"$tmp/tiny.out" 2>&1)
check "no validation: nan" contains "$tmp/tiny.out" "val_accuracy nan"
check "and no best checkpoint" test ! -e "$tmp/py-tiny/checkpoints/best.pt"

# From a config: the table is read as a run reads it. Wrong input names the field.
"$cli" export-script --config table_mlp --set dataset.path="$tmp/houses.csv" --set dataset.target=grade \
  >"$tmp/config.py" 2>/dev/null
check "a table's config: its script" contains "$tmp/config.py" 'CATEGORY_COLUMNS = ["district"]'
"$cli" export-script --config table_mlp --set dataset.path="$tmp/no-such.csv" --set dataset.target=grade \
  >/dev/null 2>"$tmp/missing.err"
check "a missing table: exit 2" test $? -eq 2
check "naming dataset.path" contains "$tmp/missing.err" "dataset.path"
"$cli" export-script --config table_mlp --set dataset.path="$tmp/houses.csv" --set dataset.target=no_such \
  >/dev/null 2>"$tmp/target.err"
check "a target that is not a column: exit 2" test $? -eq 2
"$cli" export-script --config table_mlp --set dataset.path="$tmp/houses.csv" --set dataset.target=price \
  --set training.loss=cross_entropy >/dev/null 2>"$tmp/loss.err"
check "cross-entropy for a regression: exit 2" test $? -eq 2
check "naming training.loss" contains "$tmp/loss.err" "training.loss"
"$cli" export-script --config table_mlp --set dataset.path="$tmp/houses.csv" --set dataset.target=price \
  --set dataset.val_path="$tmp/no-such.csv" >/dev/null 2>"$tmp/val.err"
check "a missing validation file: exit 2 naming dataset.val_path" contains "$tmp/val.err" "dataset.val_path"
"$cli" export-script --config text_cnn --set dataset.root="$tmp/no-such-folder" >/dev/null 2>"$tmp/root.err"
check "a missing text folder: exit 2" test $? -eq 2
check "naming dataset.root" contains "$tmp/root.err" "dataset.root"
"$cli" export-script --config text_cnn --set dataset.kind=csv --set dataset.path="$tmp/column/train.csv" \
  --set dataset.text_column=body --set dataset.target=topic >/dev/null 2>"$tmp/column.err"
check "a text column that is not there: exit 2" test $? -eq 2
check "naming dataset.text_column" contains "$tmp/column.err" "dataset.text_column"

report
