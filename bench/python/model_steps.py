"""The Python twin of bench/bench_models.cpp: a training step of the same LeNet (the
one bench/python/fashion_lenet.py trains) and ResNet-18 (the engine's small-image stem:
3x3 conv, no max pool) on a fixed random batch, Adam, no data loader, on the same LibTorch (/usr/bin/python3's torch 1.13).
Prints one JSON line per model: samples/s and the phases in ms.
Usage: /usr/bin/python3 model_steps.py [--threads 2] [--steps 30] [--only NAME]
"""
import argparse
import json
import time

import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision

from fashion_lenet import LeNet  # the seed's LeNet, the same model as the end-to-end benchmark


def resnet18_small():
    m = torchvision.models.resnet18(num_classes=10)
    m.conv1 = nn.Conv2d(1, 64, 3, stride=1, padding=1, bias=False)
    m.maxpool = nn.Identity()
    return m


def measure(name, model, shape, steps):
    model.train()
    opt = torch.optim.Adam(model.parameters(), lr=0.003)
    x, y = torch.randn(shape), torch.randint(10, (shape[0],))
    phases = {"zero_grad": 0.0, "forward": 0.0, "backward": 0.0, "step": 0.0}
    for s in range(-3, steps):
        t0 = time.perf_counter()
        opt.zero_grad(set_to_none=True)
        t1 = time.perf_counter()
        loss = F.cross_entropy(model(x), y)
        loss.item()
        t2 = time.perf_counter()
        loss.backward()
        t3 = time.perf_counter()
        opt.step()
        t4 = time.perf_counter()
        if s >= 0:
            for k, v in zip(phases, (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
                phases[k] += v
    total = sum(phases.values()) / steps
    out = {"model": name, "samples_per_sec": shape[0] / total}
    out.update({k: 1e3 * v / steps for k, v in phases.items()})
    print(json.dumps(out), flush=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--only", default="")
    args = p.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    if args.only in ("", "lenet"):
        measure("lenet", LeNet(), (64, 1, 28, 28), args.steps * 10)
    if args.only in ("", "resnet18"):
        measure("resnet18", resnet18_small(), (128, 1, 28, 28), max(5, args.steps // 5))


if __name__ == "__main__":
    main()
