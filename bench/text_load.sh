#!/usr/bin/env bash
# A large text corpus opened as a dataset (issue 31): a generated CSV of about SIZE_MB
# megabytes of documents (a Zipf draw from 200,000 made-up words, log-normal lengths
# around 120 words) in a text column, tokenised by words; prints the time, the peak
# memory (max RSS) and both against the file's size.
# Usage: bench/text_load.sh [BUILD_DIR] [SIZE_MB]   (defaults: build/release, 1000)
set -euo pipefail
build=${1:-build/release}
size_mb=${2:-1000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
/usr/bin/python3 - "$dir/corpus.csv" "$size_mb" <<'PY'
import sys
import numpy as np
path, size_mb = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(0)
letters = np.array(list("abcdefghijklmnopqrstuvwxyz"))
lexicon = np.array(["".join(rng.choice(letters, size=k)) for k in rng.integers(2, 10, size=200000)])
p = 1.0 / np.arange(1, len(lexicon) + 1)
p /= p.sum()
topics = ["sports", "cooking", "weather", "music"]
written = 0
with open(path, "w") as f:
    f.write("text,topic\n")
    while written < size_mb * 1e6:
        lengths = np.clip(rng.lognormal(np.log(120), 0.8, size=2000).astype(int), 3, 2000)
        words = lexicon[rng.choice(len(lexicon), size=lengths.sum(), p=p)]
        ends = np.cumsum(lengths)
        chunk = "".join('"' + " ".join(words[e - n:e]) + '",' + topics[i % 4] + "\n"
                        for i, (n, e) in enumerate(zip(lengths, ends)))
        f.write(chunk)
        written += len(chunk)
PY
size=$(stat -c %s "$dir/corpus.csv")
/usr/bin/time -f "%M" -o "$dir/rss" "$build/bench/bench_text_load" "$dir/corpus.csv" text topic
rss_kb=$(cat "$dir/rss")
awk -v s="$size" -v r="$rss_kb" 'BEGIN { printf "file %.0f MB, peak memory %.0f MB (%.2fx the file)\n", s / 1e6, r * 1024 / 1e6, r * 1024 / s }'
