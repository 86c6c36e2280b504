"""The imagefolder_fast preset in Python PyTorch: the same Fast CNN, transforms and recipe.

Usage: /usr/bin/python3 imagefolder_fast.py ROOT [--epochs 15] [--size 64] [--threads 2] [--workers 2]
Prints one JSON line per epoch (val accuracy, seconds so far) and a summary line.
The split: a seeded random 20% of each class for validation, as the engine's
dataset.val_fraction (not the same images: a different shuffle).
"""
import argparse
import json
import math
import time

import torch
from torch import nn
from torch.utils.data import DataLoader, Subset
from torchvision import datasets, transforms

p = argparse.ArgumentParser()
p.add_argument("root")
p.add_argument("--epochs", type=int, default=15)
p.add_argument("--size", type=int, default=64)
p.add_argument("--threads", type=int, default=2)
p.add_argument("--workers", type=int, default=2)
p.add_argument("--batch-size", type=int, default=32)
p.add_argument("--lr", type=float, default=3e-3)
p.add_argument("--seed", type=int, default=42)
args = p.parse_args()
torch.set_num_threads(args.threads)
torch.manual_seed(args.seed)

mean, std = [0.485, 0.456, 0.406], [0.229, 0.224, 0.225]
train_tf = transforms.Compose([
    transforms.RandomResizedCrop(args.size, scale=(0.35, 1.0)),
    transforms.RandomHorizontalFlip(),
    transforms.ToTensor(),
    transforms.Normalize(mean, std),
])
val_tf = transforms.Compose([
    transforms.Resize(round(args.size * 73 / 64)),
    transforms.CenterCrop(args.size),
    transforms.ToTensor(),
    transforms.Normalize(mean, std),
])
train_all = datasets.ImageFolder(args.root, train_tf)
val_all = datasets.ImageFolder(args.root, val_tf)
g = torch.Generator().manual_seed(args.seed)
by_class = {}
for i, (_, c) in enumerate(train_all.samples):
    by_class.setdefault(c, []).append(i)
train_idx, val_idx = [], []
for c, idx in by_class.items():
    perm = [idx[j] for j in torch.randperm(len(idx), generator=g).tolist()]
    n_val = round(len(idx) * 0.2)
    val_idx += perm[:n_val]
    train_idx += perm[n_val:]
train = DataLoader(Subset(train_all, train_idx), batch_size=args.batch_size, shuffle=True, num_workers=args.workers,
                   persistent_workers=True)
val = DataLoader(Subset(val_all, val_idx), batch_size=args.batch_size, num_workers=args.workers,
                 persistent_workers=True)


def conv_bn_relu(cin, cout, stride):
    return [nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()]


def fast_cnn(classes, dropout=0.2):
    layers = conv_bn_relu(3, 32, 2)
    widths = [32, 64, 128, 256]
    for s in range(3):
        layers += conv_bn_relu(widths[s], widths[s], 1) + conv_bn_relu(widths[s], widths[s + 1], 2)
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(dropout), nn.Linear(256, classes)]
    model = nn.Sequential(*layers)
    for m in model.modules():
        if isinstance(m, nn.Conv2d):
            nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
    return model


model = fast_cnn(len(train_all.classes))
opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=5e-4)
steps_per_epoch = len(train)
total = steps_per_epoch * args.epochs
warmup = steps_per_epoch


def lr_at(step):  # linear warmup from 0.1 x lr over one epoch, then cosine to 0 (the engine's schedule)
    if step < warmup:
        return args.lr * (0.1 + 0.9 * step / warmup)
    return args.lr * 0.5 * (1 + math.cos(math.pi * (step - warmup) / max(1, total - warmup)))


loss_fn = nn.CrossEntropyLoss(label_smoothing=0.1)
step, train_seconds, best = 0, 0.0, 0.0
for epoch in range(args.epochs):
    model.train()
    start = time.perf_counter()
    for x, y in train:
        for group in opt.param_groups:
            group["lr"] = lr_at(step)
        opt.zero_grad(set_to_none=True)
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        step += 1
    train_seconds += time.perf_counter() - start
    model.eval()
    correct = seen = 0
    with torch.no_grad():
        for x, y in val:
            correct += (model(x).argmax(1) == y).sum().item()
            seen += len(y)
    best = max(best, correct / seen)
    print(json.dumps({"epoch": epoch + 1, "val_accuracy": correct / seen, "train_seconds": train_seconds}), flush=True)
print(json.dumps({"summary": True, "best_val_accuracy": best, "final_val_accuracy": correct / seen,
                  "train_seconds": train_seconds, "samples_per_sec": len(train_idx) * args.epochs / train_seconds}))
