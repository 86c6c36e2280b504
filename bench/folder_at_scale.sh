#!/usr/bin/env bash
# A million images opened as the app opens them (issue 34): every header read, then
# twice from the folder's cached index (bench_folder_open, one open per process); the
# Data page's grid scrolled over it (bench_ui --thumbnails); torchvision's ImageFolder
# on the same folder. The folder is made by bench/python/make_health_folder.py (as
# health_at_scale.sh does) and kept in DATA_DIR. The index goes to a temporary cache.
# Usage: bench/folder_at_scale.sh [BUILD_DIR] [DATA_DIR]   (IMAGES=... to change the size)
set -euo pipefail
build=${1:-build/release}
data=${2:-/tmp/trainscope-health}
images=${IMAGES:-1000000}
here=$(cd "$(dirname "$0")" && pwd)
folder="$data/h$images"
[ -f "$folder/planted.json" ] || /usr/bin/python3 "$here/python/make_health_folder.py" "$folder" --images "$images"
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
echo "== every header read"
"$build/bench/bench_folder_open" "$folder" --cache "$cache" --rescan
echo "== re-opened from the index, twice"
"$build/bench/bench_folder_open" "$folder" --cache "$cache"
"$build/bench/bench_folder_open" "$folder" --cache "$cache"
echo "== the Data page's grid over the training split"
XDG_CACHE_HOME="$cache" QT_QPA_PLATFORM=offscreen "$build/bench/bench_ui" --thumbnails "$folder"
echo "== torchvision.datasets.ImageFolder on the same folder (lists files, reads none)"
/usr/bin/python3 - "$folder" <<'PY'
import sys, time
import torchvision
start = time.time()
n = sum(len(torchvision.datasets.ImageFolder(f"{sys.argv[1]}/{split}")) for split in ("train", "val"))
print(f"{n} images listed in {time.time() - start:.1f} s")
PY
