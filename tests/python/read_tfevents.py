#!/usr/bin/env python3
"""Reads a TensorBoard event file with nothing but the published record format, and
checks it against the run it came from.

  read_tfevents.py EVENT_FILE RUN_DIR
  read_tfevents.py RUN_DIR/tensorboard RUN_DIR   (a run's live events: every file, in order)

The format, from TensorFlow's sources (tensorflow/core/lib/io/record_writer.cc and
tensorflow/core/util/event.proto, summary.proto): each record is
  uint64 length | uint32 masked_crc32c(length) | data | uint32 masked_crc32c(data)
little-endian, with masked = ((crc >> 15 | crc << 17) + 0xa282ead8) mod 2^32 and CRC-32C
(Castagnoli). `data` is an Event protocol buffer: wall_time = 1 (double), step = 2
(int64), file_version = 3 (string), summary = 5 (Summary: repeated Value value = 1;
Value: tag = 1, simple_value = 2 (float), histo = 5 (HistogramProto: min 1, max 2,
num 3, sum 4, sum_squares 5, bucket_limit 6 and bucket 7 as packed doubles)).

Every CRC is checked, and every value is compared with metrics.h5 and probes*.h5 (read
with h5py): every scalar at its step, every histogram bucket; nothing missing, nothing
extra. Exits 1 with the first differences otherwise."""
import glob
import math
import os
import re
import struct
import sys

import h5py
import numpy as np


def crc32c_table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (0x82F63B78 ^ (c >> 1)) if c & 1 else c >> 1
        table.append(c)
    return table


TABLE = crc32c_table()


def crc32c(data):
    c = 0xFFFFFFFF
    for b in data:
        c = TABLE[(c ^ b) & 0xFF] ^ (c >> 8)
    return c ^ 0xFFFFFFFF


def masked(data):
    c = crc32c(data)
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def records(path):
    with open(path, "rb") as f:
        raw = f.read()
    at = 0
    while at < len(raw):
        header = raw[at:at + 8]
        if len(header) < 8:
            raise ValueError(f"cut short at byte {at}")
        (length,) = struct.unpack("<Q", header)
        (length_crc,) = struct.unpack("<I", raw[at + 8:at + 12])
        if length_crc != masked(header):
            raise ValueError(f"bad length CRC at byte {at}")
        data = raw[at + 12:at + 12 + length]
        (data_crc,) = struct.unpack("<I", raw[at + 12 + length:at + 16 + length])
        if data_crc != masked(data):
            raise ValueError(f"bad data CRC at byte {at}")
        yield data
        at += 16 + length


def varint(buf, at):
    value, shift = 0, 0
    while True:
        b = buf[at]
        at += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, at


def fields(buf):
    """Protocol buffer wire format: (field number, wire type, value) triples."""
    at = 0
    while at < len(buf):
        key, at = varint(buf, at)
        number, kind = key >> 3, key & 7
        if kind == 0:
            value, at = varint(buf, at)
        elif kind == 1:
            value, at = buf[at:at + 8], at + 8
        elif kind == 2:
            n, at = varint(buf, at)
            value, at = buf[at:at + n], at + n
        elif kind == 5:
            value, at = buf[at:at + 4], at + 4
        else:
            raise ValueError(f"unexpected wire type {kind}")
        yield number, kind, value


def histogram(buf):
    h = {"bucket_limit": [], "bucket": []}
    names = {1: "min", 2: "max", 3: "num", 4: "sum", 5: "sum_squares"}
    for number, kind, value in fields(buf):
        if number in names:
            h[names[number]] = struct.unpack("<d", value)[0]
        elif number == 6:
            h["bucket_limit"] = list(struct.unpack(f"<{len(value) // 8}d", value))
        elif number == 7:
            h["bucket"] = list(struct.unpack(f"<{len(value) // 8}d", value))
    return h


def read_events(path):
    """(file_version, {(tag, step): float}, {(tag, step): histogram}, {step: wall_time})"""
    version, scalars, histograms, walls = None, {}, {}, {}
    for data in records(path):
        event = {"step": 0, "values": []}
        for number, kind, value in fields(data):
            if number == 1:
                event["wall_time"] = struct.unpack("<d", value)[0]
            elif number == 2:
                event["step"] = value - (1 << 64) if value >= 1 << 63 else value
            elif number == 3:
                version = value.decode()
            elif number == 5:
                for n, _, v in fields(value):
                    if n == 1:
                        event["values"].append(dict((num, val) for num, _, val in fields(v)))
        for v in event["values"]:
            tag = v[1].decode()
            key = (tag, event["step"])
            if key in scalars or key in histograms:
                raise ValueError(f"{tag} at step {event['step']} appears twice")
            if 2 in v:
                scalars[key] = struct.unpack("<f", v[2])[0]
            if 5 in v:
                histograms[key] = histogram(v[5])
            walls.setdefault(event["step"], set()).add(event.get("wall_time"))
    return version, scalars, histograms, walls


def same_float32(a, b):
    a32 = np.float32(a)
    return (math.isnan(a32) and math.isnan(b)) or a32 == np.float32(b)


def expected(run):
    """The scalars and histograms the run's HDF5 files hold, keyed like read_events."""
    scalars, histograms = {}, {}
    with h5py.File(os.path.join(run, "metrics.h5"), "r", libver="latest", swmr=True) as f:
        for group in ("steps", "epochs"):
            g = f[group]
            steps = g["step"][:]
            for column in g:
                values = g[column][:]
                if column in ("step", "wall_time") or not np.isfinite(values).any():
                    continue  # a column never logged (a script's run) is no curve
                for step, value in zip(steps, values):
                    scalars[(f"{group}/{column}", int(step))] = float(value)
        if "scalars" in f:  # named scalars, under their own names
            names = f["scalars/names"][:].astype(str)
            s = f["scalars"]
            for i, step, value in zip(s["name"][:], s["step"][:], s["value"][:]):
                scalars[(names[i], int(step))] = float(value)
    files = sorted(glob.glob(os.path.join(run, "probes-until-step*.h5")),
                   key=lambda p: int(re.search(r"step(\d+)", p).group(1)))
    if os.path.exists(os.path.join(run, "probes.h5")):
        files.append(os.path.join(run, "probes.h5"))
    for path in files:
        with h5py.File(path, "r", libver="latest", swmr=True) as f:
            names = f["names"][:].astype(str)
            kinds = f["kinds"][:].astype(str)
            for step, norm in zip(f["step"][:], f["grad_norm"][:]):
                scalars[("probes/grad_norm", int(step))] = float(norm)
            counts, edges = f["histograms/counts"][:], f["histograms/edges"][:]
            for row, step in enumerate(f["histograms/step"][:]):
                for t, (name, kind) in enumerate(zip(names, kinds)):
                    if np.all(np.isfinite(edges[row, t])):
                        histograms[(f"{name}/{kind}", int(step))] = (edges[row, t], counts[row, t])
    return scalars, histograms


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    event_file, run = sys.argv[1:]
    if os.path.isdir(event_file):  # a live run's tensorboard/ folder: its files in order
        version, scalars, histograms, walls = None, {}, {}, {}
        for path in sorted(glob.glob(os.path.join(event_file, "events.out.tfevents.*"))):
            v, s, h, w = read_events(path)
            if set(s) & set(scalars) or set(h) & set(histograms):
                sys.exit(f"{path} repeats a value of an earlier file")
            version = version or v
            scalars.update(s), histograms.update(h)
            for step, times in w.items():
                walls.setdefault(step, set()).update(times)
    else:
        version, scalars, histograms, walls = read_events(event_file)
    want_scalars, want_histograms = expected(run)
    problems = []
    if version != "brain.Event:2":
        problems.append(f"file_version is {version!r}")
    for key in sorted(set(want_scalars) | set(scalars)):
        if key not in scalars:
            problems.append(f"missing scalar {key}")
        elif key not in want_scalars:
            problems.append(f"extra scalar {key}")
        elif not same_float32(want_scalars[key], scalars[key]):
            problems.append(f"scalar {key}: {scalars[key]} in the events, {want_scalars[key]} recorded")
    for key in sorted(set(want_histograms) | set(histograms)):
        if key not in histograms:
            problems.append(f"missing histogram {key}")
            continue
        if key not in want_histograms:
            problems.append(f"extra histogram {key}")
            continue
        e, c = want_histograms[key]
        h = histograms[key]
        if h["min"] != e[0] or h["max"] != e[-1] or list(h["bucket_limit"]) != list(e[1:]) \
                or list(h["bucket"]) != list(c) or h["num"] != float(np.sum(c)):
            problems.append(f"histogram {key} differs from probes.h5")
    with h5py.File(os.path.join(run, "metrics.h5"), "r", libver="latest", swmr=True) as f:
        for step, wall in zip(f["steps/step"][:], f["steps/wall_time"][:]):
            if float(wall) not in walls.get(int(step), set()):
                problems.append(f"no event at step {int(step)} has its wall_time {wall}")
                break
    for p in problems[:20]:
        print(p)
    print(f"{len(scalars)} scalar values and {len(histograms)} histograms read; "
          f"{len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
