#!/usr/bin/env bash
# Tables against the baselines a data scientist would try first (issue 31): on generated
# tables (numbers, categories, 10% missing values; a smooth target with interactions, and
# one of thresholds where trees are at home), tabular_mlp trained
# by trainscope-cli (the table_mlp recipe) against scikit-learn's LogisticRegression and
# RandomForest (classification), RandomForestRegressor (regression), on the same training
# and validation files; and its training throughput against the same model in a plain
# PyTorch loop over a per-row Dataset. Prints one line per comparison.
# Usage: bench/table_baselines.sh [BUILD_DIR] [TRAIN_ROWS]   (defaults: build/release, 20000)
set -euo pipefail
build=${1:-build/release}
rows=${2:-20000}
cli="$build/src/cli/trainscope-cli"
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
train() {  # train TASK: the table recipe on TASK's files; prints the run folder
  local task=$1
  "$cli" train --config table_mlp --out "$dir/runs-$task" --set dataset.path="$dir/$task-train.csv" \
    --set dataset.val_path="$dir/$task-val.csv" --set dataset.target=y --set dataset.task="$task" \
    --set epochs=25 --set threads=1 > "$dir/$task.log" 2>&1
  ls -d "$dir/runs-$task"/*/
}
for kind in smooth steps; do
  echo "== $kind target, $rows training rows"
  rm -rf "$dir"/runs-*
  /usr/bin/python3 "$here/python/table_data.py" "$dir" "$rows" "$kind"
  cls=$(train classification)
  reg=$(train regression)
  /usr/bin/python3 "$here/python/table_baselines.py" "$dir" "$cls" "$reg" "$kind"
done
