"""Trainscope for PyTorch scripts: a few lines in your own training loop, and the run
appears in Trainscope like any other: curves, every layer's distributions and health,
the mistakes, the suspect labels, Compare, TensorBoard.

    import trainscope
    run = trainscope.init(name="lenet-sgd", config={"lr": 0.01})
    trainscope.watch(model, log_every=50)
    for step, (x, y) in enumerate(loader, start=1):
        ...
        trainscope.log({"loss": loss.item()}, step=step)
    trainscope.log_epoch({"val_loss": vl, "val_accuracy": va}, epoch=epoch)
    trainscope.finish()

The calls write a run folder (run.folder) with the engine Trainscope's own trainer
uses; they never wait for the disk. docs/python.md says what each records.
"""

from .run import Run, init, current_run
from .watch import ModelWatcher

__all__ = ["Run", "init", "watch", "log", "log_epoch", "log_predictions", "finish", "current_run", "ModelWatcher"]


def _run(call):
    run = current_run()
    if run is None:
        raise RuntimeError(f"trainscope.{call}: no run is open; call trainscope.init() first")
    return run


def watch(model, log_every=50):
    """Hooks every module and parameter of `model`; see Run.watch."""
    return _run("watch").watch(model, log_every=log_every)


def log(values, step=None):
    """Named values at a step; see Run.log."""
    _run("log").log(values, step=step)


def log_epoch(values, epoch=None):
    """Named values at the end of an epoch; see Run.log_epoch."""
    _run("log_epoch").log_epoch(values, epoch=epoch)


def log_predictions(split="val", epoch=None, indices=None, labels=None, logits=None, class_names=None):
    """A batch of predictions for the Mistakes page and `suspects`; see Run.log_predictions."""
    _run("log_predictions").log_predictions(split=split, epoch=epoch, indices=indices, labels=labels,
                                            logits=logits, class_names=class_names)


def finish(status="finished", reason=""):
    """Ends the open run; see Run.finish. Does nothing when no run is open."""
    run = current_run()
    if run is not None:
        run.finish(status=status, reason=reason)
