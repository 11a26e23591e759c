#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Time from a release tarball to cuda-lint's first finding on kernels/ (README, docs/install.md).

    scripts/bench-first-finding.py TARBALL [--runs N] [--jobs J]

Each run unpacks TARBALL into a fresh temporary directory (tar -xzf), then runs the unpacked
bin/cuda-lint --format=concise on this checkout's kernels/ and notes when the first finding line
arrives on stdout. Prints the unpack time, the time to the first finding and the total, for each
run and their medians. Each run starts with an empty result cache, as a first use does. A
benchmark to record, not a test: the numbers depend on the machine, its
load and the page cache (the first run reads the tarball from disk; later ones mostly do not).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def one_run(tarball, jobs):
    work = tempfile.mkdtemp(prefix="cuda-lint-first-finding-")
    try:
        start = time.monotonic()
        subprocess.run(["tar", "-xzf", tarball, "-C", work, "--strip-components=1"], check=True)
        unpacked = time.monotonic()
        cmd = [os.path.join(work, "bin", "cuda-lint"), "--format=concise", "-j", str(jobs),
               "kernels/"]
        # A first run: an empty result cache (in the run's own directory).
        env = dict(os.environ, NO_COLOR="1", XDG_CACHE_HOME=os.path.join(work, "cache"))
        env.pop("CUDA_LINT_NO_CACHE", None)
        env.pop("CUDA_LINT_CACHE_DIR", None)
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                text=True, env=env)
        first = None
        findings = 0
        for line in proc.stdout:
            if ": warning: " in line or ": error: " in line:
                findings += 1
                if first is None:
                    first = time.monotonic()
        proc.wait()
        done = time.monotonic()
        if first is None or proc.returncode not in (0, 1):
            sys.exit("no finding (exit status %d): %s" % (proc.returncode, " ".join(cmd)))
        return unpacked - start, first - unpacked, first - start, done - start, findings
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tarball")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    args = parser.parse_args()
    tarball = os.path.abspath(args.tarball)
    rows = []
    print("run  unpack_s  to_first_finding_s  total_to_first_s  total_run_s  findings")
    for i in range(args.runs):
        row = one_run(tarball, args.jobs)
        rows.append(row)
        print("%3d  %8.2f  %18.2f  %16.2f  %11.2f  %8d" % ((i + 1,) + row))
    med = [statistics.median(r[k] for r in rows) for k in range(4)]
    print("median: unpack %.2f s, then %.2f s to the first finding: %.2f s from the tarball "
          "(whole run %.2f s; %d cores, -j %d, %s)"
          % (med[0], med[1], med[2], med[3], os.cpu_count(), args.jobs,
             os.path.basename(tarball)))


if __name__ == "__main__":
    main()
