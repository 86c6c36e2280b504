"""Generates a benchmark image folder: N JPEGs of varied sizes in ImageFolder layout.

Usage: make_image_folder.py OUT_DIR [--images 3000] [--classes 10] [--seed 0]
                            [--kind gradients|shapes|plain-shapes|glyphs|textures|colours] [--max-aspect 1.333]
gradients (the default): smooth colour gradients with random shapes and noise, 200 to
640 pixels a side, the class a faint horizontal slope: decoding costs what real photos
of that size cost, and learning them is hard.
shapes: one object per image (circle, square, triangle, star, cross, ring, diamond,
bars, checkerboard, crescent) of random colour, size, position and rotation on a
cluttered background (a gradient, noise, small blobs), 160 to 480 pixels a side. As in
photos the class is in the shape, not in the colour or the place: a learnable folder
that needs no download.
plain-shapes: the easy case a user tries first: one filled shape (circle, square,
triangle, cross, ring, star) in a colour that stands out, on a plain noisy background,
200 to 640 pixels a side (each side drawn on its own: up to 3.2:1; --max-aspect 1.333
frames them as a camera does).
glyphs: one letter (A, E, H, K, R, S, X, Z) in one of the DejaVu fonts (sans, serif,
mono; regular, bold, oblique), tilted up to 25 degrees, on a noisy gradient.
colours: the class is the colour of the one shape (red, orange, yellow, green, blue,
purple; its hue within 12 degrees, any shape, saturation and brightness), on a
greyish background: a folder where colour jitter would hide the answer.
textures: the whole image is a pattern (stripes, dots, checkerboard, waves, grid,
concentric rings) at a random scale, angle and pair of colours: the class is
everywhere, and no crop can lose it.
JPEG quality 90.
"""
import argparse
import math
import os
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFont

PLAIN_SHAPES = ["circle", "square", "triangle", "cross", "ring", "star"]
GLYPHS = ["A", "E", "H", "K", "R", "S", "X", "Z"]
FONT_DIR = "/usr/share/fonts/truetype/dejavu"
FONTS = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSerif.ttf",
         "DejaVuSerif-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf"]
TEXTURES = ["stripes", "dots", "checker", "waves", "grid", "rings"]
COLOURS = {"red": 0, "orange": 30, "yellow": 58, "green": 120, "blue": 220, "purple": 285}
KINDS = {"shapes": None, "plain-shapes": PLAIN_SHAPES, "glyphs": GLYPHS, "textures": TEXTURES,
         "colours": list(COLOURS)}
SHAPES = ["circle", "square", "triangle", "star", "cross", "ring", "diamond", "bars", "checker", "crescent"]


def polygon(cx, cy, r, points, rotation, inner=None):
    out = []
    n = points * (2 if inner else 1)
    for k in range(n):
        radius = inner * r if inner and k % 2 else r
        a = rotation + 2 * math.pi * k / n
        out.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return out


def draw_shape(draw, shape, cx, cy, r, rot, colour, background):
    if shape == "circle":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
    elif shape == "square":
        draw.polygon(polygon(cx, cy, r, 4, rot), fill=colour)
    elif shape == "triangle":
        draw.polygon(polygon(cx, cy, r, 3, rot), fill=colour)
    elif shape == "star":
        draw.polygon(polygon(cx, cy, r, 5, rot, inner=0.45), fill=colour)
    elif shape == "cross":
        w = r * 0.35
        for a in (rot, rot + math.pi / 2):
            dx, dy = math.cos(a), math.sin(a)
            px, py = -dy * w, dx * w
            draw.polygon([(cx - dx * r + px, cy - dy * r + py), (cx + dx * r + px, cy + dy * r + py),
                          (cx + dx * r - px, cy + dy * r - py), (cx - dx * r - px, cy - dy * r - py)], fill=colour)
    elif shape == "ring":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=colour, width=max(2, int(r * 0.3)))
    elif shape == "diamond":
        pts = polygon(cx, cy, r, 4, rot)
        pts = [(cx + (x - cx) * 0.55, y) if i % 2 == 0 else (x, y) for i, (x, y) in enumerate(pts)]
        draw.polygon(pts, fill=colour)
    elif shape == "bars":
        for k in range(-2, 3):
            y = cy + k * r * 0.4
            draw.rectangle([cx - r, y - r * 0.1, cx + r, y + r * 0.1], fill=colour)
    elif shape == "checker":
        s = r / 2
        for i in range(4):
            for j in range(4):
                if (i + j) % 2 == 0:
                    draw.rectangle([cx - r + i * s, cy - r + j * s, cx - r + (i + 1) * s, cy - r + (j + 1) * s],
                                   fill=colour)
    elif shape == "crescent":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
        o = r * 0.5
        draw.ellipse([cx - r + o, cy - r - o * 0.3, cx + r + o, cy + r - o * 0.3], fill=background)


def gradient_image(rng, np_rng, label, classes, sides=(200, 640)):
    w, h = rng.randint(*sides), rng.randint(*sides)
    base = np.array([rng.randint(0, 255) for _ in range(3)], dtype=np.float32)
    gx = np.linspace(0, 1, w, dtype=np.float32)[None, :, None]
    gy = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    img = base + 80 * gx * np.float32(label / classes) + 60 * gy + np_rng.normal(0, 12, (h, w, 3)).astype(np.float32)
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    draw = ImageDraw.Draw(pil)
    for _ in range(4):
        x0, y0 = rng.randint(0, w - 20), rng.randint(0, h - 20)
        draw.ellipse([x0, y0, x0 + rng.randint(10, w // 2), y0 + rng.randint(10, h // 2)],
                     fill=tuple(rng.randint(0, 255) for _ in range(3)))
    return pil


def shape_image(rng, np_rng, shape):
    w, h = rng.randint(160, 480), rng.randint(160, 480)
    c0 = np.array([rng.randint(0, 255) for _ in range(3)], dtype=np.float32)
    c1 = np.array([rng.randint(0, 255) for _ in range(3)], dtype=np.float32)
    t = (np.linspace(0, 1, w, dtype=np.float32)[None, :] * rng.random()
         + np.linspace(0, 1, h, dtype=np.float32)[:, None] * rng.random())[..., None] / 2
    img = c0 * (1 - t) + c1 * t + np_rng.normal(0, 10, (h, w, 3)).astype(np.float32)
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    draw = ImageDraw.Draw(pil)
    for _ in range(rng.randint(2, 6)):  # distractors: small blobs anywhere
        x0, y0, s = rng.randint(0, w), rng.randint(0, h), rng.randint(4, max(6, min(w, h) // 10))
        draw.ellipse([x0, y0, x0 + s, y0 + s], fill=tuple(rng.randint(0, 255) for _ in range(3)))
    r = rng.uniform(0.18, 0.35) * min(w, h)
    cx, cy = rng.uniform(r, w - r), rng.uniform(r, h - r)
    colour = tuple(rng.randint(0, 255) for _ in range(3))
    background = tuple(int(v) for v in pil.getpixel((int(cx), int(cy))))
    draw_shape(draw, shape, cx, cy, r, rng.uniform(0, 2 * math.pi), colour, background)
    return pil


def distinct_colour(rng, background, distance=120):
    """A colour at least `distance` away from `background` (summed over channels)."""
    while True:
        c = tuple(rng.randint(0, 255) for _ in range(3))
        if sum(abs(a - b) for a, b in zip(c, background)) >= distance:
            return c


def frame(rng, max_aspect):
    """Width and height, 200 to 640 px; with max_aspect, framed as a camera frames (no
    side more than max_aspect times the other)."""
    w = rng.randint(200, 640)
    if not max_aspect:
        return w, rng.randint(200, 640)
    return w, max(1, round(w * math.exp(rng.uniform(-math.log(max_aspect), math.log(max_aspect)))))


def plain_shape_image(rng, np_rng, shape, max_aspect=None):
    w, h = frame(rng, max_aspect)
    background = tuple(rng.randint(0, 255) for _ in range(3))
    img = np.array(background, dtype=np.float32) + np_rng.normal(0, 18, (h, w, 3)).astype(np.float32)
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    r = rng.uniform(0.15, 0.35) * min(w, h)
    cx, cy = rng.uniform(r, w - r), rng.uniform(r, h - r)
    draw_shape(ImageDraw.Draw(pil), shape, cx, cy, r, rng.uniform(0, 2 * math.pi),
               distinct_colour(rng, background), background)
    return pil


def glyph_image(rng, np_rng, letter):
    w, h = rng.randint(180, 520), rng.randint(180, 520)
    c0 = np.array([rng.randint(0, 255) for _ in range(3)], dtype=np.float32)
    c1 = np.array([rng.randint(0, 255) for _ in range(3)], dtype=np.float32)
    t = np.linspace(0, 1, h, dtype=np.float32)[:, None, None] * np.ones((1, w, 1), np.float32)
    img = c0 * (1 - t) + c1 * t + np_rng.normal(0, 12, (h, w, 3)).astype(np.float32)
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    size = int(rng.uniform(0.35, 0.7) * min(w, h))
    font = ImageFont.truetype(os.path.join(FONT_DIR, rng.choice(FONTS)), size)
    tile = Image.new("L", (size * 2, size * 2), 0)
    ImageDraw.Draw(tile).text((size, size), letter, font=font, fill=255, anchor="mm")
    tile = tile.rotate(rng.uniform(-25, 25), resample=Image.BILINEAR)
    box = tile.getbbox() or (0, 0, 1, 1)
    tile = tile.crop(box)
    x = rng.randint(0, max(0, w - tile.width))
    y = rng.randint(0, max(0, h - tile.height))
    middle = tuple(int(v) for v in (c0 + c1) / 2)
    pil.paste(Image.new("RGB", tile.size, distinct_colour(rng, middle, 200)), (x, y), tile)
    return pil


def texture_image(rng, np_rng, pattern):
    w, h = rng.randint(160, 480), rng.randint(160, 480)
    period = rng.uniform(0.06, 0.2) * min(w, h)
    a = rng.uniform(0, math.pi)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    u = (xx * math.cos(a) + yy * math.sin(a)) / period
    v = (-xx * math.sin(a) + yy * math.cos(a)) / period
    if pattern == "stripes":
        m = (u % 1) < 0.5
    elif pattern == "dots":
        m = ((u % 1) - 0.5) ** 2 + ((v % 1) - 0.5) ** 2 < 0.09
    elif pattern == "checker":
        m = ((np.floor(u) + np.floor(v)) % 2) == 0
    elif pattern == "waves":
        m = ((u + 0.3 * np.sin(2 * math.pi * v / 2)) % 1) < 0.5
    elif pattern == "grid":
        m = ((u % 1) < 0.18) | ((v % 1) < 0.18)
    else:  # rings around a random centre
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        m = (np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2) / period % 1) < 0.5
    c0 = np.array([rng.randint(0, 255) for _ in range(3)], dtype=np.float32)
    c1 = np.array(distinct_colour(rng, tuple(int(x) for x in c0)), dtype=np.float32)
    img = np.where(m[..., None], c1, c0) + np_rng.normal(0, 12, (h, w, 3)).astype(np.float32)
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))


def colour_image(rng, np_rng, name):
    import colorsys
    w, h = rng.randint(200, 640), rng.randint(200, 640)
    grey = rng.randint(60, 200)
    background = tuple(max(0, min(255, grey + rng.randint(-20, 20))) for _ in range(3))
    img = np.array(background, dtype=np.float32) + np_rng.normal(0, 14, (h, w, 3)).astype(np.float32)
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    hue = (COLOURS[name] + rng.uniform(-12, 12)) % 360 / 360
    r, g, b = colorsys.hsv_to_rgb(hue, rng.uniform(0.6, 1.0), rng.uniform(0.6, 1.0))
    radius = rng.uniform(0.15, 0.35) * min(w, h)
    cx, cy = rng.uniform(radius, w - radius), rng.uniform(radius, h - radius)
    draw_shape(ImageDraw.Draw(pil), rng.choice(PLAIN_SHAPES), cx, cy, radius, rng.uniform(0, 2 * math.pi),
               (int(r * 255), int(g * 255), int(b * 255)), background)
    return pil


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--images", type=int, default=3000)
    parser.add_argument("--classes", type=int, default=None,
                        help="default: every class the kind has (gradients: 10); at most that many for named kinds")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kind", choices=["gradients", *KINDS], default="gradients")
    parser.add_argument("--sides", type=int, nargs=2, default=[200, 640], metavar=("MIN", "MAX"),
                        help="gradients: each side drawn from MIN..MAX pixels (photos: 2000 4000)")
    parser.add_argument("--max-aspect", type=float, default=None,
                        help="plain-shapes: frame as a camera does, no side more than this times the other (4:3: 1.333)")
    args = parser.parse_args()
    names = KINDS.get(args.kind) or SHAPES
    if args.classes is None:
        args.classes = 10 if args.kind == "gradients" else len(names)
    if args.kind not in ("gradients", "shapes") and not 2 <= args.classes <= len(names):
        parser.error(f"--kind {args.kind} has 2 to {len(names)} classes")
    rng = random.Random(args.seed)
    np_rng = np.random.default_rng(args.seed)
    for i in range(args.images):
        label = i % args.classes
        named = args.kind != "gradients" and args.classes <= len(names)
        folder = os.path.join(args.out, names[label] if named else f"class_{label:02d}")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, f"img_{i:05d}.jpg")
        if os.path.exists(path):
            continue
        if args.kind == "shapes":
            pil = shape_image(rng, np_rng, SHAPES[label % len(SHAPES)])
        elif args.kind == "plain-shapes":
            pil = plain_shape_image(rng, np_rng, PLAIN_SHAPES[label % len(PLAIN_SHAPES)], args.max_aspect)
        elif args.kind == "glyphs":
            pil = glyph_image(rng, np_rng, GLYPHS[label % len(GLYPHS)])
        elif args.kind == "colours":
            pil = colour_image(rng, np_rng, list(COLOURS)[label % len(COLOURS)])
        elif args.kind == "textures":
            pil = texture_image(rng, np_rng, TEXTURES[label % len(TEXTURES)])
        else:
            pil = gradient_image(rng, np_rng, label, args.classes, tuple(args.sides))
        pil.save(path, quality=90)
    print(f"{args.images} images in {args.out}")


if __name__ == "__main__":
    main()
