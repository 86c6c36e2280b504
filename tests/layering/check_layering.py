#!/usr/bin/env python3
"""Checks the house's layering from the sources (README: Layout).

- The engine's feature folders stand in one order, lowest first (LAYERS); a folder
  includes only itself and folders below it, so there are no folder cycles.
- No include cycle between files.
- Nothing below the engine's face includes session.h (engine/repro stands above it:
  verifying a bundle re-runs it through a session).
- No Qt header in src/engine; no torch header reachable from src/ui or src/widgets,
  directly or through an engine header.
- src/widgets includes no engine, ui or cli header; the CLI and the Python module no ui header.
- src/ui's rooms stand in one order too (UI_RANKS): experiment < run < the feature
  rooms (side by side) < compare < lessons < shell, over the shared ui root.
- The torch and plain source lists of src/engine/sources.cmake and
  tests/CMakeLists.txt say truly which files reach torch (the build compiles
  them differently: cmake/TorchBatches.cmake).
Usage: check_layering.py [SOURCE_ROOT]
"""
import os
import re
import sys

# Lowest first. "engine" is the root: session.h, the engine's face.
LAYERS = ["engine/config", "engine/run", "engine/system", "engine/data", "engine/models",
          "engine/record", "engine/inspect", "engine/train", "engine/deploy", "engine/search", "engine",
          # Re-runs a bundled run through the session (engine/session.h): above the face.
          "engine/repro"]
# The programs on top of the engine, and what each may include besides itself.
# The Python package's module (src/python) binds the engine like the CLI does.
PROGRAMS = {"widgets": set(), "cli": set(LAYERS), "python": set(LAYERS), "ui": set(LAYERS) | {"widgets"}}
# The app's rooms mirror the engine's features, lowest first; a room includes only
# itself, rooms of a lower rank, the ui root (what every room shares), the engine and
# the widgets. Rooms of one rank are side by side and never include each other.
UI_RANKS = {"ui": 0, "ui/experiment": 1, "ui/run": 2,
            "ui/data": 3, "ui/model": 3, "ui/train": 3, "ui/inspect": 3, "ui/system": 3, "ui/mistakes": 3,
            "ui/compare": 4, "ui/search": 4, "ui/lessons": 5, "ui/shell": 6}

TORCH = re.compile(r'#\s*include\s*<(torch|ATen|c10|caffe2)/')
QT = re.compile(r'#\s*include\s*<Q[A-Za-z]*[>/]')
LOCAL = re.compile(r'#\s*include\s*"([^"]+)"')


def folder_of(path):
    parts = path.split("/")
    if parts[0] in ("engine", "ui"):
        return parts[0] + "/" + parts[1] if len(parts) > 2 else parts[0]
    return parts[0]


def program_of(folder):
    return "ui" if folder.startswith("ui") else folder


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    src = os.path.join(root, "src")
    text = {}
    for base, _, names in os.walk(src):
        for name in names:
            if name.endswith((".h", ".cpp")):
                full = os.path.join(base, name)
                text[os.path.relpath(full, src)] = open(full, encoding="utf-8").read()
    includes = {p: [q for q in LOCAL.findall(t) if q in text] for p, t in text.items()}
    problems = []

    # Folder order.
    arrows = set()
    for path, targets in includes.items():
        a = folder_of(path)
        for target in targets:
            b = folder_of(target)
            if a == b:
                continue
            arrows.add((a, b))
            if a in LAYERS:
                ok = b in LAYERS and LAYERS.index(b) < LAYERS.index(a)
            elif a in UI_RANKS and b in UI_RANKS:
                ok = UI_RANKS[b] < UI_RANKS[a]
            elif a.startswith("ui"):
                ok = b in PROGRAMS["ui"]
            else:
                ok = b in PROGRAMS.get(a, set())
            if not ok:
                problems.append(f"{path} includes {target}: {a} may not depend on {b}")
        if (path.startswith("engine/") and path != "engine/session.cpp" and not path.startswith("engine/repro/")
                and "engine/session.h" in targets):
            problems.append(f"{path} includes engine/session.h: only the programs above the engine do")

    # File cycles (iterative DFS, colours: 0 new, 1 on the stack, 2 done).
    colour = {p: 0 for p in text}
    for start in sorted(text):
        if colour[start]:
            continue
        stack = [(start, iter(includes[start]))]
        colour[start] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                colour[node] = 2
                stack.pop()
            elif colour[nxt] == 1:
                cycle = [n for n, _ in stack][[n for n, _ in stack].index(nxt):] + [nxt]
                problems.append("include cycle: " + " -> ".join(cycle))
            elif colour[nxt] == 0:
                colour[nxt] = 1
                stack.append((nxt, iter(includes[nxt])))

    # Qt stays out of the engine; torch stays out of Qt code.
    for path, t in text.items():
        if path.startswith("engine/") and QT.search(t):
            problems.append(f"{path} includes a Qt header: the engine is Qt-free")
    reaches = {}

    def reaches_torch(path, seen=()):
        if path not in reaches:
            reaches[path] = None  # in progress (cycles are reported above)
            reaches[path] = bool(TORCH.search(text[path])) or any(
                reaches_torch(q) for q in includes[path] if reaches.get(q, False) is not None)
        return bool(reaches[path])

    for path in sorted(text):
        if program_of(folder_of(path)) in ("ui", "widgets") and reaches_torch(path):
            chain = [path]
            while not TORCH.search(text[chain[-1]]):
                chain.append(next(q for q in includes[chain[-1]] if reaches_torch(q)))
            problems.append("torch is reachable from Qt code: " + " -> ".join(chain))

    for path in sorted(text):
        folder = folder_of(path)
        if folder.startswith("ui/") and folder not in UI_RANKS:
            problems.append(f"{path}: {folder} is not one of the app's rooms (UI_RANKS)")
    problems += check_build_lists(root)
    for p in problems:
        print("layering:", p)
    print(f"layering: {len(text)} files, {len(arrows)} folder arrows, {len(problems)} problems")
    return 1 if problems else 0


def check_build_lists(root):
    """Each source in a TORCH/PLAIN list of the CMake files reaches torch, or not, as listed."""
    problems = []
    lists = [("src/engine/sources.cmake", "TRAINSCOPE_ENGINE", "src/engine"),
             ("tests/CMakeLists.txt", "TRAINSCOPE_TEST", "tests")]
    for cmake, prefix, base in lists:
        text = open(os.path.join(root, cmake), encoding="utf-8").read()
        for kind, want in (("TORCH", True), ("PLAIN", False)):
            block = re.search(r"set\(%s_%s_SOURCES\s+(.*?)\)" % (prefix, kind), text, re.S)
            if not block:
                problems.append(f"{cmake}: no {prefix}_{kind}_SOURCES list")
                continue
            for name in block.group(1).split():
                path = os.path.join(root, base, name)
                if reaches_torch_file(path, root) != want:
                    problems.append(f"{cmake}: {name} is in the {kind.lower()} list but "
                                    f"{'does not reach' if want else 'reaches'} torch")
    return problems


def reaches_torch_file(path, root, seen=None):
    """Whether a file includes torch, directly or through project headers."""
    seen = set() if seen is None else seen
    if path in seen or not os.path.exists(path):
        return False
    seen.add(path)
    text = open(path, encoding="utf-8").read()
    if TORCH.search(text):
        return True
    for inc in LOCAL.findall(text):
        for candidate in (os.path.join(root, "src", inc), os.path.join(os.path.dirname(path), inc),
                          os.path.join(root, "tests/engine", inc)):
            if os.path.exists(candidate):
                if reaches_torch_file(os.path.normpath(candidate), root, seen):
                    return True
                break
    return False


if __name__ == "__main__":
    sys.exit(main())
