#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Builds the reference programs of kernels/manifest.json with nvcc, one executable each, and
checks that every kernel the manifest names (by mangled name) is one nvcc compiled.

  build_programs.py [--nvcc PATH] [--arch sm_90] [--manifest FILE] --out DIR [--only NAME,...]

Prints one line per program and exits 1 if a program fails to compile or the manifest names a
kernel that nvcc's resource report (--resource-usage) does not list. Importable: the bench uses
build() to make the programs it cannot find.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS_DIR = os.path.dirname(HERE)
DEFAULT_MANIFEST = os.path.join(KERNELS_DIR, "manifest.json")

ENTRY = re.compile(r"Compiling entry function '([^']+)' for '(sm_\d+a?)'")


def load_manifest(path=DEFAULT_MANIFEST):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def find_nvcc(explicit=None):
    if explicit:
        return explicit
    cuda = os.environ.get("CUDA_PATH", "/usr/local/cuda")
    candidate = os.path.join(cuda, "bin", "nvcc")
    return candidate if os.access(candidate, os.X_OK) else shutil.which("nvcc")


def compile_program(nvcc, source, out, arch):
    """Compiles one program; returns (ok, the set of compiled entry names, nvcc's output)."""
    cmd = [nvcc, "-arch=" + arch, "-std=c++17", "-O3", "-lineinfo", "--resource-usage",
           "-I", KERNELS_DIR, "-o", out, source]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    entries = {m.group(1) for m in ENTRY.finditer(proc.stdout)}
    return proc.returncode == 0, entries, proc.stdout


def build(manifest, out_dir, nvcc=None, arch=None, only=None, log=print):
    """Compiles the manifest's programs into out_dir; returns {name: (ok, path, problems)}."""
    nvcc = find_nvcc(nvcc)
    if not nvcc:
        raise RuntimeError("nvcc not found (set CUDA_PATH or pass --nvcc)")
    arch = arch or manifest.get("arch", "sm_90")
    os.makedirs(out_dir, exist_ok=True)
    results = {}
    for program in manifest["programs"]:
        if only and program["name"] not in only:
            continue
        source = os.path.join(KERNELS_DIR, program["source"])
        path = os.path.join(out_dir, program["name"])
        ok, entries, output = compile_program(nvcc, source, path, arch)
        problems = [] if ok else ["nvcc failed:\n" + output]
        if ok:
            for k in program["kernels"]:
                if k["kernel"] not in entries:
                    problems.append("manifest names %s (%s), which nvcc did not compile; "
                                    "compiled: %s" % (k["kernel"], k["case"],
                                                      ", ".join(sorted(entries))))
        results[program["name"]] = (not problems, path, problems)
        log("%s %s (%d kernels)" % ("built" if not problems else "FAILED", program["name"],
                                    len(entries)))
        for p in problems:
            log("  " + p)
    return results


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nvcc")
    parser.add_argument("--arch")
    parser.add_argument("--manifest", default=DEFAULT_MANIFEST)
    parser.add_argument("--out", required=True)
    parser.add_argument("--only", help="comma-separated program names")
    args = parser.parse_args(argv)
    manifest = load_manifest(args.manifest)
    only = set(args.only.split(",")) if args.only else None
    try:
        results = build(manifest, args.out, nvcc=args.nvcc, arch=args.arch, only=only)
    except RuntimeError as e:
        print("build_programs: error: %s" % e, file=sys.stderr)
        return 2
    return 0 if results and all(ok for ok, _, _ in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
