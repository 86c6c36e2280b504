#!/usr/bin/env python3
"""Draws Trainscope's icon: a falling loss curve on a dark rounded square, with the
last point marked. Writes resources/icons/trainscope.svg and the PNG sizes of the
hicolor theme (16..256), each drawn large and scaled down for smooth edges.
Run with /usr/bin/python3 (numpy, python3-opencv): packaging/make_icons.py"""
import math
import os
import sys

import cv2
import numpy as np

SIZES = [16, 24, 32, 48, 64, 128, 256, 512]
BACKGROUND = (0x57, 0x3B, 0x1F)  # BGR of #1f3b57
CURVE = (0xF5, 0xF0, 0xEA)
AXIS = (0xA0, 0x8A, 0x6E)
DOT = (0x2B, 0x8C, 0xF5)  # #f58c2b


def curve_points(n=64):
    """The loss curve in a 0..1 box: fast fall, then a long flat tail with a wiggle."""
    pts = []
    for i in range(n + 1):
        x = i / n
        y = 0.15 + 0.7 * math.exp(-4.5 * x) + 0.025 * math.sin(14 * x) * (1 - x)
        pts.append((0.2 + 0.66 * x, 0.14 + 0.66 * (1 - y) + 0.0 * y))
    return pts


def draw(size):
    big = 1024
    img = np.zeros((big, big, 4), np.uint8)
    r = int(big * 0.18)
    bg = BACKGROUND + (255,)
    cv2.rectangle(img, (r, 0), (big - r, big), bg, -1)
    cv2.rectangle(img, (0, r), (big, big - r), bg, -1)
    for cx, cy in [(r, r), (big - r, r), (r, big - r), (big - r, big - r)]:
        cv2.circle(img, (cx, cy), r, bg, -1, cv2.LINE_AA)
    thick = max(int(big * 0.035), 1)
    ox, oy = int(big * 0.17), int(big * 0.83)
    cv2.line(img, (ox, int(big * 0.15)), (ox, oy), AXIS + (255,), thick, cv2.LINE_AA)
    cv2.line(img, (ox, oy), (int(big * 0.87), oy), AXIS + (255,), thick, cv2.LINE_AA)
    pts = np.array([(int(x * big), int(y * big)) for x, y in curve_points()], np.int32)
    cv2.polylines(img, [pts], False, CURVE + (255,), int(big * 0.06), cv2.LINE_AA)
    cv2.circle(img, tuple(pts[-1]), int(big * 0.075), DOT + (255,), -1, cv2.LINE_AA)
    return cv2.resize(img, (size, size), interpolation=cv2.INTER_AREA)


def svg():
    def hexcolor(bgr):
        return "#%02x%02x%02x" % (bgr[2], bgr[1], bgr[0])

    pts = " ".join("%.1f,%.1f" % (x * 256, y * 256) for x, y in curve_points())
    last = curve_points()[-1]
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" rx="46" fill="{hexcolor(BACKGROUND)}"/>
  <path d="M43.5 38.4V212.5H222.7" fill="none" stroke="{hexcolor(AXIS)}" stroke-width="9" stroke-linecap="round"/>
  <polyline points="{pts}" fill="none" stroke="{hexcolor(CURVE)}" stroke-width="15.4" stroke-linecap="round" stroke-linejoin="round"/>
  <circle cx="{last[0] * 256:.1f}" cy="{last[1] * 256:.1f}" r="19.2" fill="{hexcolor(DOT)}"/>
</svg>
"""


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "resources", "icons")
    os.makedirs(out, exist_ok=True)
    for size in SIZES:
        cv2.imwrite(os.path.join(out, f"trainscope-{size}.png"), draw(size))
    with open(os.path.join(out, "trainscope.svg"), "w") as f:
        f.write(svg())


if __name__ == "__main__":
    main()
