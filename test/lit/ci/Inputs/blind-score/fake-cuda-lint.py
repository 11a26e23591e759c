#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Stands in for cuda-lint in blind-score.test: prints the report of FAKE_REPORT, with its notes
# only under --pedantic, as cuda-lint does.
import json
import os
import sys

with open(os.environ["FAKE_REPORT"]) as f:
    report = json.load(f)
if "--pedantic" not in sys.argv:
    report["findings"] = [x for x in report["findings"] if x["severity"] != "note"]
json.dump(report, sys.stdout)
