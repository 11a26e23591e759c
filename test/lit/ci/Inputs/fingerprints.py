#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Prints the fingerprints of a SARIF file's results, one `RULE FINGERPRINT` per line, sorted.

usage: fingerprints.py [--lines] FILE    (--lines appends each result's start line)
"""
import json
import sys

args = sys.argv[1:]
lines = args[0] == "--lines"
doc = json.load(open(args[-1]))
out = []
for r in doc["runs"][0]["results"]:
    entry = "%s %s" % (r["ruleId"], r["partialFingerprints"]["cudaLint/v1"])
    if lines:
        entry += " line %d" % r["locations"][0]["physicalLocation"]["region"]["startLine"]
    out.append(entry)
print("\n".join(sorted(out)))
