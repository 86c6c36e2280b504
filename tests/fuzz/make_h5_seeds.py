"""Writes the HDF5 fuzz targets' seeds from a real run folder: the run's own datasets and
attributes, copied into files with small chunks (libFuzzer mutates every byte of a seed,
and a run's 1,024-row chunks would make each seed megabytes of padding).

Usage: make_h5_seeds.py RUN_DIR CORPUS_DIR      (writes CORPUS_DIR/fuzz_<name>_h5/seed.h5)
"""
import os
import sys

import h5py


def copy(source, target):
    with h5py.File(source, "r", libver="latest", swmr=True) as src, h5py.File(target, "w", libver="latest") as dst:
        for k, v in src.attrs.items():
            dst.attrs[k] = v

        def visit(name, obj):
            if isinstance(obj, h5py.Group):
                dst.require_group(name)
                return
            maxshape = (None,) + obj.shape[1:] if obj.chunks else None
            d = dst.create_dataset(name, data=obj[...], maxshape=maxshape, chunks=True if maxshape else None)
            for k, v in obj.attrs.items():
                d.attrs[k] = v

        src.visititems(visit)


run, corpus = sys.argv[1], sys.argv[2]
for name in ("metrics", "samples", "predictions", "probes"):
    out = os.path.join(corpus, "fuzz_%s_h5" % name)
    os.makedirs(out, exist_ok=True)
    copy(os.path.join(run, name + ".h5"), os.path.join(out, "seed.h5"))
    print(out, os.path.getsize(os.path.join(out, "seed.h5")))
