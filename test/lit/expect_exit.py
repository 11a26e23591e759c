#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs a command and fails unless it exits with the expected code.

usage: expect_exit.py CODE [--stdout FILE] [--stderr FILE] -- CMD ARGS...
Its own output is the command's, so FileCheck can read it afterwards.
"""
import subprocess
import sys

args = sys.argv[1:]
code = int(args.pop(0))
out = err = None
while args and args[0] != "--":
    opt, path = args.pop(0), args.pop(0)
    if opt == "--stdout":
        out = open(path, "w")
    elif opt == "--stderr":
        err = open(path, "w")
    else:
        sys.exit(f"expect_exit.py: unknown option {opt}")
args.pop(0)
proc = subprocess.run(args, stdout=out, stderr=err)
if proc.returncode != code:
    sys.stderr.write(f"expect_exit.py: expected exit code {code}, got {proc.returncode}: {' '.join(args)}\n")
    sys.exit(1)
