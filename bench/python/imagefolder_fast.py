"""The imagefolder_fast preset in Python PyTorch: the same Fast CNN, transforms and recipe,
read from the preset's JSON (resources/experiments/imagefolder_fast.json), so the two
sides cannot drift apart.

Usage: /usr/bin/python3 imagefolder_fast.py ROOT --epochs N [--preset FILE] [--size 64]
                                            [--threads 2] [--workers 2] [--seed 42]
Prints one JSON line per epoch (val accuracy, seconds so far) and a summary line.
The split: a seeded random share of each class for validation (the preset's
dataset.val_fraction), as the engine does (not the same images: a different shuffle).
"""
import argparse
import json
import math
import os
import time

import torch
from torch import nn
from torch.utils.data import DataLoader, Subset
from torchvision import datasets, transforms

here = os.path.dirname(os.path.abspath(__file__))
p = argparse.ArgumentParser()
p.add_argument("root")
p.add_argument("--epochs", type=int, required=True)
p.add_argument("--preset", default=os.path.join(here, "../../resources/experiments/imagefolder_fast.json"))
p.add_argument("--size", type=int, default=None, help="model.image_size (default: the preset's)")
p.add_argument("--threads", type=int, default=2)
p.add_argument("--workers", type=int, default=2)
p.add_argument("--seed", type=int, default=42)
args = p.parse_args()
preset = json.load(open(args.preset))
torch.set_num_threads(args.threads)
torch.manual_seed(args.seed)
size = args.size or preset["model"]["image_size"]
scale_to = size / preset["model"]["image_size"]  # a size given here scales the preset's pixel sizes


def pixels(v):
    return [round(x * scale_to) for x in (v if isinstance(v, list) else [v])]


def transform(spec):
    """One torchvision transform from the engine's JSON (the same names and parameters)."""
    name = spec["name"]
    if name == "RandomResizedCrop":
        return transforms.RandomResizedCrop(pixels(spec["size"]), scale=tuple(spec["scale"]), ratio=tuple(spec["ratio"]))
    if name == "RandomHorizontalFlip":
        return transforms.RandomHorizontalFlip(spec.get("p", 0.5))
    if name == "ColorJitter":
        return transforms.ColorJitter(spec.get("brightness", 0), spec.get("contrast", 0), spec.get("saturation", 0),
                                      spec.get("hue", 0))
    if name == "Resize":
        s = pixels(spec["size"])
        return transforms.Resize(s[0] if len(s) == 1 else s)
    if name == "CenterCrop":
        return transforms.CenterCrop(pixels(spec["size"]))
    if name == "ToTensor":
        return transforms.ToTensor()
    if name == "Normalize":
        return transforms.Normalize(spec["mean"], spec["std"])
    raise SystemExit(f"{name}: not in this twin")


train_tf = transforms.Compose([transform(s) for s in preset["transforms"]["train"]])
val_tf = transforms.Compose([transform(s) for s in preset["transforms"]["val"]])
train_all = datasets.ImageFolder(args.root, train_tf)
val_all = datasets.ImageFolder(args.root, val_tf)
g = torch.Generator().manual_seed(args.seed)
by_class = {}
for i, (_, c) in enumerate(train_all.samples):
    by_class.setdefault(c, []).append(i)
train_idx, val_idx = [], []
for c, idx in by_class.items():
    perm = [idx[j] for j in torch.randperm(len(idx), generator=g).tolist()]
    n_val = round(len(idx) * preset["dataset"]["val_fraction"])
    val_idx += perm[:n_val]
    train_idx += perm[n_val:]
batch = preset["loader"]["batch_size"]
train = DataLoader(Subset(train_all, train_idx), batch_size=batch, shuffle=True, num_workers=args.workers,
                   persistent_workers=args.workers > 0)
val = DataLoader(Subset(val_all, val_idx), batch_size=batch, num_workers=args.workers,
                 persistent_workers=args.workers > 0)


def conv_bn_relu(cin, cout, stride):
    return [nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()]


def fast_cnn(classes, dropout):
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


model = fast_cnn(len(train_all.classes), preset["model"]["dropout"])
lr = preset["optimizer"]["lr"]
assert preset["optimizer"]["name"] == "adamw" and preset["scheduler"]["name"] == "cosine"
opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=preset["optimizer"]["weight_decay"])
steps_per_epoch = len(train)
total = steps_per_epoch * args.epochs
warmup = round(steps_per_epoch * preset["scheduler"].get("warmup_epochs", 0))


def lr_at(step):  # linear warmup from 0.1 x lr, then cosine to 0 (the engine's schedule)
    if step < warmup:
        return lr * (0.1 + 0.9 * step / warmup)
    return lr * 0.5 * (1 + math.cos(math.pi * (step - warmup) / max(1, total - warmup)))


loss_fn = nn.CrossEntropyLoss(label_smoothing=preset["training"]["label_smoothing"])
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
