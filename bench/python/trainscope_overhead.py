"""What the Python package costs the seed's loop: one epoch of LeNet on Fashion-MNIST
(per-sample Dataset, DataLoader with 2 workers, SGD with momentum), as
src/python/examples/fashion_lenet.py trains it, in one of three variants:
  plain  no trainscope at all
  log    trainscope.init + log() every step + log_epoch
  watch  the same + trainscope.watch(model, log_every=50)
Prints one JSON line: the training loop's seconds (data included) and the mean time
of one log() call. Usage (bench/python_overhead.sh runs the variants interleaved):
  PYTHONPATH=build/release/python /usr/bin/python3 trainscope_overhead.py --variant watch
"""
import argparse
import json
import os
import sys
import tempfile
import time

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../src/python/examples"))
from fashion_lenet import FashionMNIST, LeNet  # noqa: E402  the example's own classes


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--variant", choices=["plain", "log", "watch"], required=True)
    p.add_argument("--train-subset", type=int, default=60000)
    p.add_argument("--threads", type=int, default=1)
    args = p.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(42)
    loader = DataLoader(FashionMNIST("train", args.train_subset), batch_size=64, shuffle=True, num_workers=2)
    model = LeNet()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    tmp = tempfile.TemporaryDirectory()
    trainscope = None
    if args.variant != "plain":
        import trainscope
        trainscope.init(name="overhead", config={"variant": args.variant}, runs_dir=tmp.name)
        if args.variant == "watch":
            trainscope.watch(model, log_every=50)
    log_seconds, logs = 0.0, 0
    start = time.perf_counter()
    model.train()
    for step, (x, y, _) in enumerate(loader, start=1):
        optimizer.zero_grad()
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        loss.backward()
        optimizer.step()
        if trainscope:
            t = time.perf_counter()
            trainscope.log({"loss": loss.item()}, step=step)
            log_seconds += time.perf_counter() - t
            logs += 1
    seconds = time.perf_counter() - start
    if trainscope:
        trainscope.log_epoch({"train_loss": loss.item()}, epoch=1)
        trainscope.finish()
    print(json.dumps({"variant": args.variant, "seconds": seconds,
                      "log_microseconds": 1e6 * log_seconds / logs if logs else 0.0}))


if __name__ == "__main__":
    main()
