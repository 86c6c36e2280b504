"""A table's exported model, checked from Python as a user would use it.

check_table_export.py DATA.csv PREDICTIONS.csv --torchscript M.pt --onnx M.onnx

Each row of DATA.csv is encoded with nothing but the side file (M.pt.json: the
"encoding" and "how" of trainscope-table-1), run through torch.jit.load(M.pt) and, for
ONNX, onnx.checker plus OpenCV's DNN module; the outputs must match what
`trainscope-cli predict` wrote to PREDICTIONS.csv (the engine's own predictions).

ONNX is run by a small evaluator of the operators a table's graph uses, written from the
ONNX specification with numpy: Debian 12 has no onnxruntime, and OpenCV 4.6's DNN module
cannot read Clip with bounds as inputs or Gather of computed indices.
"""
import argparse
import csv
import json
import math

import numpy as np

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


def run_onnx(model, x):
    """The graph on input x, operator by operator (opset 13 semantics)."""
    from onnx import numpy_helper
    values = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    values[model.graph.input[0].name] = x
    for n in model.graph.node:
        a = {att.name: att for att in n.attribute}
        i = [values[name] for name in n.input]
        op = n.op_type
        if op == "Slice":
            index = [slice(None)] * i[0].ndim
            index[int(i[3][0])] = slice(int(i[1][0]), int(i[2][0]))
            out = i[0][tuple(index)]
        elif op == "Gather":
            out = np.take(i[0], i[1], axis=a["axis"].i if "axis" in a else 0)
        elif op == "Cast":
            out = i[0].astype(np.int64)  # the only cast a table's graph makes: codes to int64
        elif op == "Clip":
            out = np.clip(i[0], i[1], i[2])
        elif op == "OneHot":
            out = np.where(np.eye(int(i[1]), dtype=bool)[i[0]], i[2][1], i[2][0]).astype(np.float32)
        elif op == "Concat":
            out = np.concatenate(i, axis=a["axis"].i)
        elif op == "Gemm":
            out = i[0] @ (i[1].T if a.get("transB") and a["transB"].i else i[1]) + i[2]
        elif op == "BatchNormalization":
            out = (i[0] - i[3]) / np.sqrt(i[4] + a["epsilon"].f) * i[1] + i[2]
        elif op == "Relu":
            out = np.maximum(i[0], 0)
        elif op == "Sigmoid":
            out = 1 / (1 + np.exp(-i[0]))
        elif op == "Tanh":
            out = np.tanh(i[0])
        else:
            raise AssertionError(f"operator {op} is not expected in a table's graph")
        values[n.output[0]] = out
    return values[model.graph.output[0].name]


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
        got = answers(run_onnx(model, x), side)
        diff = float(np.abs(got - expected).max())
        assert diff <= tolerance, f"ONNX differs from the engine by {diff}"
        print(f"onnx: checker passes; the graph on {len(x)} rows matches the engine (max abs diff {diff:.2e})")
    assert not math.isnan(tolerance)


main()
