"""A small ONNX evaluator in numpy, written from the ONNX operator specification (opset
13), for the operators Trainscope's table and text graphs use: Debian 12 has no
onnxruntime, its onnx 1.12 no reference evaluator, and OpenCV 4.6's DNN module cannot
read Clip with bounds as inputs, Gather of computed indices, or GRU with sequence_lens.
An operator it does not know fails the check: a graph is never half-run.
"""
import numpy as np
from onnx import numpy_helper


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


def _gru(a, i):
    """GRU, one direction, default activations (f = Sigmoid, g = Tanh); gates z, r, h."""
    x, w, r = i[0], i[1][0], i[2][0]
    hidden = a["hidden_size"].i
    b = i[3][0] if len(i) > 3 and i[3] is not None else np.zeros(6 * hidden, np.float32)
    steps, batch, _ = x.shape
    lengths = i[4] if len(i) > 4 and i[4] is not None else np.full(batch, steps)
    before_reset = "linear_before_reset" in a and a["linear_before_reset"].i != 0
    wz, wr, wh = np.split(w, 3)
    rz, rr, rh = np.split(r, 3)
    wbz, wbr, wbh, rbz, rbr, rbh = np.split(b, 6)
    h = np.zeros((batch, hidden), np.float32)
    for t in range(steps):
        z = _sigmoid(x[t] @ wz.T + h @ rz.T + wbz + rbz)
        rt = _sigmoid(x[t] @ wr.T + h @ rr.T + wbr + rbr)
        if before_reset:
            candidate = np.tanh(x[t] @ wh.T + rt * (h @ rh.T + rbh) + wbh)
        else:
            candidate = np.tanh(x[t] @ wh.T + (rt * h) @ rh.T + rbh + wbh)
        stepped = (1 - z) * candidate + z * h
        h = np.where((t < lengths)[:, None], stepped, h)  # a sequence's state stays at its end
    return h[None]


def _conv(a, i):
    """Conv over one spatial axis (what text_cnn uses), stride 1, no padding."""
    x, w = i[0], i[1]
    if x.ndim != 3:
        raise AssertionError("only 1-D Conv is evaluated here")
    width = w.shape[2]
    steps = x.shape[2] - width + 1
    windows = np.stack([x[:, :, t:t + width] for t in range(steps)], axis=2)  # [N, C, T, w]
    out = np.einsum("nctw,ocw->not", windows, w)
    return out + (i[2][None, :, None] if len(i) > 2 else 0)


def run(model, x):
    """The graph's first output for input x."""
    values = {init.name: numpy_helper.to_array(init) for init in model.graph.initializer}
    values[model.graph.input[0].name] = x
    for n in model.graph.node:
        a = {att.name: att for att in n.attribute}
        i = [values[name] if name else None for name in n.input]
        op = n.op_type
        if op == "Slice":
            index = [slice(None)] * i[0].ndim
            index[int(i[3][0])] = slice(int(i[1][0]), int(i[2][0]))
            out = i[0][tuple(index)]
        elif op == "Gather":
            out = np.take(i[0], i[1], axis=a["axis"].i if "axis" in a else 0)
        elif op == "Cast":
            out = i[0].astype({1: np.float32, 6: np.int32, 7: np.int64}[a["to"].i])
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
            out = _sigmoid(i[0])
        elif op == "Tanh":
            out = np.tanh(i[0])
        elif op == "Equal":
            out = i[0] == i[1]
        elif op == "Not":
            out = np.logical_not(i[0])
        elif op == "Less":
            out = i[0] < i[1]
        elif op == "Where":
            out = np.where(i[0], i[1], i[2])
        elif op in ("Max", "Sub", "Add"):
            out = {"Max": np.maximum, "Sub": np.subtract, "Add": np.add}[op](i[0], i[1])
        elif op == "ReduceSum":
            out = i[0].sum(axis=tuple(int(k) for k in i[1]), keepdims=a["keepdims"].i != 0 if "keepdims" in a else True)
        elif op == "ReduceMax":
            out = i[0].max(axis=tuple(a["axes"].ints), keepdims=a["keepdims"].i != 0 if "keepdims" in a else True)
        elif op == "Transpose":
            out = np.transpose(i[0], a["perm"].ints)
        elif op == "Pad":
            pads = [int(p) for p in i[1]]
            half = len(pads) // 2
            out = np.pad(i[0], list(zip(pads[:half], pads[half:])))
        elif op == "Shape":
            out = np.array(i[0].shape, np.int64)
        elif op == "Range":
            out = np.arange(i[0], i[1], i[2], dtype=np.int64)
        elif op == "Unsqueeze":
            out = np.expand_dims(i[0], tuple(int(k) for k in i[1]))
        elif op == "Squeeze":
            out = np.squeeze(i[0], tuple(int(k) for k in i[1]))
        elif op == "Conv":
            out = _conv(a, i)
        elif op == "GRU":
            values[n.output[1]] = _gru(a, i)
            continue
        else:
            raise AssertionError(f"operator {op} is not evaluated here")
        values[n.output[0]] = out
    return values[model.graph.output[0].name]
