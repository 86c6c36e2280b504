"""A Trainscope run written by a Python script: trainscope.init() returns one."""

import atexit
import json
import math
import numbers
import os
import sys
import weakref

from . import _native

_current = None  # the run trainscope.log() & co. write to
_MAX_NAME_BYTES = 255


def current_run():
    """The run trainscope.init() opened last, while it is open; else None."""
    return _current if _current is not None and not _current.finished else None


def _json_value(value):
    """Config values as JSON keeps them: numbers (numpy's and 0-d tensors' too), text."""
    if hasattr(value, "item") and callable(value.item):
        try:
            return value.item()
        except (ValueError, RuntimeError):
            pass
    return str(value)


def _finite(value):
    """NaN and infinities as text: JSON has no token for them."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def _check_name(argument, name):
    if not isinstance(name, str):
        raise TypeError(f"{argument}: expected a str, not {type(name).__name__}")
    if not name or len(name.encode()) > _MAX_NAME_BYTES or "\n" in name:
        raise ValueError(f"{argument}: {name!r} must be 1 to {_MAX_NAME_BYTES} bytes, without a newline")
    return name


def _number(argument, key, value):
    if hasattr(value, "item") and callable(value.item) and not isinstance(value, numbers.Number):
        try:
            value = value.item()  # a 0-d tensor or a numpy scalar
        except (ValueError, RuntimeError) as e:
            raise TypeError(f"{argument}[{key!r}]: expected a number, got a tensor of several values") from e
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{argument}[{key!r}]: expected a number, not {type(value).__name__}")
    return float(value)


def _values(argument, values):
    if not hasattr(values, "items"):
        raise TypeError(f"{argument}: expected a dict of name -> number, not {type(values).__name__}")
    return [(_check_name(f"{argument} key", str(k) if isinstance(k, str) else k), _number(argument, k, v))
            for k, v in values.items()]


# The largest step or epoch a run records: the engine counts in 64-bit integers and
# adds one to the last; 2**62 leaves it room.
MAX_COUNT = 2**62


def _count(argument, value, allow_none=True, minimum=0, maximum=MAX_COUNT):
    if value is None and allow_none:
        return -1
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{argument}: expected an int, not {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{argument}: must be >= {minimum}, not {value}")
    if value > maximum:
        raise ValueError(f"{argument}: must be <= {maximum} (2**62), not {value}")
    return int(value)


def _tensor(argument, value, dtype=None):
    import torch
    if value is None:
        raise ValueError(f"{argument}: required")
    try:
        t = torch.as_tensor(value)
    except (TypeError, ValueError, RuntimeError) as e:
        raise TypeError(f"{argument}: expected a tensor or a sequence of numbers ({e})") from e
    t = t.detach()
    if dtype is not None and t.is_floating_point() and not dtype.is_floating_point:
        raise TypeError(f"{argument}: expected integers, not {t.dtype}")
    return t if dtype is None else t.to(dtype)


class Run:
    """One run folder, written while the script trains. Use trainscope.init()."""

    def __init__(self, name=None, config=None, runs_dir=None, tensorboard=False):
        name = "python-run" if name is None else _check_name("name", name)
        if config is None:
            config = {}
        if not hasattr(config, "items"):
            raise TypeError(f"config: expected a dict, not {type(config).__name__}")
        if runs_dir is not None:
            if not isinstance(runs_dir, (str, os.PathLike)):
                raise TypeError(f"runs_dir: expected a path, not {type(runs_dir).__name__}")
            runs_dir = os.path.expanduser(os.fspath(runs_dir))
            if os.path.exists(runs_dir) and not os.path.isdir(runs_dir):
                raise ValueError(f"runs_dir: {runs_dir} exists and is not a folder")
        if not isinstance(tensorboard, bool):
            raise TypeError(f"tensorboard: expected True or False, not {type(tensorboard).__name__}")
        config_json = json.dumps(_finite(json.loads(json.dumps(dict(config), default=_json_value))))
        command = " ".join([os.path.basename(sys.executable)] + sys.argv)
        self._native = _native.ScriptRun(runs_dir or "", name, config_json, tensorboard, command)
        self._pid = os.getpid()
        self._watcher = None
        self.name = name
        self.config = dict(config)

    @property
    def folder(self):
        """The run's folder: open it in the app (File > Follow Run...) or with h5py."""
        return self._native.folder

    @property
    def finished(self):
        return self._native.finished

    def _check_open(self, call):
        if os.getpid() != self._pid:  # checked before any native call: the child never touches the run
            raise RuntimeError(f"{call}: this run belongs to process {self._pid}; a forked child cannot write to it")
        if self._native.finished:
            raise RuntimeError(f"{call}: the run has finished")
        error = self._native.write_error()
        if error:
            raise RuntimeError(f"{call}: the run's files could not be written: {error}")

    def watch(self, model, log_every=50):
        """Forward and backward hooks on every module and parameter of `model`: each
        `log_every`-th training forward pass (model.train()) records the statistics and
        histograms of every layer's output and its gradient, and of every weight, its
        gradient and the optimizer's update (probes.h5, the Inspect page). Steps are
        counted as training forward passes, 1-based: log with the same count."""
        from .watch import ModelWatcher
        self._check_open("watch")
        if self._watcher is not None:
            raise ValueError("model: this run already watches a model (watch is called once per run)")
        self._watcher = ModelWatcher(self._native, model, _count("log_every", log_every, allow_none=False))
        return self._watcher

    def log(self, values, step=None):
        """Named numbers at a global step (None: the last + 1): loss, accuracy and lr
        fill metrics.h5's step columns; any other name is kept as a named scalar.
        Returns at once: the writing happens on the run's own thread."""
        self._check_open("log")
        self._native.log(_values("values", values), _count("step", step))

    def log_epoch(self, values, epoch=None):
        """Named numbers at the end of an epoch (1-based; None: the last + 1):
        val_loss, val_accuracy, train_loss, train_accuracy and lr fill the epoch
        columns (Compare, `runs`); other names are named scalars."""
        self._check_open("log_epoch")
        self._native.log_epoch(_values("values", values), _count("epoch", epoch, minimum=1))

    def log_predictions(self, split="val", epoch=None, indices=None, labels=None, logits=None, class_names=None):
        """One batch's predictions: `indices` of its samples in the split, `labels`
        [N] and `logits` [N, classes]. split="val" feeds the Mistakes page
        (predictions.h5), split="train" the suspect labels (samples.h5)."""
        import torch
        self._check_open("log_predictions")
        if split not in ("val", "train"):
            raise ValueError(f"split: expected 'val' or 'train', not {split!r}")
        if class_names is None:
            class_names = []
        if isinstance(class_names, str) or not all(isinstance(c, str) for c in class_names):
            raise TypeError("class_names: expected a list of str")
        logits = _tensor("logits", logits)
        if not logits.is_floating_point():
            raise TypeError("logits: expected floating-point values")
        self._native.log_predictions(split, _count("epoch", epoch, minimum=1), _tensor("indices", indices, torch.long),
                                     _tensor("labels", labels, torch.long), logits, list(class_names))

    def finish(self, status="finished", reason=""):
        """Ends the run: "finished", "stopped" or "failed" with a reason. Waits for the
        files to be complete; raises RuntimeError when a write had failed."""
        if status not in ("finished", "stopped", "failed"):
            raise ValueError(f"status: expected 'finished', 'stopped' or 'failed', not {status!r}")
        if not isinstance(reason, str):
            raise TypeError(f"reason: expected a str, not {type(reason).__name__}")
        if self._native.finished or os.getpid() != self._pid:
            return
        if self._watcher is not None:
            self._watcher.close()
        error = self._native.finish(status, reason)
        if error:
            raise RuntimeError(f"the run {self.folder} ended as failed: {error}")

    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        if kind is None:
            self.finish()
        elif issubclass(kind, KeyboardInterrupt):
            self.finish("stopped", "interrupted (Ctrl+C)")
        else:
            self.finish("failed", _reason(kind, error))
        return False

    def __repr__(self):
        return f"<trainscope.Run {self.name!r} at {self.folder}>"


def _reason(kind, error):
    text = str(error).strip().splitlines()
    return f"{kind.__name__}: {text[0]}" if text else kind.__name__


# An exception that ends the script fails its open runs, with the exception as reason.
_open_runs = weakref.WeakSet()
_uncaught = None
_previous_hook = sys.excepthook


def _note_uncaught(kind, error, traceback):
    global _uncaught
    _uncaught = (kind, error)
    _previous_hook(kind, error, traceback)


def _forget_runs_in_child():
    """After os.fork(): the child's copies of the open runs are the parent's runs. It
    neither writes to them nor finishes them; trainscope.log() & co. there say so."""
    global _current
    _open_runs.clear()
    _current = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_runs_in_child)


@atexit.register
def _finish_open_runs():
    for run in list(_open_runs):
        if run.finished or os.getpid() != run._pid:
            continue
        try:
            if _uncaught is None:
                run.finish()
            elif issubclass(_uncaught[0], KeyboardInterrupt):
                run.finish("stopped", "interrupted (Ctrl+C)")
            else:
                run.finish("failed", _reason(*_uncaught))
        except Exception as e:  # at exit, a failure can only be told
            print(f"trainscope: {e}", file=sys.stderr)


def init(name=None, config=None, runs_dir=None, tensorboard=False):
    """Opens a new run folder in `runs_dir` (default: Trainscope's runs folder, where
    the app and `trainscope-cli runs` look) and makes it the current run. A run still
    open from an earlier init() is finished first. Also a context manager: an
    exception inside `with trainscope.init(...) as run:` ends the run as failed."""
    global _current
    opened = Run(name=name, config=config, runs_dir=runs_dir, tensorboard=tensorboard)  # bad arguments raise here
    if current_run() is not None:
        _current.finish()
    if sys.excepthook is not _note_uncaught:
        sys.excepthook = _note_uncaught
    _current = opened
    _open_runs.add(_current)
    return _current
