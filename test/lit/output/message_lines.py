# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Every finding's message line is short (at most 120 characters) and its notes are not empty.

A quoted C++ name ('ns::kernel<float>') is never cut, since two kernels sharing a long prefix would
then read the same (issue 38); it counts as at most NAME characters, what a cut name would take.

Runs cuda-lint (JSON, --pedantic, --report-unused-suppressions) over every CUDA file of the test
corpus and the bundled kernels, plus the ptxas-based rules on their input with nvcc's report when
nvcc is there, and prints each message that breaks the rule. Exit 1 when one does.

    message_lines.py CUDA_LINT SRC_ROOT [NVCC]
"""
import json
import os
import re
import subprocess
import sys
import tempfile

MAX = 120
NAME = 40
QUOTED_NAME = re.compile(r"'([A-Za-z_~][A-Za-z0-9_:~]*(?:<[^']*>)?)'")


def length(message):
    """The length of MESSAGE with each quoted name counted as at most NAME characters."""
    return len(message) - sum(max(0, len(m.group(1)) - NAME) for m in QUOTED_NAME.finditer(message))


def findings(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if out.returncode not in (0, 1, 2) or not out.stdout.strip():
        sys.exit(f"cuda-lint failed ({out.returncode}): {' '.join(cmd)}\n{out.stderr[-2000:]}")
    return json.loads(out.stdout)["findings"]


def main():
    cuda_lint, root = sys.argv[1], sys.argv[2]
    nvcc = sys.argv[3] if len(sys.argv) > 3 else None
    files = []
    for top in ("test/lit", "kernels"):
        for d, _, names in os.walk(os.path.join(root, top)):
            files += [os.path.join(d, n) for n in names if n.endswith((".cu", ".cuh"))]
    base = [cuda_lint, "--format=json", "--pedantic", "--report-unused-suppressions", "-j", "2"]
    all_findings = findings(base + sorted(files))
    if nvcc:
        src = os.path.join(root, "test/lit/ptxas-rules/Inputs/resources.cu")
        with tempfile.TemporaryDirectory() as tmp:
            log = os.path.join(tmp, "ptxas.log")
            with open(log, "w") as f:
                subprocess.run([nvcc, "-arch=sm_90", "--resource-usage", "-c", src,
                                "-o", os.path.join(tmp, "r.o")], stderr=f, check=True)
            for threshold in ("0.5", "0.9"):
                all_findings += findings(base + ["--ptxas-log=" + log,
                                                 "--occupancy-threshold=" + threshold, src])
            # register-spill and tail-effect on their inputs, with nvcc's report of each.
            for src, gpu in (("test/lit/ptxas-rules/Inputs/spills.cu", []),
                             ("test/lit/launch-shape/Inputs/grids.cu", ["--gpu=H100 SXM"])):
                src = os.path.join(root, src)
                with open(log, "w") as f:
                    subprocess.run([nvcc, "-arch=sm_90", "--resource-usage", "-c", src,
                                    "-o", os.path.join(tmp, "r.o")], stderr=f, check=True)
                all_findings += findings(base + gpu + ["--ptxas-log=" + log, src])
    rules = set()
    bad = 0
    for f in all_findings:
        rules.add(f["rule"])
        if f["rule"] == "clang-diagnostic-error":
            continue  # Clang's own wording
        if length(f["message"]) > MAX or "\n" in f["message"]:
            bad += 1
            print(f"too long ({length(f['message'])}): [{f['rule']}] {f['message']}")
        for n in f["notes"]:
            if not n["message"].strip():
                bad += 1
                print(f"empty note: [{f['rule']}] {f['message']}")
    print(f"{len(all_findings)} findings of {len(rules)} rules checked: {', '.join(sorted(rules))}")
    print(f"{bad} bad")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
