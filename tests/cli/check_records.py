#!/usr/bin/python3
"""Whether a run killed and resumed lost anything it recorded, against the same run
uninterrupted: its losses (bit for bit), every samples.h5 entry (none NaN, the same
shape), every probed step's row (in probes.h5 or a probes-until-step*.h5) and no empty
probes-until-step file. Prints the figures; exits 1 when anything was lost.
Usage: check_records.py RUN REFERENCE   (tests/cli/crash_test.sh, tests/cli/kill_soak.sh)"""
import glob
import sys

import h5py
import numpy as np


def losses(folder):
    with h5py.File(folder + "/metrics.h5", "r") as f:
        return f["steps/loss"][:]


def probed(folder):
    steps = set()
    for name in glob.glob(folder + "/probes*.h5"):
        with h5py.File(name, "r") as p:
            steps |= set(int(x) for x in p["step"][:])
    return steps


def main(run, ref):
    lost = []
    mine, theirs = losses(run), losses(ref)
    same = np.array_equal(mine, theirs)
    print(f"steps: {len(mine)} (uninterrupted: {len(theirs)}), losses bit-identical: {same}")
    lost += [] if same else ["losses differ"]
    with h5py.File(run + "/samples.h5", "r") as s, h5py.File(ref + "/samples.h5", "r") as r:
        nan = int(np.isnan(s["loss"][:]).sum())
        print(f"samples.h5: {nan} of {s['loss'].size} entries NaN (shape {s['loss'].shape}, uninterrupted "
              f"{r['loss'].shape})")
        lost += [f"{nan} NaN sample entries"] if nan else []
        lost += ["samples.h5's shape differs"] if s["loss"].shape != r["loss"].shape else []
    missing = sorted(probed(ref) - probed(run))
    print(f"probed steps without a row: {len(missing)} of {len(probed(ref))} {missing[:8]}")
    lost += [f"{len(missing)} probe rows"] if missing else []
    archives = glob.glob(run + "/probes-until-step*.h5")
    empty = [f for f in archives if len(h5py.File(f, "r")["step"]) == 0]
    print(f"probes-until-step files: {len(archives)}, empty: {len(empty)}")
    lost += [f"{len(empty)} empty probes-until-step files"] if empty else []
    return 1 if lost else 0


sys.exit(main(sys.argv[1], sys.argv[2]))
