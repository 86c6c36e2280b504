#!/usr/bin/env python3
"""Writes tests/fuzz/corpus/fuzz_tfevents/tf2-and-tensorboardx: an event file with what
other writers put in one (TF2's tensor scalars and [k, 3] histograms with their plugin
names, tensorboardX's simple_value and HistogramProto), framed with masked CRC-32Cs.
Also used by tests/engine/record/tfevent_reader_test.cpp's fixture. Run from the root."""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../python"))
from read_tfevents import masked  # noqa: E402  the published framing


def varint(v):
    out = b""
    while v >= 0x80:
        out += bytes([(v & 0x7F) | 0x80])
        v >>= 7
    return out + bytes([v])


def field(number, wire, payload):
    key = varint(number << 3 | wire)
    if wire == 2:
        return key + varint(len(payload)) + payload
    return key + payload


def event(step, summary_values=(), version=None):
    e = field(1, 1, struct.pack("<d", 1700000000.0 + step)) + field(2, 0, varint(step))
    if version:
        e += field(3, 2, version.encode())
    if summary_values:
        e += field(5, 2, b"".join(field(1, 2, v) for v in summary_values))
    return e


def plugin(name):
    return field(9, 2, field(1, 2, field(1, 2, name.encode())))


def tensor(dtype, dims, content):
    shape = b"".join(field(2, 2, field(1, 0, varint(d))) for d in dims)
    return field(1, 0, varint(dtype)) + field(2, 2, shape) + field(4, 2, content)


records = [event(0, version="brain.Event:2")]
for step in range(1, 4):
    simple = field(1, 2, b"loss") + field(2, 5, struct.pack("<f", 1.0 / step))
    tf2 = field(1, 2, b"epoch_accuracy") + field(8, 2, tensor(1, [], struct.pack("<f", 0.5 + step / 10))) + plugin("scalars")
    hist = field(1, 2, b"dense/kernel") + field(8, 2, tensor(2, [2, 3], struct.pack("<6d", -1, 0, 3, 0, 1, 5))) + plugin("histograms")
    proto = (field(1, 1, struct.pack("<d", -2.0)) + field(2, 1, struct.pack("<d", 2.0)) +
             field(6, 2, struct.pack("<3d", -1.0, 1.0, 1.7976931348623157e308)) + field(7, 2, struct.pack("<3d", 2, 6, 2)))
    histo = field(1, 2, b"fc1.weight") + field(5, 2, proto)
    records.append(event(step, [simple, tf2, hist, histo]))
out = b""
for r in records:
    header = struct.pack("<Q", len(r))
    out += header + struct.pack("<I", masked(header)) + r + struct.pack("<I", masked(r))
path = sys.argv[1] if len(sys.argv) > 1 else "tests/fuzz/corpus/fuzz_tfevents/tf2-and-tensorboardx"
with open(path, "wb") as f:
    f.write(out)
