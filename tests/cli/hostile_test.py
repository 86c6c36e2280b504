#!/usr/bin/python3
"""Foreign input never runs, never leaves its folder, never hangs (docs/security.md).

The cases found by trying hostile input against trainscope-cli, kept as regressions:
export-script from hostile class, column, file and run names (each script compiled and
run: the canary file must not appear); collect and bundle against links and a run
being written; --out at a run's own files and at devices; names with terminal escapes;
FIFOs, /dev/zero and /proc as input; unclear refusals; a TorchScript forward that never
returns. Every command runs under a time limit: a hang is a failure, not a stuck test.
Usage: hostile_test.py CLI SOURCE_DIR
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import h5py
import numpy as np
from PIL import Image

CLI, SRC = sys.argv[1], sys.argv[2]
PY = "/usr/bin/python3"
TMP = tempfile.mkdtemp(prefix="hostile-")
CANARY = os.path.join(TMP, "CANARY")
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {name}" + (f" ({detail})" if detail else ""), flush=True)


def cli(*args, timeout=120, cwd=None):
    """(exit code, stdout, stderr) as bytes; 124 when it ran past `timeout` (killed)."""
    try:
        p = subprocess.run([CLI, *args], capture_output=True, timeout=timeout, cwd=cwd, stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return 124, e.stdout or b"", e.stderr or b""


def cli_tty(*args, timeout=120):
    """(exit code, what a terminal was sent): the command's stdout and stderr are a pty."""
    import pty
    import select
    master, slave = pty.openpty()
    p = subprocess.Popen([CLI, *args], stdin=subprocess.DEVNULL, stdout=slave, stderr=slave)
    os.close(slave)
    out, deadline = b"", time.monotonic() + timeout
    while time.monotonic() < deadline:
        if select.select([master], [], [], 0.2)[0]:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the command closed its end
                break
            if not chunk:
                break
            out += chunk
        elif p.poll() is not None:
            break
    if p.poll() is None:
        p.kill()
    p.wait()
    os.close(master)
    return p.returncode, out


def text(b):
    return b.decode("utf-8", "replace")


def payload(tag):
    """Python that touches the canary when it runs."""
    return f"__import__('os').system('touch {CANARY}-{tag}')"


# The names an attacker gives: quotes, triple quotes, backslashes, line breaks, NUL
# (where a file can hold it), template marks, code, Unicode line separators, escapes.
HOSTILE = [
    'a"b', "c'd", '"""', "'''", "e\\", "\\\\x", "{{numbers}}", "{{classes}}", "{{root}}",
    "f\rg", "h\ni", "j\u2028k", "l\u2029m", "\x1b]0;title\x07", "n\u202eo",
    "+str(" + payload("plus") + ")+", '");' + payload("quote") + '#', "\"\"\"\n" + payload("doc") + "\n#",
]


def image_folder(root, classes, per_class=10):
    for k, name in enumerate(classes):
        d = os.path.join(root, name) if isinstance(name, str) else os.path.join(root.encode(), name)
        os.makedirs(d, exist_ok=True)
        for i in range(per_class):
            pixels = np.full((16, 16, 3), (k * 40 + i) % 255, dtype=np.uint8)
            f = os.path.join(d, f"{i}.png") if isinstance(d, str) else os.path.join(d, f"{i}.png".encode())
            with open(f, "wb") as out:  # a bytes path too (a name that is not UTF-8)
                Image.fromarray(pixels).save(out, format="PNG")


def no_canary(name):
    left = [f for f in os.listdir(TMP) if f.startswith("CANARY")]
    check(f"{name}: no payload ran", not left, ", ".join(left))
    for f in left:
        os.remove(os.path.join(TMP, f))


def run_script(name, script_path, data_cwd, epochs=1):
    """Compiles and runs a generated script; it must not run the payload."""
    p = subprocess.run([PY, "-m", "py_compile", script_path], capture_output=True, timeout=60)
    check(f"{name}: the script compiles", p.returncode == 0, text(p.stderr)[-300:])
    p = subprocess.run([PY, script_path, "--epochs", str(epochs), "--workers", "0", "--out", os.path.join(TMP, "py-out")],
                       capture_output=True, timeout=600, cwd=data_cwd)
    check(f"{name}: the script runs", p.returncode == 0, text(p.stderr)[-400:])
    no_canary(name)


def first_run(folder):
    runs = [os.path.join(folder, d) for d in sorted(os.listdir(folder)) if not d.startswith(".")]
    return runs[0] if runs else ""


def export_scripts():
    # Images: class folders with hostile names (bytes that are not UTF-8 are skipped with
    # their path); the root itself named with quotes and a payload.
    root = os.path.join(TMP, 'img "\';' + "touch x #")
    names = [n for n in HOSTILE if "\x00" not in n and "/" not in n]
    image_folder(root, names, per_class=4)
    config = os.path.join(TMP, "images.json")
    with open(os.path.join(SRC, "resources/experiments/imagefolder_fast.json")) as f:
        c = json.load(f)
    c["dataset"]["root"] = root
    c["name"] = '{{imports}}"""' + payload("name") + '"""\\'
    c["model"]["image_size"] = 16
    for split in ("train", "val"):
        c["transforms"][split] = [{"name": "Resize", "size": 16}, {"name": "CenterCrop", "size": 16},
                                  {"name": "ToTensor"}]
    json.dump(c, open(config, "w"))
    rc, out, err = cli("export-script", "--config", config, "--out", os.path.join(TMP, "images.py"))
    check("images: export-script from a config", rc == 0, text(err))
    if rc == 0:
        run_script("images", os.path.join(TMP, "images.py"), TMP)

    # A table: hostile column names and class values, a file named like a placeholder.
    table = os.path.join(TMP, "{{text_column}}.csv")
    columns = ["+str(" + payload("column") + ")+", 'q"uote', "{{numbers}}", "cr\rcolumn", "target"]
    classes = ["{{numbers}}", '"""' + payload("cls") + '"""', "plain"]
    with open(table, "w", newline="") as f:
        f.write(",".join('"' + c.replace('"', '""') + '"' for c in columns) + "\n")
        for i in range(60):
            f.write(f"{i % 7},{(i * 3) % 11},{i % 5},{i % 2},\"{classes[i % 3].replace(chr(34), chr(34) * 2)}\"\n")
    config = os.path.join(TMP, "table.json")
    c = json.load(open(os.path.join(SRC, "resources/experiments/table_mlp.json")))
    c["dataset"].update({"path": table, "target": "target"})
    c["epochs"] = 1
    json.dump(c, open(config, "w"))
    rc, out, err = cli("export-script", "--config", config, "--out", os.path.join(TMP, "table.py"))
    check("table: export-script from a config", rc == 0, text(err))
    if rc == 0:
        run_script("table", os.path.join(TMP, "table.py"), TMP)

    # The same table trained, then its run.json's left_out reason made hostile: the
    # script's comment stays a comment.
    rc, out, err = cli("train", "--config", config, "--out", os.path.join(TMP, "runs-table"), "--quiet")
    check("table: trains", rc == 0, text(err)[-300:])
    run = first_run(os.path.join(TMP, "runs-table"))
    if run:
        info = json.load(open(os.path.join(run, "run.json")))
        info.setdefault("table", {}).setdefault("left_out", []).append(
            {"column": "x\ry", "reason": "an identifier\r" + payload("reason") + "\n#"})
        json.dump(info, open(os.path.join(run, "run.json"), "w"))
        rc, out, err = cli("export-script", run, "--out", os.path.join(TMP, "table-run.py"))
        check("table run: export-script", rc == 0, text(err))
        if rc == 0:
            run_script("table run", os.path.join(TMP, "table-run.py"), TMP)

    # Text: hostile class folders of documents.
    text_root = os.path.join(TMP, "text")
    words = ["alpha beta gamma", "delta epsilon zeta"]
    for k, name in enumerate(["{{root}}", 'x"""' + payload("text") + '"""']):
        d = os.path.join(text_root, name)
        os.makedirs(d)
        for i in range(12):
            open(os.path.join(d, f"{i}.txt"), "w").write((words[k] + " ") * (i + 2))
    config = os.path.join(TMP, "text.json")
    c = json.load(open(os.path.join(SRC, "resources/experiments/text_cnn.json")))
    c["dataset"]["root"] = text_root
    c["dataset"]["min_freq"] = 1
    json.dump(c, open(config, "w"))
    rc, out, err = cli("export-script", "--config", config, "--out", os.path.join(TMP, "text.py"))
    check("text: export-script from a config", rc == 0, text(err))
    if rc == 0:
        run_script("text", os.path.join(TMP, "text.py"), TMP)


def fashion_run(folder, *extra):
    rc, out, err = cli("train", "--config", "fashion_lenet", "--out", folder, "--set", "epochs=1",
                       "--set", "dataset.train_subset=256", "--set", "dataset.val_subset=64",
                       "--set", "probes.enabled=false", "--quiet", *extra)
    return first_run(folder) if rc == 0 else ""


def digest(path):
    return open(path, "rb").read() if os.path.isfile(path) else None


def out_is_refused(run):
    own = [os.path.join(run, "run.json"), os.path.join(run, "metrics.h5"), os.path.join(run, "log.txt"),
           os.path.join(run, "checkpoints", "best.pt"), os.path.join(run, "checkpoints", "last.pt")]
    before = {p: digest(p) for p in own}
    for target in own:
        for command in (["export", run, "--out", target], ["report", run, "--out", target],
                        ["export-script", run, "--out", target], ["bundle", run, "--out", target]):
            rc, out, err = cli(*command)
            check(f"{command[0]} --out {os.path.relpath(target, run)}: refused (exit 2)", rc == 2, text(err))
    check("the run's own files are unchanged", all(digest(p) == before[p] for p in own))
    if os.geteuid() == 0 and os.path.exists("/dev/full"):
        rc, out, err = cli("export", run, "--out", "/dev/full")
        check("export --out /dev/full: refused", rc == 2, text(err))
        check("/dev/full is still a device", os.path.exists("/dev/full") and not os.path.isfile("/dev/full"))
    link = os.path.join(TMP, "out-link.html")
    victim = os.path.join(TMP, "victim.txt")
    open(victim, "w").write("keep")
    os.symlink(victim, link)
    rc, out, err = cli("report", run, "--out", link)
    check("report --out a symbolic link: refused", rc == 2 and open(victim).read() == "keep", text(err))
    rc, out, err = cli("report", run, "--out", os.path.join(TMP, "fine.html"))
    check("report --out a new file outside the run: written", rc == 0 and os.path.isfile(os.path.join(TMP, "fine.html")))


def collect_cases(run):
    handins = os.path.join(TMP, "class")
    outside = os.path.join(TMP, "outside")
    shutil.copytree(run, os.path.join(outside, "their-run"))
    os.makedirs(os.path.join(handins, "mallory"))
    os.symlink(os.path.join(outside, "their-run"), os.path.join(handins, "mallory", "run"))
    os.makedirs(os.path.join(handins, "eve"))
    shutil.copytree(run, os.path.join(handins, "eve", "run"))
    last = os.path.join(handins, "eve", "run", "checkpoints", "last.pt")
    os.remove(last)
    os.symlink("/etc/passwd", last)
    os.makedirs(os.path.join(handins, "\x1b]52;c;aGk=\x07bob\x1b[2J"))
    bob = os.path.join(handins, "\x1b]52;c;aGk=\x07bob\x1b[2J", "run")
    shutil.copytree(run, bob)
    info = json.load(open(os.path.join(bob, "run.json")))
    info["name"] = "\x1b]0;pwned\x07\x1b[2Jbob's run"  # the title, a cleared screen
    json.dump(info, open(os.path.join(bob, "run.json"), "w"))
    # A run being written: its lock held by a process that stays while collect runs.
    os.makedirs(os.path.join(handins, "trent"))
    shutil.copytree(run, os.path.join(handins, "trent", "run"))
    holder = subprocess.Popen([PY, "-c", "import fcntl,sys,time; f=open(sys.argv[1],'w'); f.write('a trainer');"
                               "f.flush(); fcntl.flock(f, fcntl.LOCK_EX); print('held', flush=True); time.sleep(120)",
                               os.path.join(handins, "trent", "run", ".lock")], stdout=subprocess.PIPE)
    holder.stdout.readline()
    runs = os.path.join(TMP, "collected")
    rc, out, err = cli("collect", handins, "--into", runs, "--json")
    holder.kill()
    check("collect: exit 0", rc == 0, text(err))
    report = json.loads(out) if rc == 0 else {"runs": []}
    by = {os.path.relpath(r["source"], handins).split(os.sep)[0]: r for r in report.get("runs", [])}
    for student in ("mallory", "eve", "trent"):
        r = by.get(student, {})
        check(f"collect: {student}'s hand-in skipped with a reason", r.get("outcome") == "skipped" and r.get("reason"),
              json.dumps(r))
    check("collect: nothing written into the folder a link points to",
          not os.path.exists(os.path.join(outside, "their-run", "user.json")))
    for name in os.listdir(runs):
        for base, dirs, files in os.walk(os.path.join(runs, name)):
            for x in dirs + files:
                check(f"collect: {x} is no link", not os.path.islink(os.path.join(base, x)))
    rc, shown = cli_tty("collect", handins, "--into", runs)
    check("collect's leaderboard shows a terminal no escape character",
          rc == 0 and b"\x1b" not in shown and b"\x07" not in shown and b"\\x1b" in shown, text(shown)[:300])
    rc, shown = cli_tty("runs", runs)
    check("runs shows a terminal no escape character, the name's escapes as text",
          rc == 0 and b"\x1b" not in shown and b"\\x1b]0;pwned" in shown, text(shown)[:300])
    rc, out, err = cli("collect", handins, "--into", runs, "--json")
    check("collect --json into a pipe stays JSON, the name as written",
          rc == 0 and any("\x1b" in r.get("student", "") for r in json.loads(out)["runs"]), text(out)[:200])
    # bundle of a run whose checkpoint is a link: refused, never /etc/passwd packed.
    rc, out, err = cli("bundle", os.path.join(handins, "eve", "run"), "--out", os.path.join(TMP, "eve.bundle.tar"))
    check("bundle: a linked checkpoint is refused", rc == 2, text(err))


def special_inputs(run):
    fifo = os.path.join(TMP, "fifo.csv")
    os.mkfifo(fifo)
    rc, out, err = cli("train", "--config", "fashion_lenet", "--out", os.path.join(TMP, "r"),
                       "--set", "dataset.corrections=/dev/zero", timeout=60)
    check("dataset.corrections=/dev/zero: a device, exit 2", rc == 2 and b"device" in err, text(err))
    table = os.path.join(TMP, "runs-table")
    table_run = first_run(table) if os.path.isdir(table) else ""
    if table_run:
        rc, out, err = cli("predict", table_run, fifo, timeout=60)
        check("predict RUN fifo.csv: refused, no hang", rc == 2 and b"FIFO" in err, f"rc {rc} {text(err)}")
    rc, out, err = cli("train", "--config", "text_cnn", "--set", "dataset.root=/proc/self",
                       "--out", os.path.join(TMP, "r"), timeout=60)
    check("a text folder at /proc/self: refused, exit 2", rc == 2 and b"system folder" in err, f"rc {rc} {text(err)}")
    rc, out, err = cli("train", "--config", "fashion_lenet", "--set", "runs_dir=/dev/null", timeout=60)
    check("runs_dir=/dev/null: exit 2 naming runs_dir", rc == 2 and b"runs_dir" in err, f"rc {rc} {text(err)}")
    rc, out, err = cli("train", "--config", "fashion_lenet", "--out", os.path.join(TMP, "r"),
                       "--set", "run_name=" + "n" * 5000, timeout=60)
    check("a 5,000-byte run name: exit 2 naming run_name", rc == 2 and b"run_name" in err and b"filesystem" not in err,
          f"rc {rc} {text(err)[:300]}")
    # A link in an image folder that leads out of it is not followed.
    root = os.path.join(TMP, "linked")
    image_folder(root, ["a", "b"], per_class=6)
    image_folder(os.path.join(TMP, "elsewhere"), ["c"], per_class=6)
    os.symlink(os.path.join(TMP, "elsewhere", "c"), os.path.join(root, "c"))
    rc, out, err = cli("datasets", root)
    check("an image folder's link out of it: not a class", rc == 0 and b"out of the folder" in out + err,
          text(out + err)[:400])
    # A class folder whose name is not UTF-8: skipped with its path, the run trains.
    root = os.path.join(TMP, "bytes")
    image_folder(root, ["good", "fine"], per_class=8)
    image_folder(root, [b"caf\xe9"], per_class=8)
    rc, out, err = cli("train", "--config", "imagefolder_fast", "--set", "dataset.root=" + root, "--set", "epochs=1",
                       "--set", "model.image_size=16", "--out", os.path.join(TMP, "runs-bytes"), "--quiet")
    check("a non-UTF-8 class folder: the run trains", rc == 0, text(err)[-300:])
    if rc == 0:
        info = json.load(open(os.path.join(first_run(os.path.join(TMP, "runs-bytes")), "run.json")))
        check("...with two classes, the other skipped by name", info["dataset"]["classes"] == ["fine", "good"] and
              any("not UTF-8" in s.get("reason", "") for s in info.get("skipped", [])), json.dumps(info["dataset"]))


def never_returning_forward():
    """A TorchScript forward that never returns: summary and graph end with a sentence
    (the probe forward is bounded); one that loops only in training mode passes the probe,
    and one Ctrl+C still ends train (the run's step never ends)."""
    import torch

    class Loop(torch.nn.Module):
        def __init__(self, always: bool):
            super().__init__()
            self.always = always
            self.fc = torch.nn.Linear(784, 10)

        def forward(self, x):
            i = 0
            while (self.always or self.training) and i >= 0:
                i = i + 1
            return self.fc(x.flatten(1))

    paths = {}
    for kind in ("always", "training"):
        paths[kind] = os.path.join(TMP, f"loop-{kind}.pt")
        torch.jit.save(torch.jit.script(Loop(kind == "always")), paths[kind])
    model = ["--set", "model.name=torchscript", "--set", "model.image_size=28"]
    started = time.monotonic()
    procs = {command: subprocess.Popen([CLI, command, "--config", "fashion_lenet", *model,
                                        "--set", "model.path=" + paths["always"]],
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for command in ("summary", "graph")}
    train = subprocess.Popen([CLI, "train", "--config", "fashion_lenet", *model, "--set", "model.path=" + paths["training"],
                              "--set", "dataset.train_subset=256", "--out", os.path.join(TMP, "runs-loop")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(15)  # the probe passes, the data opens, the first step begins and never ends
    train.send_signal(signal.SIGINT)
    interrupted = time.monotonic()
    for command, p in list(procs.items()) + [("train", train)]:
        try:
            out, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            check(f"{command} of a forward that never returns: ends within 60 s", False)
            continue
        if command == "train":
            check("train: one Ctrl+C ends a step that never ends (exit 130, said)", p.returncode == 130 and
                  b"has not moved" in err, f"rc {p.returncode} {text(err)[-300:]}")
            print(f"train ended {time.monotonic() - interrupted:.0f} s after one Ctrl+C", flush=True)
        else:
            check(f"{command} of a forward that never returns: ends with a sentence", p.returncode == 2 and
                  b"has not returned" in err, f"rc {p.returncode} {text(err)[-300:]}")
    print(f"never-returning forwards ended in {time.monotonic() - started:.0f} s", flush=True)


def tensorboard_names(run):
    """Sub-folders named "..x" and "训练" of a TensorBoard log folder (written by
    export-tensorboard): imported as visible runs, the Chinese name kept."""
    logdir = os.path.join(TMP, "tb")
    rc, out, err = cli("export-tensorboard", run, logdir)
    check("export-tensorboard writes event files", rc == 0, text(err))
    exported = os.path.join(logdir, os.listdir(logdir)[0]) if rc == 0 else ""
    if not exported:
        return
    shutil.copytree(exported, os.path.join(logdir, "训练"))
    os.rename(exported, os.path.join(logdir, "..x"))
    runs = os.path.join(TMP, "tb-runs")
    rc, out, err = cli("import-tensorboard", logdir, "--out", runs)
    names = sorted(os.listdir(runs)) if os.path.isdir(runs) else []
    check("import-tensorboard: no hidden run", rc == 0 and len(names) == 2 and not any(n.startswith(".") for n in names),
          f"{rc} {names} {text(err)}")
    check("import-tensorboard: a Chinese name stays itself", any(n.startswith("训练") for n in names), str(names))


def main():
    try:
        export_scripts()
        run = fashion_run(os.path.join(TMP, "runs"))
        check("a Fashion-MNIST run to work on", bool(run))
        if run:
            out_is_refused(run)
            collect_cases(run)
        special_inputs(run)
        never_returning_forward()
        if run:
            tensorboard_names(run)
    finally:
        shutil.rmtree(TMP, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()
