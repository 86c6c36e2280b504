"""The simple out-of-sample baseline for finding flipped labels (issue 13).

Two-fold cross-validation, as cleanlab does it with more folds: train the same LeNet
with the same recipe (Adam 3e-3, cosine, batch 64, 3 epochs) on one half of the noisy
training labels, score the other half by the margin of its given label's logit over
the largest other (out of sample), and swap. The most negative margins are the
suspects. The noisy labels and the flipped indices come from the run's samples.h5, so
both methods face exactly the same flips.
Prints one JSON line: precision@K (K = the number of flips) and the seconds it took.
Usage: /usr/bin/python3 label_noise_baseline.py RUN_DIR [--threads 2] [--epochs 3]
"""
import argparse
import json
import math
import os
import sys
import time

import h5py
import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fashion_lenet import ROOT, LeNet, read_idx  # noqa: E402


def train(x, y, epochs, seed):
    torch.manual_seed(seed)
    model = LeNet()
    optimizer = torch.optim.Adam(model.parameters(), lr=0.003)
    steps = epochs * math.ceil(len(y) / 64)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=steps)
    g = torch.Generator().manual_seed(seed)
    model.train()
    for _ in range(epochs):
        order = torch.randperm(len(y), generator=g)
        for b in range(0, len(y), 64):
            i = order[b:b + 64]
            optimizer.zero_grad()
            F.cross_entropy(model(x[i]), y[i]).backward()
            optimizer.step()
            scheduler.step()
    return model


def margins(model, x, y):
    model.eval()
    out = []
    with torch.no_grad():
        for b in range(0, len(y), 1024):
            z = model(x[b:b + 1024])
            label = z.gather(1, y[b:b + 1024, None]).squeeze(1)
            others = z.scatter(1, y[b:b + 1024, None], float("-inf")).max(1).values
            out.append(label - others)
    return torch.cat(out)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("run")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--epochs", type=int, default=3)
    args = p.parse_args()
    torch.set_num_threads(args.threads)
    with h5py.File(os.path.join(args.run, "samples.h5"), "r") as f:
        labels = torch.from_numpy(f["labels"][:].astype(np.int64))
        flipped = set(f["label_noise/flipped"][:].tolist())
    images = read_idx(f"{ROOT}/train-images-idx3-ubyte.gz")
    assert len(images) == len(labels), "the run must train on all of Fashion-MNIST (no train_subset)"
    x = ((torch.from_numpy(images.astype(np.float32)) / 255.0 - 0.2860) / 0.3530).unsqueeze(1)
    start = time.perf_counter()
    order = torch.randperm(len(labels), generator=torch.Generator().manual_seed(0))
    halves = [order[: len(order) // 2], order[len(order) // 2:]]
    score = torch.empty(len(labels))
    for k in range(2):
        fit, held = halves[k], halves[1 - k]
        model = train(x[fit], labels[fit], args.epochs, seed=k)
        score[held] = -margins(model, x[held], labels[held])
    seconds = time.perf_counter() - start
    top = torch.topk(score, len(flipped)).indices.tolist()
    precision = sum(i in flipped for i in top) / len(flipped)
    print(json.dumps({"precision": precision, "k": len(flipped), "seconds": seconds, "threads": args.threads}))


if __name__ == "__main__":
    main()
