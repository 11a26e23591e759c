#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Validates SARIF files with Microsoft's SARIF multitool; fails on any error it reports.

usage: sarif_validate.py MULTITOOL FILE...
`Sarif.Multitool validate` exits 0 even when the file breaks the schema or the SARIF rules, so
its output is read instead: every `error` line is printed and makes this script exit 1. Warnings
and notes (style advice) are printed and counted but do not fail.
"""
import os
import re
import subprocess
import sys

multitool, files = sys.argv[1], sys.argv[2:]
env = dict(os.environ, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT="1", DOTNET_CLI_TELEMETRY_OPTOUT="1")
proc = subprocess.run([multitool, "validate", *files], stdout=subprocess.PIPE,
                      stderr=subprocess.STDOUT, text=True, env=env, timeout=300)
out = proc.stdout
errors = [l for l in out.splitlines() if re.search(r"\berror\b [A-Z]+\d+", l)]
warnings = [l for l in out.splitlines() if re.search(r"\bwarning\b [A-Z]+\d+", l)]
scanned = re.search(r"Done\. (\d+) files? scanned", out)
for line in errors + warnings:
    print(line)
if proc.returncode != 0 or not scanned or int(scanned.group(1)) != len(files):
    print(out)
    print("sarif_validate.py: the multitool did not validate %d file(s) (exit %d)"
          % (len(files), proc.returncode))
    sys.exit(2)
print("sarif-validate: %d error(s), %d warning(s)" % (len(errors), len(warnings)))
sys.exit(1 if errors else 0)
