"""Checks `trainscope-cli graph --format json` against PyTorch's own autograd graph of
the same step: the model from a script written by `export-script`, a batch of zeros,
cross_entropy against class 0, in train() mode. The grad_fn names (as a multiset), the
leaf tensors' names and the bytes saved for backward (each storage once, parameters
not counted) must agree.
Usage: check_autograd_graph.py SCRIPT GRAPH_JSON   (exit 0: the same; 1: a difference)"""
import collections
import importlib.util
import json
import sys

import torch
import torch.nn.functional as F


def walk(loss, parameters):
    """grad_fn names, leaf names and saved bytes, from loss.grad_fn down."""
    names, leaves, seen, storages = collections.Counter(), set(), set(), set()
    parameter_storages = {p.storage().data_ptr() for p in parameters.values()}
    by_tensor = {id(p): name for name, p in parameters.items()}
    saved_bytes, todo = 0, [loss.grad_fn]
    while todo:
        fn = todo.pop()
        if fn is None or fn in seen:
            continue
        seen.add(fn)
        names[type(fn).__name__] += 1
        if hasattr(fn, "variable"):
            leaves.add(by_tensor.get(id(fn.variable), "tensor"))
        for attr in dir(fn):
            value = getattr(fn, attr) if attr.startswith("_saved_") else None
            if isinstance(value, torch.Tensor):
                storage = value.storage()
                if storage.data_ptr() not in parameter_storages and storage.data_ptr() not in storages:
                    storages.add(storage.data_ptr())
                    saved_bytes += storage.nbytes()
        todo.extend(next_fn for next_fn, _ in fn.next_functions)
    return names, leaves, saved_bytes


def main():
    script, graph_json = sys.argv[1:3]
    graph = json.load(open(graph_json))
    spec = importlib.util.spec_from_file_location("exported", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    batch, channels, height, width = graph["input_shape"]
    classes = graph["nodes"][graph["loss"]]["saved"][0]["shape"][1]
    model = module.MODEL(channels, height, width, classes)
    model.train()
    loss = F.cross_entropy(model(torch.zeros(batch, channels, height, width)), torch.zeros(batch, dtype=torch.long))
    names, leaves, saved = walk(loss, dict(model.named_parameters()))
    ours = collections.Counter(n["op"] for n in graph["nodes"])
    our_leaves = {n["parameter"] for n in graph["nodes"] if "parameter" in n}
    differences = []
    if names != ours:
        differences.append(f"grad_fn names: PyTorch {dict(names - ours)} more, the engine {dict(ours - names)} more")
    if leaves != our_leaves:
        differences.append(f"leaves: PyTorch {sorted(leaves - our_leaves)}, the engine {sorted(our_leaves - leaves)}")
    if saved != graph["saved_bytes"]:
        differences.append(f"saved for backward: PyTorch {saved} bytes, the engine {graph['saved_bytes']}")
    for line in differences:
        print(line)
    if not differences:
        print(f"same graph: {sum(names.values())} nodes, {len(leaves)} leaves, {saved} bytes saved")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
