"""Damages a copy of a run folder the way disks, crashes and hostile users do.

Usage: damage_run.py RUN_DIR CASE    (prints nothing; exits 1 for an unknown case)
Each case changes one thing, so a failure names its cause. The damaged files are made
here, from a real run, never shipped.
"""
import json
import os
import sys

import h5py
import numpy as np


def replace(path, name, data):
    with h5py.File(path, "r+", libver="latest") as f:
        del f[name]
        f[name] = data


def flip_bits(path, every=997, start=200):
    data = bytearray(open(path, "rb").read())
    for offset in range(start, len(data), every):
        data[offset] ^= 0x10
    open(path, "wb").write(bytes(data))


def truncate(path, keep=0.5):
    size = os.path.getsize(path)
    with open(path, "r+b") as f:
        f.truncate(int(size * keep))


def fifo(path):
    os.remove(path)
    os.mkfifo(path)


def deep_json(path, depth=100000):
    open(path, "w").write("[" * depth + "]" * depth)


def run_json_loop(run):
    os.remove(run + "/run.json")
    os.symlink("run.json.b", run + "/run.json.a")
    os.symlink("run.json.a", run + "/run.json.b")
    os.symlink("run.json.a", run + "/run.json")


def checkpoint_dev_zero(run):
    for name in ("last.pt", "best.pt"):
        os.remove(run + "/checkpoints/" + name)
        os.symlink("/dev/zero", run + "/checkpoints/" + name)


def declared_larger(path, name, factor=4):
    """A dataset whose declared shape is larger than what was ever written."""
    with h5py.File(path, "r+", libver="latest") as f:
        old = f[name][...]
        del f[name]
        d = f.create_dataset(name, shape=tuple(n * factor for n in old.shape), dtype=old.dtype, chunks=True)
        d[tuple(slice(0, n) for n in old.shape)] = old


def cases(run):
    m, s, p, pr = (run + "/" + n + ".h5" for n in ("metrics", "samples", "predictions", "probes"))
    return {
        "metrics-2d-loss": lambda: replace(m, "steps/loss", np.zeros((100, 3))),
        "metrics-bit-flips": lambda: flip_bits(m),
        "metrics-truncated": lambda: truncate(m),
        "metrics-fifo": lambda: fifo(m),
        "metrics-text-loss": lambda: replace(m, "steps/loss", np.array([b"x"] * 20)),
        "samples-margin-1d": lambda: replace(s, "margin", np.zeros(640, np.float32)),
        "samples-margin-3d": lambda: replace(s, "margin", np.zeros((2, 640, 2), np.float32)),
        "samples-margin-larger": lambda: declared_larger(s, "margin"),
        "samples-margin-huge": lambda: declared_larger(s, "margin", factor=2**17),
        "samples-margin-short": lambda: replace(s, "margin", np.zeros((2, 10), np.float32)),
        "samples-labels-huge": lambda: replace(s, "labels", np.full(640, 2**40, np.int64)),
        "samples-bit-flips": lambda: flip_bits(s),
        "predictions-labels-range": lambda: replace(p, "labels", np.full(128, 2147483647, np.int64)),
        "predictions-predicted-range": lambda: replace(p, "predicted", np.full(128, -7, np.int32)),
        "predictions-confusion-2d": lambda: replace(p, "confusion", np.zeros((10, 10), np.int64)),
        "predictions-short": lambda: replace(p, "probability", np.zeros(3, np.float32)),
        "predictions-fifo": lambda: fifo(p),
        "probes-counts-2d": lambda: replace(pr, "histograms/counts", np.zeros((5, 5))),
        "probes-bit-flips": lambda: flip_bits(pr),
        "probes-truncated": lambda: truncate(pr),
        "run-json-deep": lambda: deep_json(run + "/run.json"),
        "run-json-fifo": lambda: fifo(run + "/run.json"),
        "run-json-loop": lambda: run_json_loop(run),
        "run-json-array": lambda: open(run + "/run.json", "w").write("[1, 2]"),
        "log-fifo": lambda: fifo(run + "/log.txt"),
        "checkpoint-dev-zero": lambda: checkpoint_dev_zero(run),
        "checkpoint-fifo": lambda: [fifo(run + "/checkpoints/" + n) for n in ("last.pt", "best.pt")],
    }


if __name__ == "__main__":
    run, case = sys.argv[1], sys.argv[2]
    table = cases(run)
    if case == "--list":
        print("\n".join(table))
        sys.exit(0)
    if case not in table:
        sys.exit("unknown case " + case)
    table[case]()
