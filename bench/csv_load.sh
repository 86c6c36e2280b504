#!/usr/bin/env bash
# CSV loading at scale (issue 31): a generated table of ROWS x 50 columns (40 numbers with
# 5% missing, 10 categories), read by the engine's reader; prints the time, the peak
# memory (max RSS) and both against the file's size.
# Usage: bench/csv_load.sh [BUILD_DIR] [ROWS]   (defaults: build/release, 1000000)
set -euo pipefail
build=${1:-build/release}
rows=${2:-1000000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
/usr/bin/python3 - "$dir/table.csv" "$rows" <<'PY'
import sys
import numpy as np
path, rows = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(0)
with open(path, "w") as f:
    f.write(",".join([f"x{i}" for i in range(40)] + [f"c{i}" for i in range(10)]) + "\n")
    for start in range(0, rows, 100000):
        n = min(100000, rows - start)
        nums = np.round(rng.normal(size=(n, 40)), 4).astype(str)
        nums[rng.random((n, 40)) < 0.05] = ""
        cats = np.char.add("level", rng.integers(0, 30, size=(n, 10)).astype(str))
        f.write("\n".join(",".join(r) for r in np.concatenate([nums, cats], axis=1)) + "\n")
PY
size=$(stat -c %s "$dir/table.csv")
/usr/bin/time -f "%M" -o "$dir/rss" "$build/bench/bench_csv" "$dir/table.csv"
rss_kb=$(cat "$dir/rss")
awk -v s="$size" -v r="$rss_kb" 'BEGIN { printf "file %.0f MB, peak memory %.0f MB (%.2fx the file)\n", s / 1e6, r * 1024 / 1e6, r * 1024 / s }'
