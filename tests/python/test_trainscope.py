"""The Python package as a script's author uses it (issue 30), under CTest:

  /usr/bin/python3 test_trainscope.py CLI SOURCE_DIR   (PYTHONPATH=build/<preset>/python)

The seed's loop (src/python/examples/fashion_lenet.py: per-sample Dataset, DataLoader
with 2 workers, LeNet, SGD with momentum) records a run that `runs`, `suspects`,
`export-tensorboard` and `import-tensorboard` treat like any other; wrong arguments
raise TypeError/ValueError naming the argument; an exception fails the run with its
reason; kill -9 leaves a run that lists as interrupted and opens in h5py; two scripts
at once get two folders."""
import glob
import json
import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest

import h5py
import numpy as np
import torch

import trainscope

CLI, SOURCE = sys.argv[1], sys.argv[2]
EXAMPLE = os.path.join(SOURCE, "src/python/examples/fashion_lenet.py")
READ_TFEVENTS = os.path.join(SOURCE, "tests/python/read_tfevents.py")
SMALL = ["--epochs", "2", "--train-subset", "2048", "--val-subset", "512"]


def cli(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=300)


def example(runs, *extra, wait=True):
    command = [sys.executable, EXAMPLE, *SMALL, "--runs-dir", runs, *extra]
    if not wait:
        return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def run_json(folder):
    with open(os.path.join(folder, "run.json")) as f:
        return json.load(f)


class SeedLoop(unittest.TestCase):
    """One run of the seed's loop, then every command on it."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.runs = os.path.join(cls.tmp.name, "runs")
        done = example(cls.runs, "--tensorboard")
        assert done.returncode == 0, done.stdout + done.stderr
        (cls.folder,) = glob.glob(os.path.join(cls.runs, "lenet-sgd-*"))

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_the_record_is_complete(self):
        info = run_json(self.folder)
        self.assertEqual(info["status"], "finished")
        self.assertEqual(info["source"], "python")
        self.assertEqual(info["config"]["batch_size"], 64)
        self.assertEqual(info["epochs_completed"], 2)
        self.assertEqual(info["steps"], 64)
        self.assertEqual(info["steps_per_epoch"], 32)
        self.assertEqual(len(info["dataset"]["classes"]), 10)
        with h5py.File(os.path.join(self.folder, "metrics.h5"), "r") as f:  # plain h5py: closed cleanly
            self.assertEqual(list(f["steps/step"][:]), list(range(1, 65)))
            self.assertTrue(np.isfinite(f["steps/loss"][:]).all())
            self.assertEqual(list(f["epochs/epoch"][:]), [1, 2])
            self.assertGreater(f["epochs/val_accuracy"][-1], 0.3)
        with h5py.File(os.path.join(self.folder, "probes.h5"), "r") as f:
            names = set(f["names"][:].astype(str))
            kinds = set(f["kinds"][:].astype(str))
            for layer in ("conv1", "conv2", "fc1", "fc2", "fc3", "pool1", "conv1.weight", "fc3.bias"):
                self.assertIn(layer, names)
            self.assertEqual(kinds, {"activation", "activation_grad", "weight", "weight_grad"})
            # log_every=50 over 64 steps: the first step and step 50
            self.assertEqual(list(f["step"][:]), [1, 50])
            stats = f["stats"][:]
            self.assertTrue(np.isfinite(stats[:, :, 0]).all(), "every tensor measured on a probed step")
            self.assertEqual(f["histograms/counts"].shape[0], 2)
        with h5py.File(os.path.join(self.folder, "predictions.h5"), "r") as f:
            self.assertEqual(f["confusion"].shape, (2, 10, 10))
            self.assertEqual(int(f["confusion"][1].sum()), 512)
        with h5py.File(os.path.join(self.folder, "samples.h5"), "r") as f:
            self.assertEqual(f["loss"].shape, (2, 2048))

    def test_runs_and_suspects_treat_it_like_any_run(self):
        listed = cli("runs", self.runs)
        self.assertEqual(listed.returncode, 0, listed.stderr)
        self.assertIn("lenet-sgd", listed.stdout)
        self.assertIn("finished", listed.stdout)
        suspects = cli("suspects", self.folder, "--top", "5")
        self.assertEqual(suspects.returncode, 0, suspects.stderr)
        self.assertIn("5 most suspect of 2048 training labels, 2 epochs", suspects.stdout)
        self.assertIn("train[", suspects.stdout)

    def test_live_tensorboard_events_hold_the_run(self):
        (events,) = glob.glob(os.path.join(self.folder, "tensorboard", "events.out.tfevents.*"))
        check = subprocess.run([sys.executable, READ_TFEVENTS, events, self.folder], capture_output=True, text=True)
        self.assertEqual(check.returncode, 0, check.stdout + check.stderr)

    def test_export_then_import_keeps_every_scalar(self):
        out = os.path.join(self.tmp.name, "tb")
        exported = cli("export-tensorboard", self.folder, out)
        self.assertEqual(exported.returncode, 0, exported.stderr)
        imported_runs = os.path.join(self.tmp.name, "imported")
        imported = cli("import-tensorboard", out, "--out", imported_runs)
        self.assertEqual(imported.returncode, 0, imported.stderr)
        self.assertIn("1 TensorBoard runs imported", imported.stdout)
        (back,) = glob.glob(os.path.join(imported_runs, "*"))
        self.assertEqual(run_json(back)["source"], "tensorboard")
        again = os.path.join(self.tmp.name, "tb-again")
        self.assertEqual(cli("export-tensorboard", back, again).returncode, 0)
        (events,) = glob.glob(os.path.join(again, "*", "events.out.tfevents.*"))
        # The imported run's export holds the original run's scalars and histograms.
        check = subprocess.run([sys.executable, READ_TFEVENTS, events, self.folder], capture_output=True, text=True)
        self.assertEqual(check.returncode, 0, check.stdout + check.stderr)


class Arguments(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.opened = trainscope.init(name="args", runs_dir=self.tmp.name)

    def tearDown(self):
        trainscope.finish()
        self.tmp.cleanup()

    def assertNames(self, error, argument, call, *args, **kwargs):
        with self.assertRaises(error) as caught:
            call(*args, **kwargs)
        self.assertIn(argument, str(caught.exception))

    def test_wrong_arguments_name_themselves(self):
        self.assertNames(TypeError, "values", trainscope.log, [1, 2])
        self.assertNames(TypeError, "values['loss']", trainscope.log, {"loss": "low"})
        self.assertNames(TypeError, "step", trainscope.log, {"loss": 1.0}, step=1.5)
        self.assertNames(ValueError, "step", trainscope.log, {"loss": 1.0}, step=-1)
        self.assertNames(ValueError, "values key", trainscope.log, {"": 1.0})
        self.assertNames(TypeError, "epoch", trainscope.log_epoch, {"val_loss": 1.0}, epoch="one")
        self.assertNames(TypeError, "model", trainscope.watch, "not a model")
        self.assertNames(ValueError, "log_every", trainscope.watch, torch.nn.Linear(2, 2), log_every=0)
        self.assertNames(ValueError, "split", trainscope.log_predictions, "test", 1, [0], [0], [[0.1, 0.2]])
        self.assertNames(ValueError, "labels", trainscope.log_predictions, "val", 1, [0, 1], [0], [[0.1, 0.2]] * 2)
        self.assertNames(ValueError, "labels", trainscope.log_predictions, "val", 1, [0], [5], [[0.1, 0.2]])
        self.assertNames(ValueError, "class_names", trainscope.log_predictions, "val", 1, [0], [0], [[0.1, 0.2]],
                         class_names=["a", "b", "c"])
        self.assertNames(ValueError, "status", trainscope.finish, "done")
        self.assertNames(TypeError, "config", trainscope.init, config=[1, 2])
        self.assertNames(TypeError, "name", trainscope.init, name=3)
        self.assertNames(ValueError, "runs_dir", trainscope.init, runs_dir=__file__)
        self.assertNames(TypeError, "tensorboard", trainscope.init, tensorboard="yes")
        self.assertNames(ValueError, "epoch", trainscope.log_epoch, {"val_loss": 1.0}, epoch=0)  # 1-based
        self.assertNames(TypeError, "labels", trainscope.log_predictions, "val", 1, [0], [0.7], [[0.1, 0.2]])
        # Past the engine's 64-bit counts: a sentence naming the argument, not pybind's signature dump.
        self.assertNames(ValueError, "step", trainscope.log, {"loss": 1.0}, step=2**63)
        self.assertNames(ValueError, "epoch", trainscope.log_epoch, {"val_loss": 1.0}, epoch=2**64)
        self.assertNames(ValueError, "epoch", trainscope.log_predictions, "val", 2**63, [0], [0], [[0.1, 0.2]])

    def test_a_config_with_infinities_is_kept_as_text(self):
        run = trainscope.init(name="inf", config={"clip": float("inf"), "lr": 0.1}, runs_dir=self.tmp.name)
        trainscope.finish()
        self.assertEqual(run_json(run.folder)["config"], {"clip": "inf", "lr": 0.1})

    def test_numbers_of_every_kind_and_any_name_are_kept(self):
        trainscope.log({"loss": torch.tensor(0.5), "accuracy": np.float32(0.25), "grad/fc1 norm": 3}, step=1)
        trainscope.log({"lr": 0.1}, step=1)  # the same step: the same row
        trainscope.finish()
        with h5py.File(os.path.join(self.opened.folder, "metrics.h5"), "r") as f:
            self.assertEqual(list(f["steps/loss"][:]), [0.5])
            self.assertEqual(list(f["steps/accuracy"][:]), [0.25])
            self.assertEqual(list(f["steps/lr"][:]), [0.1])
            self.assertEqual(list(f["scalars/names"][:].astype(str)), ["grad/fc1 norm"])
            self.assertEqual(list(f["scalars/value"][:]), [3.0])
        with self.assertRaises(RuntimeError):
            self.opened.log({"loss": 1.0})


SCRIPT = """
import sys, trainscope
run = trainscope.init(name=sys.argv[2], runs_dir=sys.argv[1])
print(run.folder, flush=True)
for step in range(1, 1000000):
    trainscope.log({{"loss": 1.0 / step}}, step=step)
    {body}
"""


def script(runs, name, body):
    return subprocess.Popen([sys.executable, "-c", SCRIPT.format(body=body), runs, name],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


class Endings(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def test_an_exception_in_with_fails_the_run_with_its_reason(self):
        with self.assertRaises(ZeroDivisionError):
            with trainscope.init(name="boom", runs_dir=self.tmp.name) as run:
                trainscope.log({"loss": 1.0}, step=1)
                1 / 0
        info = run_json(run.folder)
        self.assertEqual(info["status"], "failed")
        self.assertIn("ZeroDivisionError: division by zero", info["reason"])

    def test_an_uncaught_exception_fails_the_run_without_with(self):
        p = script(self.tmp.name, "uncaught", "if step == 20: raise ValueError('bad batch')")
        out, _ = p.communicate(timeout=120)
        self.assertNotEqual(p.returncode, 0)
        info = run_json(out.split()[0])
        self.assertEqual(info["status"], "failed")
        self.assertEqual(info["reason"], "ValueError: bad batch")

    def test_a_script_that_just_ends_finishes_its_run(self):
        p = script(self.tmp.name, "ends", "if step == 20: break")
        out, _ = p.communicate(timeout=120)
        self.assertEqual(p.returncode, 0)
        self.assertEqual(run_json(out.split()[0])["status"], "finished")

    def test_kill_9_leaves_an_interrupted_run_h5py_opens(self):
        p = script(self.tmp.name, "killed", "import time; time.sleep(0.001)")
        folder = p.stdout.readline().strip()
        time.sleep(2.5)  # some flushes in
        p.send_signal(signal.SIGKILL)
        p.communicate()
        self.assertEqual(run_json(folder)["status"], "running")
        listed = cli("runs", self.tmp.name)
        self.assertIn("interrupted", listed.stdout)
        with h5py.File(os.path.join(folder, "metrics.h5"), "r") as f:  # the listing repaired it
            self.assertGreater(len(f["steps/loss"]), 10)

    def test_a_forked_child_never_touches_the_run_and_never_hangs(self):
        # The child's exit runs HDF5's exit handler, which closes every file still open:
        # the parent's metrics.h5 must be exactly as it was (record/fork_guard.h).
        code = textwrap.dedent(f"""
            import gc, hashlib, os, sys, time, trainscope
            run = trainscope.init(name="forked", runs_dir={self.tmp.name!r}, tensorboard=True)
            trainscope.log({{"loss": 1.0}}, step=1)
            time.sleep(3)  # the writer's timer has flushed step 1
            metrics = os.path.join(run.folder, "metrics.h5")
            before = hashlib.sha256(open(metrics, "rb").read()).hexdigest()
            pid = os.fork()
            if pid == 0:
                try:
                    trainscope.log({{"loss": 9.0}}, step=2)
                    os._exit(3)  # it wrote: wrong
                except RuntimeError:
                    pass
                try:
                    run.log({{"loss": 9.0}}, step=2)
                    os._exit(4)
                except RuntimeError as e:
                    if "forked child" not in str(e):
                        os._exit(5)
                del run
                gc.collect()
                sys.exit(0)  # the interpreter's exit: Python's and C's exit handlers run
            _, status = os.waitpid(pid, 0)
            after = hashlib.sha256(open(metrics, "rb").read()).hexdigest()
            trainscope.log({{"loss": 0.5}}, step=2)
            trainscope.finish()
            print(run.folder)
            print(os.waitstatus_to_exitcode(status))
            print(before == after)
            """)
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                           env=dict(os.environ))
        self.assertEqual(p.returncode, 0, p.stderr)
        folder, child, untouched = p.stdout.split()
        self.assertEqual(child, "0", p.stderr)
        self.assertEqual(untouched, "True", "the child's exit changed the parent's metrics.h5")
        info = run_json(folder)
        self.assertEqual(info["status"], "finished")
        with h5py.File(os.path.join(folder, "metrics.h5"), "r") as f:
            self.assertEqual(list(f["steps/loss"][:]), [1.0, 0.5])

    def test_two_scripts_at_once_get_two_folders(self):
        a = script(self.tmp.name, "same", "if step == 200: break")
        b = script(self.tmp.name, "same", "if step == 200: break")
        folders = {a.stdout.readline().strip(), b.stdout.readline().strip()}
        a.communicate(timeout=120), b.communicate(timeout=120)
        self.assertEqual(len(folders), 2)
        for folder in folders:
            self.assertEqual(run_json(folder)["status"], "finished")
            with h5py.File(os.path.join(folder, "metrics.h5"), "r") as f:
                self.assertEqual(len(f["steps/loss"]), 200)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
