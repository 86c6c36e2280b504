"""A table's exported model, checked from Python as a user would use it.

check_table_export.py DATA.csv PREDICTIONS.csv --torchscript M.pt --onnx M.onnx

Each row of DATA.csv is encoded with nothing but the side file (M.pt.json: the
"encoding" and "how" of trainscope-table-1), run through torch.jit.load(M.pt) and, for
ONNX, onnx.checker plus OpenCV's DNN module; the outputs must match what
`trainscope-cli predict` wrote to PREDICTIONS.csv (the engine's own predictions).

ONNX is run by onnx_numpy.py, a small evaluator written from the ONNX specification.
"""
import argparse
import csv
import json
import math

import numpy as np

import onnx_numpy

MISSING = {"", "NA", "N/A", "NaN", "nan", "null", "NULL", "None", "?"}


def read_rows(path):
    """A CSV's rows as dicts; the separator the header uses most (, ; or tab), as the engine reads it."""
    with open(path, newline="", encoding="utf-8-sig") as f:
        header = f.readline()
        f.seek(0)
        if header.startswith("\ufeff"):
            header = header[1:]
        delimiter = max(",;\t", key=header.count)
        return list(csv.DictReader(f, delimiter=delimiter))


def encode(row, enc):
    """One row as the model's input, from the side file alone."""
    out = []
    for n in enc["numbers"]:
        text = row.get(n["name"], "").strip()
        x = n["median"] if text in MISSING else float(text)
        out.append((x - n["mean"]) / n["std"])
    for n in enc["numbers"]:
        if n["missing_flag"]:
            out.append(1.0 if row.get(n["name"], "").strip() in MISSING else 0.0)
    for c in enc["categories"]:
        text = row.get(c["name"], "").strip()
        out.append(float(c["levels"].index(text) + 1) if text in c["levels"] else 0.0)
    return out


def answers(outputs, side):
    """What the model says for each row: values (regression) or class probabilities."""
    enc = side["encoding"]
    if enc["task"] == "regression":
        return outputs[:, :1] * enc["target_std"] + enc["target_mean"]
    e = np.exp(outputs - outputs.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def engine_answers(path, side):
    enc = side["encoding"]
    rows = read_rows(path)
    if enc["task"] == "regression":
        return np.array([[float(r["predicted_" + enc["target"]])] for r in rows])
    return np.array([[float(r["p_" + c]) for c in enc["classes"]] for r in rows])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("data")
    p.add_argument("predictions")
    p.add_argument("--torchscript")
    p.add_argument("--onnx")
    a = p.parse_args()
    side_path = (a.torchscript or a.onnx) + ".json"
    side = json.load(open(side_path))
    assert side["format"] == "trainscope-table-1", side["format"]
    x = np.array([encode(r, side["encoding"]) for r in read_rows(a.data)], dtype=np.float32)
    assert x.shape[1] == side["input_shape"][1], (x.shape, side["input_shape"])
    expected = engine_answers(a.predictions, side)
    tolerance = 1e-4 * (1 + np.abs(expected).max())
    if a.torchscript:
        import torch
        model = torch.jit.load(a.torchscript)
        model.eval()
        with torch.no_grad():
            got = answers(model(torch.from_numpy(x)).numpy(), side)
        diff = float(np.abs(got - expected).max())
        assert diff <= tolerance, f"TorchScript differs from the engine by {diff}"
        print(f"torchscript: {len(x)} rows match the engine (max abs diff {diff:.2e})")
    if a.onnx:
        import onnx
        model = onnx.load(a.onnx)
        onnx.checker.check_model(model)
        got = answers(onnx_numpy.run(model, x), side)
        diff = float(np.abs(got - expected).max())
        assert diff <= tolerance, f"ONNX differs from the engine by {diff}"
        print(f"onnx: checker passes; the graph on {len(x)} rows matches the engine (max abs diff {diff:.2e})")
    assert not math.isnan(tolerance)


main()
