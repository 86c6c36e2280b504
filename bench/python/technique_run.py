"""A run a technique benchmark (bench/*.sh) trained into its scratch folder: run.json and
every column of metrics.h5, read with h5py as any user would."""
import glob
import json

import h5py


def read_run(folder):
    """(run.json, {step column: values}, {epoch column: values}) of the one run in folder."""
    run = glob.glob(folder + "/*/")[0]
    info = json.load(open(run + "run.json"))
    with h5py.File(run + "metrics.h5", "r") as f:
        steps = {k: f["steps/" + k][:] for k in f["steps"]}
        epochs = {k: f["epochs/" + k][:] for k in f["epochs"]}
    return info, steps, epochs
