"""Hooks that hand a model's tensors to the run's probes (trainscope.watch)."""

import os

import torch

BINS = 64      # histogram bins, as the trainer's probes.bins
SAMPLE = 512   # values per tensor the statistics are computed on, as probes.sample


def _bound(module):
    """Which saturation an activation module's output can show."""
    if isinstance(module, torch.nn.Sigmoid):
        return "sigmoid"
    if isinstance(module, torch.nn.Tanh):
        return "tanh"
    return ""


class ModelWatcher:
    """Every leaf module's output and output gradient, every parameter and its
    gradient, measured on each `log_every`-th training forward pass of the model. Off
    those steps a hook costs one Python call and a comparison."""

    def __init__(self, native, model, log_every):
        if not isinstance(model, torch.nn.Module):
            raise TypeError(f"model: expected a torch.nn.Module, not {type(model).__name__}")
        if log_every < 1:
            raise ValueError(f"log_every: must be >= 1, not {log_every}")
        self._native = native
        self._model = model
        self.log_every = log_every
        self.step = 0          # training forward passes so far
        self._active = False   # this pass is measured
        self._pending = False  # a measured pass awaits its commit (after the optimizer's step)
        self._pid = os.getpid()  # a forked child's forward passes are not this run's
        leaves = [(n, m) for n, m in model.named_modules() if n and not any(True for _ in m.children())]
        if not leaves:
            leaves = [(type(model).__name__, model)]
        params = [(n, p) for n, p in model.named_parameters() if p.requires_grad]
        tensors = [(n, k) for n, _ in leaves for k in ("activation", "activation_grad")]
        tensors += [(n, k) for n, _ in params for k in ("weight", "weight_grad")]
        native.watch(tensors, BINS, SAMPLE)
        self._params = params
        self._handles = [model.register_forward_pre_hook(self._before_forward)]
        for name, module in leaves:
            self._handles.append(module.register_forward_hook(self._activation_hook(name, _bound(module))))
        for name, p in params:
            self._handles.append(p.register_hook(self._gradient_hook(name)))

    def _before_forward(self, model, inputs):
        if not model.training or os.getpid() != self._pid:
            if os.getpid() != self._pid:
                self._active = self._pending = False
            return
        if self._pending:  # the measured step's optimizer step is done: its update is known
            self._native.commit_probes(self.step)
            self._pending = False
        self.step += 1
        self._active = self.step == 1 or self.step % self.log_every == 0
        if self._active:
            self._pending = True
            for name, p in self._params:
                self._native.measure(name, "weight", p, "")

    def _activation_hook(self, name, bounded):
        def hook(module, inputs, output):
            if not (self._active and module.training and isinstance(output, torch.Tensor)):
                return
            self._native.measure(name, "activation", output, bounded)
            if output.requires_grad:
                output.register_hook(lambda grad: self._native.measure(name, "activation_grad", grad, ""))
        return hook

    def _gradient_hook(self, name):
        def hook(grad):
            if self._active:
                self._native.measure(name, "weight_grad", grad, "")
        return hook

    def close(self):
        """Commits a measured step still pending and removes the hooks."""
        if self._pending and os.getpid() == self._pid:
            self._native.commit_probes(self.step)
            self._pending = False
        for h in self._handles:
            h.remove()
        self._handles = []
        self._model, self._params = None, []  # the run outlives the model's use
