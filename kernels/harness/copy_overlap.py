#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""copy_overlap.py: what the timeline of a `cuda-lint confirm` recording says of each copy.

  copy_overlap.py RECORDS.jsonl [--min-bytes N]

Reads the "memcpy" and "kernel" records that the confirm injection library writes (CUPTI activity:
a copy's source and destination memory kinds, its stream and its start and end) and prints one
line per host-device copy of at least --min-bytes (default 1 MiB): its direction, the host side's
memory kind (pageable or pinned), its duration, and how much of it ran while a kernel of another
stream was running (the overlap that an asynchronous copy on its own stream is written for).
Exits 0; prints nothing but the header when the recording has no such copy.
"""

import argparse
import json
import sys

from confirm_copies import covered_ns

_DIRECTION = {1: "HtoD", 2: "DtoH"}  # CUpti_ActivityMemcpyKind


def load(path):
    copies, kernels = [], []
    with open(path) as f:
        for raw in f:
            try:
                rec = json.loads(raw)
            except ValueError:
                continue
            if rec.get("type") == "memcpy":
                copies.append(rec)
            elif rec.get("type") == "kernel" and rec.get("end", 0) > rec.get("start", 0):
                kernels.append(rec)
    return copies, kernels


def overlap_ns(copy, kernels):
    """Nanoseconds of `copy` during which a kernel of another stream ran (intervals merged)."""
    return covered_ns(copy["start"], copy["end"],
                      [(k["start"], k["end"]) for k in kernels
                       if k.get("stream_id") != copy.get("stream_id")])


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("records")
    parser.add_argument("--min-bytes", type=int, default=1 << 20)
    args = parser.parse_args(argv)
    copies, kernels = load(args.records)
    print("direction  host      MiB      copy ms  overlapped ms  overlapped %")
    for c in copies:
        direction = _DIRECTION.get(c.get("copy_kind"))
        if not direction or c.get("bytes", 0) < args.min_bytes:
            continue
        host = c.get("src_kind") if direction == "HtoD" else c.get("dst_kind")
        ns = c["end"] - c["start"]
        both = overlap_ns(c, kernels)
        print("%-10s %-9s %7.1f %10.3f %14.3f %12.1f" % (
            direction, host, c["bytes"] / 2.0 ** 20, ns / 1e6, both / 1e6,
            100.0 * both / ns if ns else 0.0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
