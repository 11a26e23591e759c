# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks cuda-lint's JSON report for test/lit/output/Inputs/launches.cu (see json.test)."""
import json
import sys

doc = json.load(open(sys.argv[1]))
assert doc["version"] == 1, doc
assert doc["tool"]["name"] == "cuda-lint" and doc["tool"]["version"], doc["tool"]
assert doc["errors"] == [], doc["errors"]
assert doc["summary"] == {"warnings": 2, "errors": 0, "notes": 0, "files": 1,
                          "translation_units": 1, "failed_translation_units": 0,
                          "translation_units_with_compile_errors": 0, "fixed": 0,
                          "baselined": 0}, doc["summary"]
by_rule = {f["rule"]: f for f in doc["findings"]}
assert set(by_rule) == {"default-stream-launch", "block-size-not-multiple-of-32"}, by_rule.keys()
for f in doc["findings"]:
    assert f["file"].endswith("/Inputs/launches.cu") and f["file"].startswith("/"), f["file"]
    assert (f["line"], f["column"], f["end_line"]) == (3, 3, 3), f
    assert f["end_column"] == 41, f
    assert f["severity"] == "warning", f
    assert f["kernel"] == {"name": "_Z1kPf", "demangled": "k"}, f["kernel"]
    assert f["launch"]["grid"] == [4, 2, 1] and f["launch"]["block"] == [40, 2, 1], f["launch"]
    assert f["launch"]["dynamic_smem"] == 128, f["launch"]
    assert f["fixits"] == [], f
assert by_rule["default-stream-launch"]["launch"]["stream"] == "default"
# The message is one short line; the why and the fix are notes without a location of their own.
assert by_rule["block-size-not-multiple-of-32"]["message"] == \
    "block of 80 threads (40x2x1) fills 3 warps: 16 of 96 lanes (16.7%) idle"
assert by_rule["block-size-not-multiple-of-32"]["notes"] == [
    {"message": "a warp always occupies 32 lanes, so idle lanes still take issue slots, registers "
                "and occupancy"},
    {"message": "use 64 or 96 threads per block"}], by_rule["block-size-not-multiple-of-32"]["notes"]
assert by_rule["default-stream-launch"]["message"] == \
    "kernel 'k' is launched on the legacy default stream (no stream argument)"
assert by_rule["default-stream-launch"]["notes"] == [
    {"message": "it waits for all earlier work in every blocking stream and later work waits for "
                "it, so nothing overlaps with this kernel"},
    {"message": "pass a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "
                "or compile with --default-stream per-thread"}], by_rule["default-stream-launch"]["notes"]
print("json ok")
