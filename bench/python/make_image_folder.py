"""Generates a benchmark image folder: N JPEGs of varied sizes in ImageFolder layout.

Usage: make_image_folder.py OUT_DIR [--images 3000] [--classes 10] [--seed 0]
Images are smooth colour gradients with random shapes and noise, 200 to 640 pixels a
side, JPEG quality 90, so decoding costs what real photos of that size cost.
"""
import argparse
import os
import random

import numpy as np
from PIL import Image, ImageDraw

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--images", type=int, default=3000)
parser.add_argument("--classes", type=int, default=10)
parser.add_argument("--seed", type=int, default=0)
args = parser.parse_args()

rng = random.Random(args.seed)
np_rng = np.random.default_rng(args.seed)
for i in range(args.images):
    label = i % args.classes
    folder = os.path.join(args.out, f"class_{label:02d}")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"img_{i:05d}.jpg")
    if os.path.exists(path):
        continue
    w, h = rng.randint(200, 640), rng.randint(200, 640)
    base = np.array([rng.randint(0, 255) for _ in range(3)], dtype=np.float32)
    gx = np.linspace(0, 1, w, dtype=np.float32)[None, :, None]
    gy = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    img = base + 80 * gx * np.float32(label / args.classes) + 60 * gy + np_rng.normal(0, 12, (h, w, 3)).astype(np.float32)
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    draw = ImageDraw.Draw(pil)
    for _ in range(4):
        x0, y0 = rng.randint(0, w - 20), rng.randint(0, h - 20)
        draw.ellipse([x0, y0, x0 + rng.randint(10, w // 2), y0 + rng.randint(10, h // 2)],
                     fill=tuple(rng.randint(0, 255) for _ in range(3)))
    pil.save(path, quality=90)
print(f"{args.images} images in {args.out}")
