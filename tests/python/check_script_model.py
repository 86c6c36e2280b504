"""Checks that a script written by `trainscope-cli export-script` builds the run's model:
the same state_dict keys with the same shapes as the engine's checkpoint (a LibTorch
archive, which torch.jit.load reads), for the run's input shape (a table's columns, a text's vocabulary) and classes.
Usage: check_script_model.py SCRIPT RUN_DIR   (exit 0: the same; 1: a difference)"""
import importlib.util
import json
import os
import sys

import torch


def engine_tensors(run_dir):
    archive = torch.jit.load(os.path.join(run_dir, "checkpoints", "last.pt"), map_location="cpu")
    model = archive.model
    tensors = {name: tuple(t.shape) for name, t in model.named_parameters()}
    tensors.update({name: tuple(t.shape) for name, t in model.named_buffers()})
    return tensors


def script_tensors(script, run_dir):
    spec = importlib.util.spec_from_file_location("exported", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # defines the classes; main() runs only as __main__
    info = json.load(open(os.path.join(run_dir, "run.json")))
    classes = len(info["dataset"]["classes"])
    if "table" in info:  # the numbers and their was-missing flags, then one code per category
        table = info["table"]
        numbers = len(table["numbers"]) + sum(n["missing_flag"] for n in table["numbers"])
        sizes = [len(c["levels"]) + 1 for c in table["categories"]]
        model = module.MODEL(numbers, sizes, classes or 1)
    elif "text" in info:
        model = module.MODEL(len(info["text"]["vocabulary"]["tokens"]), classes)
    else:
        channels, height, width = info["dataset"]["input_shape"]
        model = module.MODEL(channels, height, width, classes)
    return {name: tuple(t.shape) for name, t in model.state_dict().items()}


def main():
    script, run_dir = sys.argv[1:3]
    engine, ours = engine_tensors(run_dir), script_tensors(script, run_dir)
    differences = [f"only in the engine: {k} {engine[k]}" for k in sorted(set(engine) - set(ours))]
    differences += [f"only in the script: {k} {ours[k]}" for k in sorted(set(ours) - set(engine))]
    differences += [f"shape of {k}: engine {engine[k]}, script {ours[k]}" for k in sorted(set(engine) & set(ours))
                    if engine[k] != ours[k]]
    for line in differences:
        print(line)
    if not differences:
        print(f"same {len(engine)} tensors")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
