#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks cuda-lint's findings on kernels/ against kernels/manifest.json: every anti-pattern
kernel must get each of its rules (recall) and nothing else may be reported in those files, the
fixed twins and the idioms that the rules report only as --pedantic notes (role "note") included
(precision).

  check_manifest.py --findings FILE [--manifest FILE] [--skip-ptxas-rules]

FILE is `cuda-lint --format=json` output for the kernels/ sources ("-" reads stdin). A finding is
attributed to a kernel by its mangled name ("kernel"."name", Clang's `__device_stub__` host name
mapped to the kernel's), or for a non-template kernel by the bare function name of
"kernel"."demangled", or, for a finding that names no kernel, by the line: a finding inside a
kernel's definition (from `__global__` to its closing brace) is that kernel's, and one inside the
host function a case names ("host_function", for anti-patterns of host code such as a copy) is
that case's.
--skip-ptxas-rules leaves out the rules that need a ptxas report (manifest "ptxas_rules") when
cuda-lint ran without one. Exit 0 when everything
matches, 1 otherwise (each problem on its own line).
"""

import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import build_programs  # noqa: E402
from confirm_verdict import base_name, device_name  # noqa: E402


def _same_file(finding_file, source):
    if not finding_file:
        return False
    a = os.path.realpath(finding_file)
    b = os.path.realpath(os.path.join(build_programs.KERNELS_DIR, source))
    return a == b or finding_file.replace("\\", "/").endswith("kernels/" + source)


def kernel_lines(source, program):
    """{case: (first line, last line)} of each manifest kernel's definition in `source`, or of the
    host function that holds a case's anti-pattern ("host_function": a copy, not a kernel)."""
    ranges = {}
    for k in program["kernels"]:
        if k.get("host_function"):
            m = re.search(r"^[\w:<>*& ]*\b%s\s*\([^;{]*\)\s*(?={)"
                          % re.escape(k["host_function"]), source, re.M)
        else:
            name = re.escape(re.sub(r"<.*", "", k["case"]))
            m = re.search(r"__global__\s+void\s+(__launch_bounds__\([^)]*\)\s*)?%s\s*\(" % name,
                          source)
        if not m:
            continue
        brace = source.find("{", m.end())
        depth, pos = 0, brace
        while pos < len(source):
            depth += {"{": 1, "}": -1}.get(source[pos], 0)
            if depth == 0:
                break
            pos += 1
        ranges[k["case"]] = (source.count("\n", 0, m.start()) + 1, source.count("\n", 0, pos) + 1)
    return ranges


def attribute(finding, program, ranges=None):
    """The manifest kernel entry a finding is about, or None."""
    kernel = finding.get("kernel") or {}
    name = device_name(kernel.get("name"))
    for k in program["kernels"]:
        if name == k["kernel"]:
            return k
    bare = base_name(kernel.get("demangled"))
    if bare:
        for k in program["kernels"]:
            if "<" not in k["case"] and bare.split("::")[-1] == k["case"]:
                return k
    if not kernel and ranges:
        line = finding.get("line") or 0
        for k in program["kernels"]:
            first, last = ranges.get(k["case"], (0, -1))
            if first <= line <= last:
                return k
    return None


def check(manifest, doc, skip_ptxas=False):
    """List of problems (empty when cuda-lint's findings match the manifest)."""
    skipped = set(manifest.get("ptxas_rules", [])) if skip_ptxas else set()
    findings = doc.get("findings", [])
    problems = []
    for err in doc.get("errors", []):
        for program in manifest["programs"]:
            if _same_file(err.get("file"), program["source"]):
                problems.append("%s: analysis error: %s" % (program["source"], err.get("message")))
    for program in manifest["programs"]:
        mine = [f for f in findings if _same_file(f.get("file"), program["source"])]
        with open(os.path.join(build_programs.KERNELS_DIR, program["source"])) as src:
            ranges = kernel_lines(src.read(), program)
        reported = {}
        for f in mine:
            k = attribute(f, program, ranges)
            rule = f.get("rule")
            where = "%s:%s:%s" % (program["source"], f.get("line"), f.get("column"))
            if k is None:
                problems.append("%s: unexpected [%s] outside the manifest's kernels: %s"
                                % (where, rule, f.get("message")))
            elif rule not in k["rules"] and rule not in k.get("also", []):
                problems.append("%s: unexpected [%s] on %s kernel %s: %s"
                                % (where, rule, k["role"], k["case"], f.get("message")))
            elif rule in k["rules"]:
                reported.setdefault(k["case"], set()).add(rule)
        for k in program["kernels"]:
            for rule in k["rules"]:
                if rule not in skipped and rule not in reported.get(k["case"], set()):
                    problems.append("%s: missing [%s] on anti-pattern kernel %s (%s)"
                                    % (program["source"], rule, k["case"], k["kernel"]))
    return problems


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--findings", required=True)
    parser.add_argument("--manifest", default=build_programs.DEFAULT_MANIFEST)
    parser.add_argument("--skip-ptxas-rules", action="store_true")
    args = parser.parse_args(argv)
    manifest = build_programs.load_manifest(args.manifest)
    try:
        text = sys.stdin.read() if args.findings == "-" else open(args.findings).read()
        doc = json.loads(text)
    except (OSError, ValueError) as e:
        print("check_manifest: cannot read findings: %s" % e)
        return 1
    problems = check(manifest, doc, args.skip_ptxas_rules)
    anti = sum(1 for p in manifest["programs"] for k in p["kernels"] if k["role"] == "anti")
    fixed = sum(1 for p in manifest["programs"] for k in p["kernels"] if k["role"] == "fixed")
    notes = sum(1 for p in manifest["programs"] for k in p["kernels"] if k["role"] == "note")
    for p in problems:
        print(p)
    print("%s: %d anti-pattern kernels, %d idioms reported only as notes, %d fixed twins, "
          "%d problems" % ("FAIL" if problems else "PASS", anti, notes, fixed, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
