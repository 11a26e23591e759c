#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Fails when an #include points up the layers (docs/design.md, "Layers").

    analyzer/cli/ -> lsp/ -> scale/ -> report/ -> run/ -> cache/ -> tu/ -> inputs/ -> support/
      -> rules/ -> rules/analysis/lanes/ -> rules/analysis/ -> ptxas_parse/

A file may include headers of its own folder and of the folders below it, never above. Prints
each upward include as FILE:LINE: message and exits 1 if there is one. --root checks another tree
laid out the same way (the test of this script does).
"""
import argparse
import os
import re
import sys

# Bottom first: a folder may include only folders at or before its own position.
ORDER = [
    "ptxas_parse",
    "rules/analysis",
    "rules/analysis/lanes",
    "rules",
    "analyzer/support",
    "analyzer/inputs",
    "analyzer/tu",
    "analyzer/cache",
    "analyzer/run",
    "analyzer/report",
    "analyzer/scale",
    "analyzer/lsp",
    "analyzer/cli",
    "analyzer",  # what is left directly in analyzer/: compat/, the headers parsed code includes
]
LAYERS = {folder: rank for rank, folder in enumerate(ORDER)}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layer_of(path):
    """The layer a path (relative to the root, '/'-separated) belongs to, or None."""
    best = None
    for folder in LAYERS:
        if path.startswith(folder + "/") and (best is None or len(folder) > len(best)):
            best = folder
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    root = os.path.abspath(ap.parse_args().root)
    bad = 0
    checked = 0
    for top in ("ptxas_parse", "rules", "analyzer"):
        for dirpath, _, files in sorted(os.walk(os.path.join(root, top))):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                full = os.path.join(dirpath, name)
                rel = os.path.relpath(full, root).replace(os.sep, "/")
                mine = layer_of(rel)
                with open(full, encoding="utf-8", errors="replace") as f:
                    for lineno, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        target = layer_of(m.group(1))
                        checked += 1
                        if target is not None and LAYERS[target] > LAYERS[mine]:
                            print(f"{rel}:{lineno}: includes {m.group(1)} from {target}/, "
                                  f"a layer above {mine}/")
                            bad += 1
    print(f"check-layers: {checked} includes checked, {bad} upward")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
