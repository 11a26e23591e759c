# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks the kernel names of cuda-lint's JSON report for Inputs/kernel_names.cu."""
import json
import sys

doc = json.load(open(sys.argv[1]))
found = {(f["rule"], f["line"]): f.get("kernel") for f in doc["findings"]}
tmpl = ["_Z4tmplILi128EEvPf", "_Z4tmplILi64EEvPf"]
assert found[("missing-launch-bounds", 4)] == {"name": "_Z8internalPf",
                                               "demangled": "internal"}, found
assert found[("missing-launch-bounds", 6)] == {"name": None, "demangled": "tmpl",
                                               "instantiations": tmpl}, found
divergent = found[("warp-divergent-branch", 7)]
assert divergent["instantiations"] == tmpl, divergent
assert divergent["name"] in tmpl, divergent
print("kernel names ok")
