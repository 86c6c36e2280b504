#!/usr/bin/env bash
# Text against the baseline a data scientist would try first (issue 31): on a generated
# corpus (bench/python/text_corpus.py: four topics, documents of 3 to 400 words, 3% wrong
# labels), text_cnn trained by trainscope-cli (the text_cnn recipe, from a CSV's text
# column) against scikit-learn's TF-IDF + LogisticRegression on the same training and
# validation files; and text_cnn's training throughput against the same model in a plain
# PyTorch loop over a per-document Dataset with pad_sequence in its collate_fn.
# Usage: bench/text_baselines.sh [BUILD_DIR] [DOCUMENTS]   (defaults: build/release, 20000)
set -euo pipefail
build=${1:-build/release}
docs=${2:-20000}
cli="$build/src/cli/trainscope-cli"
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
/usr/bin/python3 "$here/python/text_corpus.py" split "$dir" "$docs" 3
"$cli" train --config text_cnn --out "$dir/runs" --set dataset.kind=csv --set dataset.path="$dir/train.csv" \
  --set dataset.val_path="$dir/val.csv" --set dataset.text_column=text --set dataset.target=topic \
  --set epochs=5 --set threads=1 > "$dir/train.log" 2>&1
run=$(ls -d "$dir"/runs/*/)
/usr/bin/python3 "$here/python/text_baselines.py" "$dir" "$run"
