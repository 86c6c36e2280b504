#!/usr/bin/env python3
"""Checks that each config key is spelled in one place under src/: its declaration.

The keys are read from src/engine/config/config_declarations*.cpp (TS_FIELD(section,
member) declares "section.member", TS_TOP_FIELD(member) "member"). Any string literal
elsewhere in src/ that holds a dotted key ("optimizer.lr", also inside a sentence) or
a key as a JSON pointer ("/loader/batch_size", "/runs_dir") is reported: such code
takes the key from the declaration (configField(&ExperimentConfig::optimizer,
&OptimizerConfig::lr).key) instead.
Usage: check_config_keys.py [SOURCE_ROOT]
"""
import os
import re
import sys

DECLARATIONS = ("engine/config/config_declarations.cpp", "engine/config/config_declarations_training.cpp")
STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def declared_keys(src):
    text = "".join(open(os.path.join(src, d), encoding="utf-8").read() for d in DECLARATIONS)
    dotted = {f"{s}.{m}" for s, m in re.findall(r"TS_FIELD\(([\w.]+),\s*(\w+)\)", text)}
    top = set(re.findall(r"TS_TOP_FIELD\((\w+)\)", text))
    return dotted, top


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    src = os.path.join(root, "src")
    dotted, top = declared_keys(src)
    if len(dotted) < 40:
        print(f"config keys: only {len(dotted)} declarations found in {DECLARATIONS}")
        return 1
    # Top-level keys as pointers only where they cannot be something else ("/epochs"
    # is also metrics.h5's group, "/seed" a field of run.json).
    pointers = {"/" + k.replace(".", "/") for k in dotted} | {"/" + k for k in top if "_" in k}
    key_in_text = re.compile(r"(?<![\w.])(" + "|".join(re.escape(k) for k in sorted(dotted, key=len, reverse=True)) +
                             r")(?![\w])")
    problems = []
    for base, _, names in os.walk(src):
        for name in names:
            if not name.endswith((".h", ".cpp")):
                continue
            full = os.path.join(base, name)
            rel = os.path.relpath(full, src)
            if rel in DECLARATIONS:
                continue
            for number, line in enumerate(open(full, encoding="utf-8"), 1):
                if line.lstrip().startswith("//"):
                    continue
                code = line.split("//")[0] if '"' not in line.split("//")[0][-1:] else line
                for literal in STRING.findall(code):
                    found = key_in_text.search(literal)
                    if found or literal in pointers:
                        key = found.group(1) if found else literal
                        problems.append(f"{rel}:{number}: spells the config key {key}")
    for p in problems:
        print("config keys:", p)
    print(f"config keys: {len(dotted) + len(top)} declared, {len(problems)} spelled elsewhere")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
