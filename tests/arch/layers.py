#!/usr/bin/env python3
"""layers.py - checks that every #include "..." in src/ and kernels/ points
down the architecture of docs/architecture.md: a folder may include its own
headers and those of the folders listed for it below, nothing else.
Prints each include that points the wrong way and exits 1; exits 0 when
none does. Usage: layers.py SOURCE_ROOT"""

import os
import re
import sys

# Each folder and the folders it may include from (besides itself). The
# order is the layers' order, bottom first; a folder names only folders
# listed before it.
LAYERS = [
    ("common", []),
    ("jsonread", ["common"]),
    ("trace", ["common", "jsonread"]),
    ("kernels", ["trace"]),
    ("scan", ["common", "trace", "kernels"]),
    ("emu", ["common", "trace", "kernels", "scan"]),
    ("gpu", ["common", "trace", "kernels", "scan"]),
    ("run", ["common", "jsonread", "trace", "scan", "emu", "gpu"]),
    ("views", ["common", "trace", "kernels"]),
    ("render", ["common", "trace", "views"]),
    ("export", ["common", "trace", "views", "render"]),
    ("output", ["common", "trace", "views", "render", "export"]),
    ("student", ["common", "trace", "kernels", "scan", "emu", "gpu", "run"]),
    ("lesson", ["common", "jsonread", "trace", "scan", "run", "views",
                "student"]),
    ("bench", ["common", "jsonread", "trace", "kernels", "scan", "gpu", "run",
               "views", "render", "output"]),
    ("gui", ["common", "jsonread", "trace", "kernels", "scan", "run", "views",
             "render", "output", "export", "lesson", "bench"]),
    ("cli", ["common", "jsonread", "trace", "kernels", "scan", "emu", "gpu",
             "run", "views", "render", "output", "export", "lesson", "student",
             "bench", "gui"]),
]

# Headers a folder may not include even though their folder is below it:
# the views turn a trace into a scene and touch no file.
FORBIDDEN = {
    "views": {"out_file.h", "in_file.h", "data_path.h"},
}

SOURCE = re.compile(r"\.(c|h|cu|cuh|def)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def folder_of(root, path):
    rel = os.path.relpath(path, root).split(os.sep)
    if rel[0] == "kernels":
        return "kernels"
    if rel[0] == "src" and len(rel) > 2:
        return rel[1]
    return None


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    allowed = {name: set(deps) | {name} for name, deps in LAYERS}
    order = [name for name, _ in LAYERS]
    for name, deps in LAYERS:
        for d in deps:
            if order.index(d) >= order.index(name):
                print(f"layers.py: {name} names {d}, a layer above it")
                return 2
    home = {}  # header file name -> folder
    files = []
    for top in ("src", "kernels"):
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            for n in sorted(names):
                if SOURCE.search(n):
                    path = os.path.join(dirpath, n)
                    files.append(path)
                    home.setdefault(n, folder_of(root, path))
    wrong = 0
    for path in sorted(files):
        src = folder_of(root, path)
        if src not in allowed:
            print(f"{os.path.relpath(path, root)}: folder '{src}' is not "
                  "in the layer list of tests/arch/layers.py")
            wrong += 1
            continue
        text = open(path, encoding="utf-8", errors="replace").read()
        for m in INCLUDE.finditer(text):
            name = os.path.basename(m.group(1))
            dst = home.get(name)
            if name in FORBIDDEN.get(src, ()):
                dst = dst + " (no file I/O there)"
            elif dst is None or dst in allowed[src]:
                continue  # generated or system headers, or allowed
            line = text.count("\n", 0, m.start()) + 1
            print(f"{os.path.relpath(path, root)}:{line}: {src} includes "
                  f"{m.group(1)} of {dst}, which it may not")
            wrong += 1
    print(f"{len(files)} files, {wrong} includes pointing the wrong way")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
