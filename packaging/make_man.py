#!/usr/bin/env python3
"""Writes a gzipped man page from a program's own --help (and, for trainscope-cli,
each subcommand's), so the page never disagrees with the program.
  make_man.py PROGRAM NAME OUT.1.gz [--subcommands]
The sections a help text lacks (files, environment, exit status, examples) come from
SECTIONS below. Run by the build (src/cli and src/ui CMakeLists.txt)."""
import gzip
import os
import re
import subprocess
import sys

SECTIONS = {
    "trainscope-cli": {
        "summary": "train and inspect Trainscope experiments without a display",
        "EXAMPLES": [
            ("trainscope-cli train -c fashion_lenet --set epochs=2",
             "Train the shipped LeNet experiment on Fashion-MNIST for two epochs."),
            ("trainscope-cli lesson", "List the shipped lessons; trainscope-cli lesson 02_zero_grad runs one."),
            ("trainscope-cli runs", "List the runs in the runs folder."),
            ("trainscope-cli export-tensorboard RUN tb && tensorboard --logdir tb",
             "Look at a run in TensorBoard."),
            ("trainscope-cli import-tensorboard ~/tb-logs",
             "Turn old TensorBoard runs into runs, to compare them with new ones."),
            ("trainscope-cli bundle RUN && trainscope-cli verify RUN.bundle.tar",
             "Bundle a run and re-run its first steps to check that they reproduce."),
            ("torchrun --nproc_per_node 2 --no_python trainscope-cli train -c fashion_lenet",
             "Train on two processes (data parallel); or trainscope-cli train --nproc 2."),
        ],
        "EXIT STATUS": [("0", "success"), ("1", "the run or command failed (verify: the losses differ)"),
                        ("2", "a bad config or argument; the message names the field"),
                        ("130", "interrupted by Ctrl+C; the run's record is kept")],
        "ENVIRONMENT": [
            ("HOME", "runs go to ~/Trainscope/runs unless the experiment's runs_dir or --out says otherwise"),
            ("TRAINSCOPE_FASHION_MNIST_DIR",
             "where Fashion-MNIST's IDX files are, instead of /usr/share/datasets/fashion-mnist"),
            ("RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT",
             "set by torchrun: train as one rank of a data-parallel run (also SLURM_PROCID and friends under srun)"),
        ],
        "FILES": [
            ("~/Trainscope/runs", "the default runs folder: one folder per run (run.json, metrics.h5, checkpoints)"),
            ("/usr/share/trainscope/experiments", "the shipped experiments, usable by name with -c"),
            ("/usr/share/trainscope/lessons", "the shipped lessons"),
        ],
    },
    "trainscope": {
        "summary": "train and debug neural networks, and watch them learn",
        "DESCRIPTION_EXTRA": "The desktop app. It opens on Fashion-MNIST with a LeNet experiment ready: press Start "
                             "(F5). The Lessons page replays classic lessons of PyTorch practice. Runs are written to "
                             "~/Trainscope/runs, exactly as trainscope-cli(1) writes them.",
        "FILES": [
            ("~/Trainscope/runs", "the default runs folder"),
            ("~/.config/Trainscope/Trainscope.conf", "the app's remembered settings (window, language, last experiment)"),
            ("/usr/share/trainscope/lessons", "the shipped lessons"),
        ],
        "ENVIRONMENT": [("TRAINSCOPE_FASHION_MNIST_DIR",
                         "where Fashion-MNIST's IDX files are, instead of /usr/share/datasets/fashion-mnist")],
    },
}


def roff(text):
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(("\\&" + line) if line.startswith((".", "'")) else line for line in text.split("\n"))


def helptext(program, *args):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", COLUMNS="100")
    out = subprocess.run([program, *args, "--help"], capture_output=True, text=True, env=env, timeout=60)
    # The usage line names the program as it was called: the build path, not its name.
    return (out.stdout or out.stderr).rstrip().replace(program, os.path.basename(program))


def subcommands(text):
    names, inside = [], False
    for line in text.split("\n"):
        if re.match(r"^SUBCOMMANDS:", line.strip()) or line.strip() == "Subcommands:":
            inside = True
            continue
        if inside:
            m = re.match(r"^\s+(\S+)\s", line + " ")
            if m:
                names.append(m.group(1))
            elif line.strip() == "":
                continue
            else:
                break
    return names


def page(program, name, with_subcommands, version):
    info = SECTIONS.get(name, {})
    top = helptext(program)
    lines = [f'.TH {name.upper()} 1 "" "Trainscope {version}" "User Commands"',
             ".SH NAME", f"{roff(name)} \\- {roff(info.get('summary', ''))}",
             ".SH SYNOPSIS", f".B {roff(name)}", ".I " + ("SUBCOMMAND [OPTIONS]" if with_subcommands else "[OPTIONS]"),
             ".SH DESCRIPTION"]
    if "DESCRIPTION_EXTRA" in info:
        lines += [roff(info["DESCRIPTION_EXTRA"]), ".PP"]
    lines += [".nf", roff(top), ".fi"]
    if with_subcommands:
        lines.append(".SH SUBCOMMANDS")
        for sub in subcommands(top):
            lines += [f".SS {roff(sub)}", ".nf", roff(helptext(program, sub)), ".fi"]
    for section in ("EXAMPLES", "EXIT STATUS", "ENVIRONMENT", "FILES"):
        if section in info:
            lines.append(f".SH {section}")
            for term, text in info[section]:
                lines += [".TP", f".B {roff(term)}", roff(text)]
    lines += [".SH SEE ALSO", "trainscope(1), trainscope\\-cli(1), tensorboard(1)"]
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    program, name, out = sys.argv[1:4]
    shown = subprocess.run([program, "--version"], capture_output=True, text=True,
                           env=dict(os.environ, QT_QPA_PLATFORM="offscreen")).stdout
    version = re.search(r"\d+\.\d+\.\d+", shown)
    text = page(program, name, "--subcommands" in sys.argv, version.group(0) if version else "")
    # mtime=0: the same page gives the same bytes (lintian: timestamped gzip).
    with open(out, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as f:
        f.write(text.encode())


if __name__ == "__main__":
    main()
