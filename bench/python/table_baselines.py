"""bench/table_baselines.sh's comparisons: DIR CLASSIFICATION_RUN REGRESSION_RUN.

Reads the two trainscope runs' last validation accuracy and R² (metrics.h5), fits
scikit-learn's baselines on the same files (numbers: median imputation with a missing
indicator, standardised; categories one-hot), and times the same tabular MLP in a plain
PyTorch loop over a per-row Dataset against trainscope's own steps.
"""
import csv
import sys
import time

import h5py
import numpy as np
import torch
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, r2_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

out, cls_run, reg_run, kind = sys.argv[1:5]
NUMBERS = [f"x{i}" for i in range(8)]
CATEGORIES = ["c0", "c1", "c2"]


def read(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    x = np.array([[float(r[c]) if r[c] else np.nan for c in NUMBERS] for r in rows])
    cats = np.array([[r[c] for c in CATEGORIES] for r in rows])
    return x, cats, [r["y"] for r in rows]


def features():
    numbers = make_pipeline(SimpleImputer(strategy="median", add_indicator=True), StandardScaler())
    return ColumnTransformer([("n", numbers, list(range(8))),
                              ("c", OneHotEncoder(handle_unknown="ignore"), list(range(8, 11)))])


def joined(x, cats):
    return np.concatenate([x.astype(object), cats.astype(object)], axis=1)


def last(run, column):
    with h5py.File(f"{run}/metrics.h5") as f:
        return float(f["epochs"][column][-1])


def steps_per_second(run, batch):
    """Trainscope's training samples/s: each epoch's steps over their wall time (validation excluded)."""
    with h5py.File(f"{run}/metrics.h5") as f:
        epoch, wall = f["steps"]["epoch"][:], f["steps"]["wall_time"][:]
    samples = seconds = 0.0
    for e in np.unique(np.floor(epoch - 1e-9)):
        t = wall[np.floor(epoch - 1e-9) == e]
        if len(t) > 2:
            samples, seconds = samples + (len(t) - 1) * batch, seconds + t[-1] - t[0]
    return samples / seconds


def compare_classification():
    x, c, y = read(f"{out}/classification-train.csv")
    vx, vc, vy = read(f"{out}/classification-val.csv")
    scores = {}
    for name, model in (("LogisticRegression", LogisticRegression(max_iter=3000)),
                        ("RandomForest", RandomForestClassifier(n_estimators=300, random_state=0, n_jobs=1))):
        pipe = make_pipeline(features(), model).fit(joined(x, c), y)
        scores[name] = 100 * accuracy_score(vy, pipe.predict(joined(vx, vc)))
    mlp = 100 * last(cls_run, "val_accuracy")
    best = max(scores, key=scores.get)
    print(f"classification: tabular_mlp {mlp:.2f}% | LogisticRegression {scores['LogisticRegression']:.2f}% | "
          f"RandomForest {scores['RandomForest']:.2f}% | against the better ({best}): {mlp - scores[best]:+.2f} points")


def compare_regression():
    x, c, y = read(f"{out}/regression-train.csv")
    vx, vc, vy = read(f"{out}/regression-val.csv")
    y, vy = np.array(y, dtype=float), np.array(vy, dtype=float)
    forest = make_pipeline(features(), RandomForestRegressor(n_estimators=300, random_state=0, n_jobs=1))
    rf = r2_score(vy, forest.fit(joined(x, c), y).predict(joined(vx, vc)))
    mlp = last(reg_run, "val_r2")
    print(f"regression: tabular_mlp R² {mlp:.4f} | RandomForestRegressor R² {rf:.4f} | difference {mlp - rf:+.4f}")


class Rows(torch.utils.data.Dataset):
    """The per-row Dataset of a plain PyTorch loop: one encoded row and its label per item."""

    def __init__(self, numbers, codes, labels):
        self.numbers, self.codes, self.labels = numbers, codes, labels

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return torch.from_numpy(self.numbers[i]), torch.from_numpy(self.codes[i]), int(self.labels[i])


class TabularMlp(torch.nn.Module):
    """tabular_mlp as the table recipe builds it: embeddings, [128, 64] Linear-BatchNorm-ReLU-Dropout."""

    def __init__(self, numbers, sizes, outputs):
        super().__init__()
        self.embeddings = torch.nn.ModuleList(torch.nn.Embedding(s, min(16, (s + 1) // 2)) for s in sizes)
        width = numbers + sum(e.embedding_dim for e in self.embeddings)
        layers = []
        for hidden in (128, 64):
            layers += [torch.nn.Linear(width, hidden), torch.nn.BatchNorm1d(hidden), torch.nn.ReLU(),
                       torch.nn.Dropout(0.1)]
            width = hidden
        self.body = torch.nn.Sequential(*layers, torch.nn.Linear(width, outputs))

    def forward(self, numbers, codes):
        parts = [numbers] + [e(codes[:, k]) for k, e in enumerate(self.embeddings)]
        return self.body(torch.cat(parts, dim=1))


def compare_throughput():
    torch.set_num_threads(1)
    torch.manual_seed(0)
    x, c, y = read(f"{out}/classification-train.csv")
    flags = np.isnan(x[:, [2, 5]]).astype(np.float32)
    filled = np.where(np.isnan(x), np.nanmedian(x, axis=0), x)
    numbers = np.concatenate([(filled - filled.mean(0)) / filled.std(0), flags], axis=1).astype(np.float32)
    levels = [sorted(set(c[:, k])) for k in range(3)]
    codes = np.array([[levels[k].index(v) + 1 for k, v in enumerate(r)] for r in c], dtype=np.int64)
    labels = np.array([v == "yes" for v in y], dtype=np.int64)
    model = TabularMlp(numbers.shape[1], [len(l) + 1 for l in levels], 2)
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
    loader = torch.utils.data.DataLoader(Rows(numbers, codes, labels), batch_size=64, shuffle=True)
    model.train()
    rates = []
    for _ in range(3):
        start, seen = time.perf_counter(), 0
        for n, k, target in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(n, k), target)
            loss.backward()
            optimizer.step()
            seen += len(target)
        rates.append(seen / (time.perf_counter() - start))
    plain = max(rates)
    ours = steps_per_second(cls_run, 64)
    print(f"throughput (1 thread, batch 64): trainscope {ours:,.0f} samples/s | plain PyTorch loop over a per-row "
          f"Dataset {plain:,.0f} samples/s | ratio {ours / plain:.2f}x")


compare_classification()
compare_regression()
if kind == "smooth":  # the same model and rows either way: timed once
    compare_throughput()
