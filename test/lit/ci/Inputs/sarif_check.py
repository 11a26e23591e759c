#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks the structure of a cuda-lint SARIF file and prints a summary for FileCheck.

usage: sarif_check.py FILE
Fails (exit 1) when a rule lacks id, descriptions, helpUri or default level, or a result lacks
ruleId, a ruleIndex that points at its rule, level, message, a %SRCROOT%-relative location with a
region, or a fingerprint. Prints the rules (id=level, the ones named in Expected below, in
registry order), then one line per result, then the number of distinct fingerprints.
"""
import json
import sys

doc = json.load(open(sys.argv[1]))
problems = []
assert doc["version"] == "2.1.0", doc["version"]
run = doc["runs"][0]
rules = run["tool"]["driver"]["rules"]
for r in rules:
    for key in ("id", "shortDescription", "fullDescription", "helpUri", "defaultConfiguration"):
        if key not in r:
            problems.append("rule %s lacks %s" % (r.get("id"), key))
    if not r.get("fullDescription", {}).get("text"):
        problems.append("rule %s has an empty full description" % r.get("id"))
shown = ("default-stream-launch", "missing-launch-bounds", "unmatched-nolint", "unused-nolint")
print("rules: " + " ".join("%s=%s" % (r["id"], r["defaultConfiguration"]["level"])
                           for r in rules if r["id"] in shown))
prints = set()
for res in run["results"]:
    rid = res.get("ruleId")
    idx = res.get("ruleIndex")
    if idx is None or rules[idx]["id"] != rid:
        problems.append("result %s: ruleIndex %s does not name it" % (rid, idx))
    if not res.get("message", {}).get("text") or res.get("level") not in ("note", "warning", "error"):
        problems.append("result %s lacks message or level" % rid)
    loc = res["locations"][0]["physicalLocation"]
    art, reg = loc["artifactLocation"], loc["region"]
    if art.get("uriBaseId") != "%SRCROOT%":
        problems.append("result %s: %s is not relative to %%SRCROOT%%" % (rid, art["uri"]))
    fp = res.get("partialFingerprints", {}).get("cudaLint/v1")
    if not fp:
        problems.append("result %s has no fingerprint" % rid)
    prints.add(fp)
    line = "result: %s %s %s:%d:%d-%d:%d" % (rid, res["level"], art["uri"], reg["startLine"],
                                            reg["startColumn"], reg["endLine"], reg["endColumn"])
    if res.get("fixes"):
        line += " fixes=%d" % len(res["fixes"])
    print(line)
for p in problems:
    print("problem: " + p)
if problems:
    sys.exit(1)
print("ok: %d results, %d distinct fingerprints" % (len(run["results"]), len(prints)))
