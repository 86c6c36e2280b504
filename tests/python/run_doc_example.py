"""Runs the first ```python block of a Markdown file on a run folder.

Usage: run_doc_example.py DOC.md RUN_DIR. The block's `run_dir = ...` line is pointed
at RUN_DIR; what the example read is printed as JSON for the calling test, and the
example's own printing goes to stderr.
"""
import contextlib
import json
import re
import sys

doc, run_dir = sys.argv[1], sys.argv[2]
text = open(doc, encoding="utf-8").read()
block = re.search(r"```python\n(.*?)```", text, re.S).group(1)
block = re.sub(r"^run_dir = .*$", "run_dir = " + repr(run_dir), block, count=1, flags=re.M)
scope = {}
with contextlib.redirect_stdout(sys.stderr):
    exec(compile(block, doc, "exec"), scope)
print(json.dumps({
    "steps": int(len(scope["step"])),
    "last_loss": float(scope["loss"][-1]),
    "val_accuracy": [float(v) for v in scope["val_accuracy"]],
    "status": scope["info"]["status"],
}))
