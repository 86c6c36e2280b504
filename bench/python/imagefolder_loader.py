"""The reference image pipeline: torchvision ImageFolder + DataLoader with the seed's
augmentations (RandomResizedCrop 224, RandomHorizontalFlip, ColorJitter 0.3,
ToTensor, ImageNet Normalize). Iterates one epoch of batches; prints images/s as JSON.
Usage: /usr/bin/python3 imagefolder_loader.py ROOT [--workers 2] [--threads 2]
"""
import argparse
import json
import time

import torch
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

p = argparse.ArgumentParser()
p.add_argument("root")
p.add_argument("--workers", type=int, default=2)
p.add_argument("--threads", type=int, default=2)
p.add_argument("--batch-size", type=int, default=64)
args = p.parse_args()
torch.set_num_threads(args.threads)
tf = transforms.Compose([
    transforms.RandomResizedCrop(224),
    transforms.RandomHorizontalFlip(),
    transforms.ColorJitter(0.3, 0.3, 0.3),
    transforms.ToTensor(),
    transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
])
loader = DataLoader(datasets.ImageFolder(args.root, tf), batch_size=args.batch_size, shuffle=True,
                    num_workers=args.workers)
start = time.perf_counter()
images = 0
for x, y in loader:
    images += len(y)
seconds = time.perf_counter() - start
print(json.dumps({"images_per_sec": images / seconds, "images": images, "seconds": seconds, "workers": args.workers}))
