#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks that a cuda-lint JSON or SARIF report names files losslessly.

usage: check_lossless.py REPORT EXPECTED_FILE...
Each EXPECTED_FILE (a path of any bytes) must be named in the report: JSON "file" values are
decoded with surrogateescape (docs/json-format.md), SARIF URIs are percent-decoded. Prints one
line per file found.
"""
import json
import os
import sys
import urllib.parse

report = json.load(open(sys.argv[1], encoding="utf-8"))
named = set()
if "runs" in report:
    base = report["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    for result in report["runs"][0]["results"]:
        loc = result["locations"][0]["physicalLocation"]["artifactLocation"]
        uri = loc["uri"]
        if loc.get("uriBaseId") == "%SRCROOT%":
            uri = base + uri
        named.add(urllib.parse.unquote_to_bytes(uri[len("file://"):]))
else:
    for finding in report["findings"]:
        named.add(finding["file"].encode("utf-8", "surrogateescape"))
status = 0
for path in sys.argv[2:]:
    want = os.path.realpath(os.fsencode(path))
    found = any(os.path.exists(n) and os.path.realpath(n) == want for n in named)
    print(("found " if found else "missing ") + os.path.basename(path))
    status |= not found
sys.exit(status)
