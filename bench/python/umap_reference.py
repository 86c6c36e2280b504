"""umap-learn on the inputs bench_embedding_map wrote (--out PREFIX): the same 32
principal components, n_neighbors 15, min_dist 0.1. Prints its time and, for both maps,
how often a point's 10 nearest neighbours share its class and sklearn's trustworthiness
(on a sample), side by side. Usage: /usr/bin/python3 umap_reference.py PREFIX"""
import sys
import time

import numpy as np
from sklearn.manifold import trustworthiness
from sklearn.neighbors import NearestNeighbors

prefix = sys.argv[1]
pca = np.fromfile(prefix + ".pca", dtype=np.float32).reshape(-1, 32)
labels = np.fromfile(prefix + ".labels", dtype=np.int32)
ours = np.fromfile(prefix + ".map", dtype=np.float32).reshape(-1, 2)

import umap  # noqa: E402  (numba compiles on first use: timed apart)

umap.UMAP(n_neighbors=15, min_dist=0.1, random_state=0).fit_transform(pca[:500])
start = time.time()
theirs = umap.UMAP(n_neighbors=15, min_dist=0.1, random_state=0).fit_transform(pca)
seconds = time.time() - start


def same_class(y):
    pick = np.random.default_rng(0).choice(len(y), size=min(5000, len(y)), replace=False)
    _, idx = NearestNeighbors(n_neighbors=11).fit(y).kneighbors(y[pick])
    return float((labels[idx[:, 1:]] == labels[pick, None]).mean())


sample = np.random.default_rng(1).choice(len(pca), size=min(5000, len(pca)), replace=False)
print(f"points {len(pca)}; umap-learn {seconds:.1f} s (after numba's compilation)")
print("| map | 10 nearest of the same class | trustworthiness (k=10, 5,000 points) |")
print("|---|---|---|")
for name, y in (("Trainscope", ours), ("umap-learn", theirs)):
    t = trustworthiness(pca[sample], y[sample], n_neighbors=10)
    print(f"| {name} | {same_class(y):.3f} | {t:.3f} |")
