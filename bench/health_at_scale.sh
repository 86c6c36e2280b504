#!/usr/bin/env bash
# The dataset health check at scale (issue 34). Generates two folders of small JPEGs
# (64-128 px) with planted near duplicates, blurry, dark, bright and flat images
# (bench/python/make_health_folder.py), then with build/release/bench/bench_health:
#   1. RECALL_IMAGES (100,000): the index against the all-pairs search (recall, both times);
#   2. IMAGES (1,000,000): open + check, time, bytes per image and peak memory, and the
#      planted images found; then torchvision's ImageFolder built on the same folder.
# Folders are kept in DATA_DIR for reruns (about 4 GB per million images).
# Usage: bench/health_at_scale.sh [BUILD_DIR] [DATA_DIR]   (IMAGES=..., RECALL_IMAGES=... to change sizes)
set -euo pipefail
build=${1:-build/release}
data=${2:-/tmp/trainscope-health}
images=${IMAGES:-1000000}
recall_images=${RECALL_IMAGES:-100000}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$data"
make_folder() {
  [ -f "$1/planted.json" ] || /usr/bin/python3 "$here/python/make_health_folder.py" "$1" --images "$2"
}
make_folder "$data/h$recall_images" "$recall_images"
make_folder "$data/h$images" "$images"

echo "== $recall_images images: the index against every pair"
"$build/bench/bench_health" "$data/h$recall_images" --all-pairs
echo "== $images images: open and check"
/usr/bin/time -f "wall %e s, max RSS %M KB" "$build/bench/bench_health" "$data/h$images"
echo "== torchvision.datasets.ImageFolder on the same folder (lists files, reads none)"
/usr/bin/python3 - "$data/h$images" <<'PY'
import sys, time
import torchvision
start = time.time()
n = sum(len(torchvision.datasets.ImageFolder(f"{sys.argv[1]}/{split}")) for split in ("train", "val"))
print(f"{n} images listed in {time.time() - start:.1f} s")
PY
