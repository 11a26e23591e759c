#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compares the verdicts of two sets of `cuda-lint confirm --format json` reports, finding by
finding (the same findings in the same order):

  compare_reports.py OLD_DIR NEW_DIR [--suffix _ncu.json]

Each OLD_DIR/NAME<suffix> is compared with NEW_DIR/NAME<suffix>. A finding differs when its
verdict differs, or when its reason differs once the parts that vary from run to run are masked
(kernel and waiting times in ms, a kernel's share of the program's GPU time). Prints each
difference, then a count; exits 1 when a verdict differs."""

import argparse
import glob
import json
import os
import re
import sys

_VARYING = [(re.compile(r"\d+\.\d+ ms"), "<t> ms"),
            (re.compile(r"\(\d+\.\d+% of the program's GPU time\)"), "(<share>)"),
            (re.compile(r"\d+ launches were queued while"), "<n> launches were queued while")]


def stem(reason):
    for pattern, mask in _VARYING:
        reason = pattern.sub(mask, reason)
    return reason


def compare(old, new):
    """[(kind, old result, new result)] of the findings whose verdict or reason stem differ."""
    out = []
    if len(old) != len(new):
        return [("findings", {"count": len(old)}, {"count": len(new)})]
    for a, b in zip(old, new):
        if (a.get("file"), a.get("line"), a.get("rule")) != \
                (b.get("file"), b.get("line"), b.get("rule")):
            out.append(("finding", a, b))
        elif a["verdict"] != b["verdict"]:
            out.append(("verdict", a, b))
        elif stem(a["reason"]) != stem(b["reason"]):
            out.append(("reason", a, b))
    return out


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--suffix", default="_ncu.json")
    args = parser.parse_args(argv)
    total = verdicts = reasons = missing = 0
    for path in sorted(glob.glob(os.path.join(args.old, "*" + args.suffix))):
        name = os.path.basename(path)[:-len(args.suffix)]
        other = os.path.join(args.new, name + args.suffix)
        if not os.path.exists(other):
            print("%s: no new report" % name)
            missing += 1
            continue
        with open(path) as f:
            old = json.load(f)["results"]
        with open(other) as f:
            new = json.load(f)["results"]
        total += len(old)
        for kind, a, b in compare(old, new):
            if kind == "reason":
                reasons += 1
            else:
                verdicts += 1
            print("%s %s:%s [%s]: %s differs\n  old: %s: %s\n  new: %s: %s" % (
                name, os.path.basename(a.get("file") or "?"), a.get("line"), a.get("rule"),
                kind, a.get("verdict"), a.get("reason"), b.get("verdict"), b.get("reason")))
    print("%d findings compared: %d verdicts differ, %d reasons differ (times masked), "
          "%d reports missing" % (total, verdicts, reasons, missing))
    return 1 if verdicts or missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
