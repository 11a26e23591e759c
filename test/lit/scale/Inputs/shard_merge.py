# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs cuda-lint once over PATHS and again as N shards merged back, for every N and output
format given, and prints one line per comparison: stdout, stderr and exit code must be the same.

usage: shard_merge.py CUDA_LINT WORKDIR N[,N...] FORMAT[,FORMAT...] PATH...
"""
import os
import subprocess
import sys


def run(argv):
    p = subprocess.run(argv, capture_output=True)
    return p.returncode, p.stdout, p.stderr


def main():
    lint, work, counts, formats, paths = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
    os.makedirs(work, exist_ok=True)
    single = {f: run([lint, "--format=" + f] + paths) for f in formats.split(",")}
    for n in map(int, counts.split(",")):
        files = []
        analysed = 0
        for k in range(1, n + 1):
            facts = os.path.join(work, "shard-%d-of-%d.facts" % (k, n))
            code, out, err = run([lint, "--shard=%d/%d" % (k, n), "--export-facts", facts] + paths)
            if code != 0 or out:
                print("N=%d shard %d: exit %d, stdout %r, stderr %r" % (n, k, code, out, err))
                return 1
            analysed += int(err.split(b": ")[2].split()[0])
            files.append(facts)
        for f in formats.split(","):
            # The files in reverse: a merge does not depend on their order.
            merged = run([lint, "merge", "--format=" + f] + files[::-1])
            same = "same" if merged == single[f] else "DIFFERENT"
            print("N=%d %s: %s (exit %d, %d files analysed over the shards)" %
                  (n, f, same, merged[0], analysed))
            if merged != single[f]:
                sys.stdout.write(merged[1].decode() + merged[2].decode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
