"""Checks an exported model from the far side, as a user would load it.

Usage: /usr/bin/python3 check_export.py EXAMPLE.h5 [--torchscript MODEL.pt] [--onnx MODEL.onnx]
EXAMPLE.h5 is `trainscope-cli export --example`: a batch (/input) and the engine's
logits for it (/logits). TorchScript: torch.jit.load, eval(), max abs diff <= 1e-5,
and the preprocessing travels in the archive. ONNX: onnx.checker, then OpenCV's DNN
module (cv2.dnn.readNetFromONNX), max abs diff <= 1e-4, metadata_props present. A text
model's graph (int64 token ids in) runs in onnx_numpy.py, which OpenCV cannot read, the
batch as it is and padded further: padding changes nothing.
Prints one line per check; exits 1 on the first failure.
"""
import argparse
import json
import sys

import h5py
import numpy as np

p = argparse.ArgumentParser()
p.add_argument("example")
p.add_argument("--torchscript")
p.add_argument("--onnx")
args = p.parse_args()

with h5py.File(args.example, "r") as f:
    batch = f["input"][()]
    expected = f["logits"][()]


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        sys.exit(1)


if args.torchscript:
    import torch
    extra = {"trainscope.json": ""}
    model = torch.jit.load(args.torchscript, map_location="cpu", _extra_files=extra)
    model.eval()
    with torch.no_grad():
        got = model(torch.from_numpy(batch)).numpy()
    diff = float(np.abs(got - expected).max())
    check(got.shape == expected.shape, f"torchscript: output shape {got.shape}")
    check(diff <= 1e-5, f"torchscript: max abs diff {diff:.3g} <= 1e-5")
    meta = json.loads(extra["trainscope.json"])
    check(len(meta["classes"]) == expected.shape[1], "torchscript: classes in trainscope.json")
    check(list(meta["input_shape"][1:]) == list(batch.shape[1:]), "torchscript: input shape in trainscope.json")
    names = [n for n, _ in model.named_parameters()]
    check(len(names) > 0, f"torchscript: {len(names)} named parameters")

if args.onnx:
    import cv2
    import onnx
    m = onnx.load(args.onnx)
    onnx.checker.check_model(m, full_check=True)
    check(True, "onnx: onnx.checker.check_model(full_check=True)")
    props = {p.key: p.value for p in m.metadata_props}
    check("trainscope" in props and json.loads(props["trainscope"])["classes"], "onnx: preprocessing in metadata_props")
    if m.graph.input[0].type.tensor_type.elem_type == onnx.TensorProto.INT64:
        import onnx_numpy
        got = onnx_numpy.run(m, batch)
        diff = float(np.abs(got - expected).max())
        check(diff <= 1e-4 * (1 + float(np.abs(expected).max())), f"onnx: token ids, numpy evaluator max abs diff {diff:.3g}")
        padded = np.concatenate([batch, np.zeros((batch.shape[0], 7), batch.dtype)], axis=1)
        again = float(np.abs(onnx_numpy.run(m, padded) - got).max())
        check(again <= 1e-5, f"onnx: seven more <pad> tokens change the logits by {again:.3g}")
        sys.exit(0)
    net = cv2.dnn.readNetFromONNX(args.onnx)
    worst = 0.0
    for i in range(batch.shape[0]):  # OpenCV's importer fixes the batch it first sees: one image at a time
        net.setInput(batch[i:i + 1])
        got = net.forward()
        worst = max(worst, float(np.abs(got - expected[i:i + 1]).max()))
    check(worst <= 1e-4, f"onnx: OpenCV DNN max abs diff {worst:.3g} <= 1e-4")
