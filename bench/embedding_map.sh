#!/usr/bin/env bash
# The embedding map at scale (issue 34): 70,000 Fashion-MNIST images (pixels -> 32
# principal components -> neighbour-graph layout) and 100,000 synthetic points in 20
# clusters with build/release/bench/bench_embedding_map; then umap-learn on the same
# Fashion-MNIST components (bench/python/umap_reference.py), side by side.
# Usage: bench/embedding_map.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build/release}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/bench/bench_embedding_map" --points 70000 --out "$tmp/fashion"
"$build/bench/bench_embedding_map" --blobs 100000
/usr/bin/python3 "$here/python/umap_reference.py" "$tmp/fashion"
