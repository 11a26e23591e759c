#!/usr/bin/env python3
"""Fails when an #include points up the layers (docs/design.md, "Layers").

    analyzer/  ->  rules/  ->  rules/analysis/  ->  ptxas_parse/

A file may include headers of its own folder and of the folders below it, never above. Prints
each upward include as FILE:LINE: message and exits 1 if there is one.
"""
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
# Lower number = lower layer.
LAYERS = {"ptxas_parse": 0, "rules/analysis": 1, "rules": 2, "analyzer": 3}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layer_of(path):
    """The layer a path (relative to ROOT, '/'-separated) belongs to, or None."""
    best = None
    for folder in LAYERS:
        if path.startswith(folder + "/") and (best is None or len(folder) > len(best)):
            best = folder
    return best


def main():
    bad = 0
    checked = 0
    for folder in LAYERS:
        for dirpath, _, files in os.walk(os.path.join(ROOT, folder)):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                full = os.path.join(dirpath, name)
                rel = os.path.relpath(full, ROOT).replace(os.sep, "/")
                mine = layer_of(rel)
                with open(full, encoding="utf-8", errors="replace") as f:
                    for lineno, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        target = layer_of(m.group(1))
                        checked += 1
                        if target is not None and LAYERS[target] > LAYERS[mine]:
                            print(f"{rel}:{lineno}: includes {m.group(1)} from {target}/, a layer above {mine}/")
                            bad += 1
    print(f"check-layers: {checked} includes checked, {bad} upward")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
