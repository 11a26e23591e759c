#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""ncu_agreement.py: cuda-lint's launch-shape decisions against Nsight Compute's (issue 36 item 7).

  ncu_agreement.py --ncu DIR --findings FILE --occupancy FILE

DIR holds the raw CSV exports (`ncu --import R --csv --page details --print-kernel-base mangled
--print-units base`) of ncu runs of the harness programs with the LaunchStats and Occupancy
sections and the metrics launch__waves_per_multiprocessor, launch__grid_size, launch__sm_count
and l1tex__t_sectors_pipe_lsu_mem_local_op_{ld,st}.sum, one launch per kernel and configuration
(`--filter-mode per-launch-config --launch-count 1`). FILE (--findings) is `cuda-lint
--format=json` on the same sources with `--gpu` naming the GPU ncu ran on and the ptxas report of
the build ncu profiled; --occupancy is `cuda-lint occupancy --format=json --gpu` of that report
for the launches' block sizes.

For every profiled launch it compares
  - blocks per SM: cuda-lint's occupancy (active_blocks) against the least of ncu's Block Limit
    Registers / SM / Shared Mem / Warps / Barriers;
  - waves per SM: grid / cuda-lint's blocks of one wave, rounded as ncu prints it, against
    launch__waves_per_multiprocessor;
  - the decisions: ncu's LaunchConfiguration rule ("configured to execute only N blocks": a small
    grid; "N full waves and a partial wave": a tail effect) against cuda-lint's small-grid and
    tail-effect findings for that kernel and grid. Where they differ the reason must be one
    cuda-lint documents: a one-block launch (small-grid's exception), or a grid cuda-lint cannot
    see in the source (computed at run time: it then decides nothing, and its rule applied to its
    own waves is shown to give ncu's answer);
and per kernel that register-spill reports exactly the kernels with local-memory sectors.
Prints one line per launch and a summary; exits 1 on any other difference, 2 on unusable input.
"""

import argparse
import csv
import glob
import io
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from confirm_verdict import device_name  # noqa: E402

_LIMITS = ("Block Limit Registers", "Block Limit SM", "Block Limit Shared Mem",
           "Block Limit Warps", "Block Limit Barriers")
_SMALL = re.compile(r"configured to execute only (\d+) blocks?")
_TAIL = re.compile(r"results in (\d+) full waves? and a partial wave of (\d+) thread blocks")
_INT = re.compile(r"\d[\d,]*")


def _dims(text):
    return tuple(int(v) for v in re.findall(r"\d+", text or ""))


def _number(text):
    try:
        return float((text or "").replace(",", ""))
    except ValueError:
        return None


def read_ncu(directory):
    """[launch dict] of every profiled launch in DIR/*.csv, in file and ID order."""
    launches = []
    paths = sorted(glob.glob(os.path.join(directory, "*.csv")))
    if not paths:
        raise ValueError("no ncu CSV in %s" % directory)
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        start = text.find('"ID"')
        if start < 0:
            raise ValueError("%s is not an ncu details CSV export" % path)
        by_id = {}
        for row in csv.DictReader(io.StringIO(text[start:])):
            launch = by_id.setdefault(row["ID"], {
                "program": os.path.splitext(os.path.basename(path))[0],
                "kernel": row["Kernel Name"], "grid": _dims(row["Grid Size"]),
                "block": _dims(row["Block Size"]), "metrics": {}, "small": None, "tail": None})
            name, value = row.get("Metric Name"), row.get("Metric Value")
            if name:
                launch["metrics"][name] = _number(value)
            if row.get("Rule Name") == "LaunchConfiguration":
                m = _SMALL.search(row.get("Rule Description", ""))
                if m:
                    launch["small"] = int(m.group(1))
                m = _TAIL.search(row.get("Rule Description", ""))
                if m:
                    launch["tail"] = (int(m.group(1)), int(m.group(2)))
        launches.extend(by_id[k] for k in sorted(by_id, key=int))
    return launches


def read_findings(path):
    """{rule: {device kernel name: [grid blocks named in the message, or None]}}."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    out = {}
    for finding in data.get("findings", data if isinstance(data, list) else []):
        rule = finding.get("rule")
        if rule not in ("small-grid", "tail-effect", "register-spill"):
            continue
        name = device_name((finding.get("kernel") or {}).get("name"))
        numbers = _INT.findall(finding.get("message", ""))
        blocks = int(numbers[0].replace(",", "")) if numbers and rule != "register-spill" \
            else None
        out.setdefault(rule, {}).setdefault(name, []).append(blocks)
    return out


def read_occupancy(path):
    """({(kernel, block size): (active blocks, blocks of one wave)}, SMs)."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    table = {}
    for kernel in data.get("kernels", []):
        for row in kernel.get("rows", []):
            if row.get("dynamic_smem", 0) == 0:
                table[(kernel["name"], row["block_size"])] = (row.get("active_blocks"),
                                                              row.get("blocks_per_wave"))
    return table, (data.get("gpu") or {}).get("sms")


def _threads(block):
    n = 1
    for v in block:
        n *= v
    return n


def compare(launches, findings, occupancy, sms):
    """(lines, summary counts, problems)."""
    lines, problems = [], []
    counts = {"launches": 0, "blocks_equal": 0, "waves_equal": 0, "small_equal": 0,
              "tail_equal": 0, "one_block": 0, "unseen_grid": 0}
    for l in launches:
        name, grid, threads = l["kernel"], _threads(l["grid"]), _threads(l["block"])
        if not grid:
            lines.append("%s %s: did not run (its launch failed)" % (l["program"], name))
            continue
        counts["launches"] += 1
        where = "%s %s grid %s block %s" % (l["program"], name, "x".join(map(str, l["grid"])),
                                            "x".join(map(str, l["block"])))
        active, wave = occupancy.get((name, threads), (None, None))
        ncu_blocks = min((l["metrics"].get(k) for k in _LIMITS if l["metrics"].get(k)
                          is not None), default=None)
        ncu_waves = l["metrics"].get("launch__waves_per_multiprocessor")
        if wave is None or ncu_waves is None or ncu_blocks is None:
            problems.append("%s: no cuda-lint occupancy row or no ncu counters for it" % where)
            continue
        waves = grid / float(wave)
        if int(ncu_blocks) == active:
            counts["blocks_equal"] += 1
        else:
            problems.append("%s: %s blocks per SM by cuda-lint, %s by ncu" % (
                where, active, int(ncu_blocks)))
        if abs(round(waves, 2) - ncu_waves) < 1e-6:
            counts["waves_equal"] += 1
        else:
            problems.append("%s: %.2f waves by cuda-lint, %.2f by ncu" % (where, waves, ncu_waves))
        # cuda-lint's rules applied to its own numbers, and its findings for this grid.
        full = int(grid // wave)
        rule_small = grid < sms
        rule_tail = full >= 1 and grid % wave != 0 and 1.0 / (1 + full) >= 0.2
        found_small = grid in (findings.get("small-grid", {}).get(name) or [])
        found_tail = grid in (findings.get("tail-effect", {}).get(name) or [])
        notes = []
        for rule, ncu_says, rule_says, found, key in (
                ("small-grid", l["small"] is not None, rule_small, found_small, "small_equal"),
                ("tail-effect", l["tail"] is not None, rule_tail, found_tail, "tail_equal")):
            if ncu_says == found:
                counts[key] += 1
            elif rule == "small-grid" and ncu_says and grid == 1:
                counts["one_block"] += 1
                notes.append("small-grid: ncu yes, cuda-lint no (a one-block launch: the rule's "
                             "exception)")
            elif ncu_says == rule_says and not found:
                counts["unseen_grid"] += 1
                notes.append("%s: ncu yes, cuda-lint no finding (a grid it does not evaluate; "
                             "its rule on these waves says yes)" % rule)
            else:
                problems.append("%s: %s: ncu %s, cuda-lint %s" % (
                    where, rule, "yes" if ncu_says else "no", "yes" if found else "no"))
        lines.append("%s: %d blocks/SM, waves %.2f (ncu %.2f); small-grid %s, tail-effect %s%s" % (
            where, active, waves, ncu_waves, "yes" if l["small"] is not None else "no",
            "yes" if l["tail"] is not None else "no",
            ("; " + "; ".join(notes)) if notes else ""))
    return lines, counts, problems


def compare_spills(launches, findings):
    """(kernels with local traffic, kernels register-spill reports, problems)."""
    traffic = {}
    for l in launches:
        ld = l["metrics"].get("l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum")
        st = l["metrics"].get("l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum")
        if ld is None or st is None:
            continue
        traffic[l["kernel"]] = traffic.get(l["kernel"], 0) + ld + st
    spilled = sorted(k for k, v in traffic.items() if v > 0)
    reported = sorted(k for k in findings.get("register-spill", {}) if k in traffic)
    unknown = sorted(k for k in findings.get("register-spill", {}) if k not in traffic)
    problems = ["register-spill on %s, which ncu did not profile" % k for k in unknown]
    if spilled != reported:
        problems.append("local-memory traffic in %s; register-spill on %s" % (
            ", ".join(spilled) or "no kernel", ", ".join(reported) or "no kernel"))
    return spilled, reported, problems


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ncu", required=True)
    parser.add_argument("--findings", required=True)
    parser.add_argument("--occupancy", required=True)
    args = parser.parse_args(argv)
    try:
        launches = read_ncu(args.ncu)
        findings = read_findings(args.findings)
        occupancy, sms = read_occupancy(args.occupancy)
    except (OSError, ValueError, KeyError) as e:
        print("ncu_agreement: error: %s" % e, file=sys.stderr)
        return 2
    if not sms:
        print("ncu_agreement: error: the occupancy report names no GPU (--gpu)", file=sys.stderr)
        return 2
    lines, counts, problems = compare(launches, findings, occupancy, sms)
    spilled, reported, spill_problems = compare_spills(launches, findings)
    problems += spill_problems
    for line in lines:
        print(line)
    print("register-spill: local-memory traffic in %d kernels (%s), register-spill on %d (%s)" % (
        len(spilled), ", ".join(spilled), len(reported), ", ".join(reported)))
    for p in problems:
        print("DIFFERENT: " + p)
    print("%d launches: blocks per SM equal on %d, waves equal on %d; small-grid equal on %d "
          "(%d one-block launches exempt), tail-effect equal on %d; %d decisions on grids "
          "cuda-lint does not evaluate; %d differences" % (
              counts["launches"], counts["blocks_equal"], counts["waves_equal"],
              counts["small_equal"], counts["one_block"], counts["tail_equal"],
              counts["unseen_grid"], len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
