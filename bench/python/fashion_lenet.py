"""The reference: the seed's idiomatic PyTorch loop for LeNet on Fashion-MNIST.

A per-sample Dataset over the IDX files, torchvision ToTensor + Normalize, a DataLoader
with worker processes, the same LeNet, optimizer, schedule, batch size and thread
count as resources/experiments/fashion_lenet.json. Trains one epoch, then evaluates.
Prints one JSON line: samples/s of the training epoch (data included), test accuracy.
Usage: /usr/bin/python3 fashion_lenet.py [--threads 2] [--workers 2] [--epochs 1] [--max-steps N]
--threads 0 leaves PyTorch its default (all cores); --max-steps stops the epoch early.
"""
import argparse
import gzip
import json
import math
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms

ROOT = "/usr/share/datasets/fashion-mnist"


def read_idx(path):
    with gzip.open(path, "rb") as f:
        data = f.read()
    ndim = data[3]
    dims = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(ndim)]
    return np.frombuffer(data, dtype=np.uint8, offset=4 + 4 * ndim).reshape(dims)


class FashionMNIST(Dataset):
    def __init__(self, split, transform):
        prefix = "train" if split == "train" else "t10k"
        self.images = read_idx(f"{ROOT}/{prefix}-images-idx3-ubyte.gz")
        self.labels = read_idx(f"{ROOT}/{prefix}-labels-idx1-ubyte.gz")
        self.transform = transform

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        img = Image.fromarray(self.images[i], mode="L")
        return self.transform(img), int(self.labels[i])


class LeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, padding=2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--batch-size", type=int, default=64)
    p.add_argument("--max-steps", type=int, default=0)
    args = p.parse_args()
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    torch.manual_seed(42)
    tf = transforms.Compose([transforms.ToTensor(), transforms.Normalize((0.2860,), (0.3530,))])
    train = DataLoader(FashionMNIST("train", tf), batch_size=args.batch_size, shuffle=True,
                       num_workers=args.workers, persistent_workers=args.workers > 0)
    test = DataLoader(FashionMNIST("test", tf), batch_size=256, num_workers=args.workers)
    model = LeNet()
    optimizer = torch.optim.Adam(model.parameters(), lr=0.003)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=args.epochs * len(train))
    seen, train_seconds = 0, 0.0
    for _ in range(args.epochs):
        model.train()
        start = time.perf_counter()
        for x, y in train:
            optimizer.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            scheduler.step()
            seen += len(y)
            if args.max_steps and seen >= args.max_steps * args.batch_size:
                break
        train_seconds += time.perf_counter() - start
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for x, y in test:
            correct += (model(x).argmax(1) == y).sum().item()
            total += len(y)
    print(json.dumps({"samples_per_sec": seen / train_seconds, "train_seconds": train_seconds,
                      "test_accuracy": correct / total, "threads": torch.get_num_threads(), "workers": args.workers}))


if __name__ == "__main__":
    main()
