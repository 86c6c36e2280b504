"""Generated tables for bench/table_baselines.sh: DIR ROWS KIND -> DIR/{classification,regression}-{train,val}.csv.

Eight numbers (two with 10% missing), three categories (8, 20 and 4 levels), an id, and a
target of KIND: "smooth" (linear terms, a product, sines: a network's home ground) or
"steps" (thresholds and their conjunctions: a tree's home ground). Validation files have
a quarter of the rows.
"""
import sys

import numpy as np

out, rows, kind = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rng = np.random.default_rng(31)
effect = {"c0": rng.normal(size=8), "c1": rng.normal(size=20), "c2": rng.normal(size=4)}


def table(n):
    x = rng.normal(size=(n, 8))
    c = {"c0": rng.integers(0, 8, n), "c1": rng.integers(0, 20, n), "c2": rng.integers(0, 4, n)}
    missing = {2: rng.random(n) < 0.1, 5: rng.random(n) < 0.1}
    x2 = np.where(missing[2], 0.0, x[:, 2])  # what a missing value carries: nothing
    cats = effect["c0"][c["c0"]] + 1.5 * effect["c1"][c["c1"]] + 0.5 * effect["c2"][c["c2"]]
    if kind == "smooth":
        signal = 1.2 * x[:, 0] - 0.8 * x[:, 1] + x2 * x[:, 3] + np.sin(2 * x[:, 4]) + cats + 0.4 * np.abs(x[:, 5])
        value = 3 * x[:, 0] + 2 * x[:, 1] * x[:, 3] + 2 * np.sin(x[:, 4]) + 2 * cats + 0.5 * x[:, 6] ** 2 - x2
    else:
        steps = 1.5 * (x[:, 0] > 0.5) - 1.2 * ((x[:, 1] < -0.3) & (c["c2"] < 2)) + 2 * ((x[:, 3] > 1) & (x[:, 4] > 0))
        signal = steps + 1.0 * (x2 > 0.8) + cats
        value = 3 * steps + 2 * (x2 > 0.8) - 1.5 * (x[:, 6] < -1) + 2 * cats
    return x, c, missing, signal, value


def write(path, x, c, missing, y):
    with open(path, "w") as f:
        f.write("id," + ",".join(f"x{i}" for i in range(8)) + ",c0,c1,c2,y\n")
        for r in range(len(y)):
            nums = ["" if (i in missing and missing[i][r]) else f"{x[r, i]:.4f}" for i in range(8)]
            levels = [f"a{c['c0'][r]}", f"b{c['c1'][r]}", f"k{c['c2'][r]}"]
            f.write(",".join([str(r + 1)] + nums + levels + [y[r]]) + "\n")


threshold = None
for split, n in (("train", rows), ("val", rows // 4)):
    x, c, missing, signal, value = table(n)
    noisy = signal + 0.5 * rng.normal(size=n)
    if threshold is None:
        threshold = np.median(noisy)
    write(f"{out}/classification-{split}.csv", x, c, missing, ["yes" if s > threshold else "no" for s in noisy])
    write(f"{out}/regression-{split}.csv", x, c, missing, [f"{v + rng.normal():.4f}" for v in value])
