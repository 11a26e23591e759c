#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How soon the first finding appears: --sort=false (printed as each file is analysed, what a
terminal gets by default) against --sort (the whole report at the end), in one run of each.

    stream-latency.py CUDA_LINT PATH [-j N] [--rules IDS]

Prints, for each, the seconds to the first finding line on stdout and to the end, and the ratio
of the two first-finding times. Both runs use --no-cache and the same -j.
"""
import argparse
import subprocess
import time


def measure(cmd):
    start = time.monotonic()
    first = None
    lines = 0
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                          bufsize=1) as p:
        for line in p.stdout:
            if ": warning: " in line or ": error: " in line or ": note: " in line:
                lines += 1
                if first is None:
                    first = time.monotonic() - start
    return first, time.monotonic() - start, lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cuda_lint")
    ap.add_argument("path")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--rules", default="")
    a = ap.parse_args()
    base = [a.cuda_lint, "--format=concise", "--no-cache", "-j", str(a.j)]
    if a.rules:
        base.append("--rules=" + a.rules)
    results = {}
    for mode in ("--sort=false", "--sort"):
        first, total, lines = measure(base + [mode, a.path])
        results[mode] = first
        print(f"{mode:13} first finding after {first:6.1f} s, end after {total:6.1f} s, "
              f"{lines} finding lines")
    print(f"first finding: --sort=false {results['--sort'] / results['--sort=false']:.1f}x sooner")


if __name__ == "__main__":
    main()
