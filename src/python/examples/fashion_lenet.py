"""The seed's PyTorch loop for LeNet on Fashion-MNIST, followed by Trainscope.

A per-sample Dataset, a DataLoader with 2 worker processes, LeNet, SGD with momentum:
the loop of PyTorch's own tutorials, with the six Trainscope lines marked `# trainscope`.
Run it, then open the run in the app (File > Follow Run...) while it trains:
    PYTHONPATH=build/release/python /usr/bin/python3 src/python/examples/fashion_lenet.py
Options: --epochs 2 --train-subset 60000 --val-subset 10000 --runs-dir DIR --tensorboard
"""
import argparse
import gzip

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

import trainscope

ROOT = "/usr/share/datasets/fashion-mnist"
CLASSES = ["T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker", "Bag",
           "Ankle boot"]


def read_idx(path):
    with gzip.open(path, "rb") as f:
        data = f.read()
    dims = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(data[3])]
    return np.frombuffer(data, dtype=np.uint8, offset=4 + 4 * data[3]).reshape(dims)


class FashionMNIST(Dataset):
    """One sample per __getitem__: the image, its label, and its index (for
    log_predictions, which names each sample by its place in the split)."""

    def __init__(self, split, limit):
        prefix = "train" if split == "train" else "t10k"
        self.images = read_idx(f"{ROOT}/{prefix}-images-idx3-ubyte.gz")[:limit]
        self.labels = read_idx(f"{ROOT}/{prefix}-labels-idx1-ubyte.gz")[:limit]

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        x = torch.from_numpy(self.images[i].astype(np.float32) / 255.0).unsqueeze(0)
        return (x - 0.2860) / 0.3530, int(self.labels[i]), i


class LeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, padding=2)
        self.pool1 = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.pool2 = nn.MaxPool2d(2)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = self.pool1(F.relu(self.conv1(x)))
        x = self.pool2(F.relu(self.conv2(x)))
        x = torch.flatten(x, 1)
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--epochs", type=int, default=2)
    p.add_argument("--train-subset", type=int, default=60000)
    p.add_argument("--val-subset", type=int, default=10000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--runs-dir", default=None)
    p.add_argument("--tensorboard", action="store_true")
    p.add_argument("--fail-at-step", type=int, default=0, help="raise at this step (to try a failing run)")
    args = p.parse_args()
    torch.manual_seed(42)
    config = {"lr": 0.01, "momentum": 0.9, "batch_size": 64, "epochs": args.epochs}
    train = DataLoader(FashionMNIST("train", args.train_subset), batch_size=config["batch_size"], shuffle=True,
                       num_workers=args.workers)
    val = DataLoader(FashionMNIST("val", args.val_subset), batch_size=256, num_workers=args.workers)
    model = LeNet()
    optimizer = torch.optim.SGD(model.parameters(), lr=config["lr"], momentum=config["momentum"])

    with trainscope.init(name="lenet-sgd", config=config, runs_dir=args.runs_dir,  # trainscope
                         tensorboard=args.tensorboard) as run:
        print(f"recording to {run.folder}", flush=True)
        trainscope.watch(model, log_every=50)  # trainscope
        step = 0
        for epoch in range(1, args.epochs + 1):
            model.train()
            for x, y, index in train:
                step += 1
                optimizer.zero_grad()
                logits = model(x)
                loss = F.cross_entropy(logits, y)
                loss.backward()
                optimizer.step()
                accuracy = (logits.argmax(1) == y).float().mean().item()
                trainscope.log({"loss": loss.item(), "accuracy": accuracy, "lr": config["lr"]}, step=step)  # trainscope
                trainscope.log_predictions("train", epoch, index, y, logits.detach())  # trainscope
                if step == args.fail_at_step:
                    raise RuntimeError(f"a failure on purpose at step {step}")
            model.eval()
            total_loss = correct = seen = 0
            with torch.no_grad():
                for x, y, index in val:
                    logits = model(x)
                    total_loss += F.cross_entropy(logits, y, reduction="sum").item()
                    correct += (logits.argmax(1) == y).sum().item()
                    seen += len(y)
                    trainscope.log_predictions("val", epoch, index, y, logits, class_names=CLASSES)  # trainscope
            trainscope.log_epoch({"val_loss": total_loss / seen, "val_accuracy": correct / seen}, epoch=epoch)  # trainscope
            print(f"epoch {epoch}: val accuracy {correct / seen:.3f}", flush=True)
    # Leaving the `with` block finishes the run (trainscope.finish() does the same).


if __name__ == "__main__":
    main()
