#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Stands in for a program run under the injection library: copies recorded activity (JSON lines
from a real run) into $CUDA_LINT_CONFIRM_OUT, so cuda_lint_confirm.py can be tested end to end on
a machine without a GPU. Usage: replay_records.py RECORDS.jsonl [EXIT_CODE]"""
import os
import sys

with open(sys.argv[1]) as src, open(os.environ["CUDA_LINT_CONFIRM_OUT"], "a") as dst:
    dst.write(src.read())
sys.exit(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
