"""Device check (a GPU machine with CUDA PyTorch and onnxruntime): the models Trainscope
exported on the CPU machine, run where users run them.

Usage: python3 bench/device/model_export_check.py DIR
DIR holds NAME.onnx with NAME_input.npy / NAME_logits.npy (the engine's logits), and
NAME.pt with NAME_ts_input.npy / NAME_ts_logits.npy. Prints one line per check.
"""
import glob
import os
import sys

import numpy as np

folder = sys.argv[1]
failures = 0


def report(ok, what):
    global failures
    failures += 0 if ok else 1
    print(("ok    " if ok else "FAIL  ") + what, flush=True)


try:
    import onnxruntime as ort
    providers = ort.get_available_providers()
    print("onnxruntime", ort.__version__, providers)
    for path in sorted(glob.glob(os.path.join(folder, "*.onnx"))):
        name = os.path.basename(path)[:-5]
        x = np.load(os.path.join(folder, name + "_input.npy"))
        want = np.load(os.path.join(folder, name + "_logits.npy"))
        for provider in [p for p in ("CUDAExecutionProvider", "CPUExecutionProvider") if p in providers]:
            session = ort.InferenceSession(path, providers=[provider])
            got = session.run(["logits"], {"input": x})[0]
            diff = float(np.abs(got - want).max())
            # TF32 and cuDNN's algorithms on the GPU: a looser bound there.
            bound = 1e-4 if provider == "CPUExecutionProvider" else 2e-2
            report(diff <= bound, f"onnxruntime {provider} {name}: batch {x.shape[0]}, max abs diff {diff:.3g} <= {bound}")
except ImportError as e:
    report(False, f"onnxruntime: {e}")

import torch
print("torch", torch.__version__, "cuda", torch.cuda.is_available())
for path in sorted(glob.glob(os.path.join(folder, "*.pt"))):
    name = os.path.basename(path)[:-3]
    x = torch.from_numpy(np.load(os.path.join(folder, name + "_ts_input.npy")))
    want = np.load(os.path.join(folder, name + "_ts_logits.npy"))
    extra = {"trainscope.json": ""}
    model = torch.jit.load(path, map_location="cpu", _extra_files=extra).eval()
    with torch.no_grad():
        got = model(x).numpy()
    report(float(np.abs(got - want).max()) <= 1e-5,
           f"torch {torch.__version__} CPU {name}: max abs diff {float(np.abs(got - want).max()):.3g} <= 1e-5")
    if torch.cuda.is_available():
        model = model.cuda()
        with torch.no_grad():
            got = model(x.cuda()).cpu().numpy()
        diff = float(np.abs(got - want).max())
        report(diff <= 2e-2, f"torch CUDA {name}: max abs diff {diff:.3g} <= 2e-2")
    report(bool(extra["trainscope.json"]), f"torch {name}: preprocessing travels in trainscope.json")
print("failures:", failures)
sys.exit(1 if failures else 0)
