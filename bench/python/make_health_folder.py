"""Generates a large folder of small JPEGs with planted problems for the health check's
benchmark (bench/health_at_scale.sh): OUT/train/<class>/ and OUT/val/<class>/.

Usage: make_health_folder.py OUT --images 1000000 [--classes 10] [--workers 2] [--seed 0]

Each image is 64 to 128 px a side: a few sharp shapes on a grainy colour gradient,
JPEG quality 90. Planted, by file name (the manifest OUT/planted.json lists them):
  near_*   a near duplicate of an earlier image (resized by 0.9 to 1.1 and re-encoded at
           quality 75, or 2-4 grey levels brighter); 40% of them in val/ (most are leaks)
  blur_*   Gaussian blur, sigma 2 to 4
  dark_*   brightness x 0.08 to 0.15
  light_*  brightness x 0.05 plus 235
  flat_*   one colour with faint noise (not grey)
Rates: near 0.5%, blur, dark, light 0.2% each, flat 0.1%. Files go 10,000 per folder
level at most (class folders hold sub-folders of 5,000), as ImageFolder allows.
"""
import argparse
import json
import os
import random
from multiprocessing import Pool

import cv2
import numpy as np

KINDS = [("near", 0.005), ("blur", 0.002), ("dark", 0.002), ("light", 0.002), ("flat", 0.001)]


def shapes(rng, w, h):
    """A colour gradient with grain, as a photo's background, and sharp shapes on it."""
    a = np.array([rng.randint(40, 215) for _ in range(3)], np.float32)
    b = np.array([rng.randint(40, 215) for _ in range(3)], np.float32)
    t = np.linspace(0, 1, w, dtype=np.float32)[None, :, None]
    grain = np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, 6, (h, w, 3))
    img = np.clip(a + (b - a) * t + grain, 0, 255).astype(np.uint8)
    side = min(w, h)
    for i in range(rng.randint(3, 7)):
        colour = [rng.randint(0, 255) for _ in range(3)]
        a = (rng.randint(0, w), rng.randint(0, h))
        if i % 2:
            d = (rng.randint(side // 5, side // 2), rng.randint(side // 5, side // 2))
            cv2.rectangle(img, a, (a[0] + d[0], a[1] + d[1]), colour, -1)
        else:
            cv2.circle(img, a, rng.randint(side // 8, side // 3), colour, -1)
    return img


def plant(kind, rng, base):
    h, w = base.shape[:2]
    if kind == "near":
        if rng.random() < 0.5:
            s = rng.uniform(0.9, 1.1)
            return cv2.resize(base, (max(8, int(w * s)), max(8, int(h * s))), interpolation=cv2.INTER_AREA), 75
        return cv2.add(base, np.full_like(base, rng.randint(2, 4))), 90
    if kind == "blur":
        return cv2.GaussianBlur(base, (0, 0), rng.uniform(2, 4)), 90
    if kind == "dark":
        return (base * rng.uniform(0.08, 0.15)).astype(np.uint8), 90
    if kind == "light":
        return (base * 0.05 + 235).astype(np.uint8), 90
    noise = np.random.default_rng(rng.randint(0, 1 << 30)).integers(-1, 2, base.shape)
    colour = np.array([rng.randint(30, 220) for _ in range(3)], np.int64)
    return np.clip(colour + noise, 0, 255).astype(np.uint8), 90


def draw(seed, i):
    """Image i's random stream, its planted kind, a draw for its split, and its shapes."""
    rng = random.Random(seed * 1_000_003 + i)
    kind = next((k for k, rate in KINDS if rng.random() < rate), None)
    split_draw = rng.random()
    w, h = rng.randint(64, 128), rng.randint(64, 128)
    return rng, kind, split_draw, shapes(rng, w, h)


def write_chunk(args):
    out, start, end, classes, seed = args
    planted = []
    for i in range(start, end):
        rng, kind, split_draw, base = draw(seed, i)
        split = "val" if split_draw < (0.4 if kind == "near" else 0.1) else "train"
        label = i % classes
        if kind == "near":  # a copy of an earlier image, drawn again from its own seed
            j = rng.randint(0, max(0, i - 1))
            base, label = draw(seed, j)[3], j % classes
        img, quality = plant(kind, rng, base) if kind else (base, 90)
        folder = os.path.join(out, split, "c%02d" % label, "%04d" % (i // 5000))
        name = ("%s_%07d.jpg" % (kind, i)) if kind else ("%07d.jpg" % i)
        os.makedirs(folder, exist_ok=True)
        cv2.imwrite(os.path.join(folder, name), img, [cv2.IMWRITE_JPEG_QUALITY, quality])
        if kind:
            planted.append({"kind": kind, "path": os.path.join(folder, name), **({"of": j} if kind == "near" else {})})
    return planted


def main():
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--images", type=int, default=1_000_000)
    p.add_argument("--classes", type=int, default=10)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    step = 2000
    chunks = [(a.out, s, min(a.images, s + step), a.classes, a.seed) for s in range(0, a.images, step)]
    planted = []
    with Pool(a.workers) as pool:
        for part in pool.imap_unordered(write_chunk, chunks):
            planted += part
    with open(os.path.join(a.out, "planted.json"), "w") as f:
        json.dump(planted, f)
    counts = {k: sum(1 for x in planted if x["kind"] == k) for k, _ in KINDS}
    print(json.dumps({"images": a.images, "planted": counts}))


if __name__ == "__main__":
    main()
