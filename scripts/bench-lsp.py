#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How long `cuda-lint lsp` takes from an edit to its diagnostics (issue 18).

    scripts/bench-lsp.py --cuda-lint build/analyzer/cuda-lint [--edits N] [-p BUILD] FILE...

For each FILE it starts the server, opens the file, waits for the first diagnostics (cold: the
preamble is built), then makes N edits one at a time (a comment line appended to the buffer,
nothing saved) and times each from didChange to the publishDiagnostics of that version. It
prints the first-open time and the median and max of the warm edits. The debounce (150 ms) is
part of every warm time.
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "test", "lit", "lsp", "Inputs"))
from lsp_client import Client  # noqa: E402


def bench(cuda_lint, path, edits, build):
    uri = "file://" + os.path.abspath(path)
    c = Client([cuda_lint, "lsp"] + (["-p", build] if build else []))
    c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    c.send("initialized", {}, request=False)
    text = open(path, encoding="utf-8", errors="surrogateescape").read()

    def published(v):
        return lambda m: m.get("method") == "textDocument/publishDiagnostics" and \
            m["params"]["uri"] == uri and m["params"].get("version") == v
    t = time.perf_counter()
    c.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cuda",
                                                     "version": 1, "text": text}}, False)
    first = c.wait(published(1), timeout=600)
    t_open = time.perf_counter() - t
    times = []
    for v in range(2, edits + 2):
        text += f"\n// edit {v}\n"
        t = time.perf_counter()
        c.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                                          "contentChanges": [{"text": text}]}, False)
        c.wait(published(v), timeout=600)
        times.append(time.perf_counter() - t)
    c.request("shutdown", None)
    c.send("exit", None, False)
    c.proc.wait(timeout=60)
    return t_open, times, len(first["params"]["diagnostics"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cuda-lint", required=True)
    ap.add_argument("--edits", type=int, default=10)
    ap.add_argument("-p", help="build directory with compile_commands.json")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    for f in args.files:
        t_open, times, n = bench(args.cuda_lint, f, args.edits, args.p)
        print(f"{os.path.relpath(f)}: {n} diagnostics; open {t_open:.2f} s; edit -> diagnostics "
              f"median {statistics.median(times):.2f} s, max {max(times):.2f} s ({len(times)} edits)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
