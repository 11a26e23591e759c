# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Verdicts of uncoalesced-global-access and shared-memory-bank-conflict (issue 35 item 4), from
the counters Nsight Compute ties to source lines.

With --ncu, the flagged kernels run once more under ncu with its SourceCounters section (the
program built with -lineinfo), at most N launches of each kernel and launch configuration. The
report's source page, exported with the CUDA lines and their SASS (`--page source --print-source
cuda,sass`), gives for each CUDA line of each kernel the sum over the line's instructions of

  L2 Theoretical Sectors Global / ... Ideal   sectors the line's global requests touched, and
                                              the sectors a unit-stride access of the same
                                              bytes would have touched
  L1 Wavefronts Shared / ... Ideal            shared-memory wavefronts, and the wavefronts
                                              without bank conflicts

The SASS rows under each CUDA line give the same counters per instruction, with the address
space and the operation. A finding is judged by the worst instruction of its line that makes its
kind of access (global loads for "lanes of a warp read", stores for "write"; shared loads and
stores for a bank conflict): confirmed when that instruction's sectors (or wavefronts) are at
least twice its ideal, the excess the rules report, with the measured and the predicted ratio in
the reason. Lanes that are inactive in some executions (a wavefront loop) give fewer conflicts
than the prediction for a full warp; the reason says so when the measured ratio is lower.
Nothing here measures time: what an excess costs is in the rules' docs pages, measured against
their twins.
"""

import csv
import io
import os
import re
import subprocess
from dataclasses import dataclass, field

import ncu_metrics

RULES = {"uncoalesced-global-access", "shared-memory-bank-conflict"}

COLUMNS = {
    "sectors": "L2 Theoretical Sectors Global",
    "ideal_sectors": "L2 Theoretical Sectors Global Ideal",
    "wavefronts": "L1 Wavefronts Shared",
    "ideal_wavefronts": "L1 Wavefronts Shared Ideal",
}

# The ratio from which a line's excess is the one the rules report.
CONFIRMED_RATIO = 2.0


@dataclass
class SourceCounters:
    ok: bool
    error: str = ""
    # (kernel, file base name, line) -> {SASS address: instruction}, an instruction being
    # {"space": "Global"|"Shared"|..., "op": "Load"|"Store"|..., and the COLUMNS keys summed
    # over the profiled launches}; kernel is ncu's function name as it prints it.
    lines: dict = field(default_factory=dict)
    # kernel -> profiled launches
    launches: dict = field(default_factory=dict)


def normalized_function(name):
    """A kernel's demangled name without blanks ("f(int *)" and "f(int*)" are one kernel)."""
    return re.sub(r"\s+", "", name or "")


def function_key(name):
    """A kernel's name as both CUPTI and ncu spell it: its qualified name and template
    arguments without the return type, the parameters, blanks, integer casts and suffixes
    (CUPTI "k<2>(float const*)" and ncu "void k<(int)2>(const float *)" are both "k<2>")."""
    name = (name or "").strip()
    depth, start = 0, None
    for i, c in enumerate(name):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0 and i > 0:
            start = i
            break
    base = name[:start] if start is not None else name
    base = re.sub(r"^(?:void|static|__global__)\s+", "", base)
    base = re.sub(r"\((?:unsigned |signed )?(?:char|short|int|long|long long|bool)\)", "", base)
    base = re.sub(r"(?<=\d)(?:ULL|UL|LL|U|L)\b", "", base)
    return re.sub(r"\s+", "", base)


def report_names(counters, demangled):
    """The function names of the report that are the launched kernel `demangled`: the one
    spelled the same, else the one with the same function_key; none when that is ambiguous
    (overloads)."""
    names = counters.launches.keys()
    same = [n for n in names if normalized_function(n) == normalized_function(demangled)]
    if same:
        return same
    keyed = [n for n in names if function_key(n) == function_key(demangled)]
    return keyed if len(keyed) == 1 else []


def _value(text):
    text = (text or "").strip().replace(",", "")
    try:
        return float(text)
    except ValueError:
        return 0.0  # "-": no such access


def parse_source_csv(text):
    """SourceCounters of `ncu --import R --csv --page source --print-source cuda,sass` output:
    blocks of "File Path", "Function Name", a header line and rows, one block per file of each
    profiled launch. A CUDA line's row has its number in the first column; the SASS rows under
    it (first column empty; the same instruction may be listed twice) are its instructions."""
    out = SourceCounters(ok=True)
    path = function = line = None
    index = None
    blocks = {}  # (function, file) -> blocks: one per profiled launch
    for row in csv.reader(io.StringIO(text)):
        if not row:
            continue
        if row[0] == "File Path":
            path, index = os.path.basename(row[1]) if len(row) > 1 else None, None
            continue
        if row[0] == "Function Name":
            function = row[1] if len(row) > 1 else None
            blocks[(function, path)] = blocks.get((function, path), 0) + 1
            out.launches[function] = max(out.launches.get(function, 0),
                                         blocks[(function, path)])
            line, seen = None, set()
            continue
        if row[0] == "Line No":
            # The columns of this block (a kernel without shared accesses has none of those).
            index = {key: row.index(col) for key, col in COLUMNS.items() if col in row}
            for key, col in (("space", "Address Space"), ("op", "Access Operation"),
                             ("address", "Address")):
                if col in row:
                    index[key] = row.index(col)
            continue
        if index is None or not function or not path:
            continue
        if row[0].strip().isdigit():
            line = int(row[0])
            continue
        if row[0] or line is None or "address" not in index:
            continue
        address = row[index["address"]]
        if address in seen:  # listed again in the same launch's block
            continue
        seen.add(address)
        space = row[index["space"]] if "space" in index else "-"
        if space in ("-", ""):
            continue
        inst = out.lines.setdefault((function, path, line), {}).setdefault(
            address, {"space": space, "op": row[index["op"]] if "op" in index else "-",
                      **{k: 0.0 for k in COLUMNS}})
        for k in COLUMNS:
            if k in index and index[k] < len(row):
                inst[k] += _value(row[index[k]])
    if not out.lines:
        return SourceCounters(ok=False, error="no source-level counters in the ncu report "
                              "(profiled no kernel, or the program was built without -lineinfo)")
    return out


def profile(cmd, workdir, kernel_names, env=None, timeout=None, ncu=None,
            launches_per_kernel=ncu_metrics.DEFAULT_LAUNCHES_PER_KERNEL):
    """Runs `cmd` under ncu's SourceCounters section for the kernels named (mangled), at most
    `launches_per_kernel` launches of each kernel and launch configuration."""
    ncu = ncu or ncu_metrics.find_ncu()
    if not ncu:
        return SourceCounters(ok=False, error="ncu not found")
    report = os.path.join(workdir, "cuda-lint-source")
    error = ncu_metrics.run_under_ncu(
        ncu, ["--section", "SourceCounters", "--import-source", "no", "--clock-control", "none"],
        cmd, report, kernel_names, env, timeout, launches_per_kernel)
    if error:
        return SourceCounters(ok=False, error=error)
    exported = subprocess.run([ncu, "--import", report + ".ncu-rep", "--csv", "--page",
                               "source", "--print-source", "cuda,sass"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    keep = os.environ.get("CUDA_LINT_CONFIRM_NCU_SOURCE_CSV")
    if keep:  # the raw export, kept for the record (and the tests' inputs)
        with open(keep, "w", encoding="utf-8") as f:
            f.write(exported.stdout)
    return parse_source_csv(exported.stdout)


_SECTORS = re.compile(r"(\d+) sectors per request instead of (\d+)")
_WAYS = re.compile(r"(?:an? |up to )?(\d+)(?:- to (\d+))?-way conflict")


def predicted(finding):
    """(low, high) excess ratio the finding's message states: sectors per request over the
    ideal, or the n-way conflict (a range over a loop's trips); None when it states none."""
    message = finding.get("message", "")
    m = _SECTORS.search(message)
    if m and int(m.group(2)):
        ratio = int(m.group(1)) / int(m.group(2))
        return ratio, ratio
    m = _WAYS.search(message)
    if m:
        low = int(m.group(1))
        return float(low), float(m.group(2) or low)
    return None


def _instructions(counters, launches, finding):
    """The instructions of the finding's line in the launched kernels that make the kind of
    access it reports (global loads for "read", stores for "write"; shared accesses), and the
    profiled launches they come from."""
    site = (os.path.basename(finding.get("file", "")), int(finding.get("line", 0)))
    names = {n for l in launches if l.demangled for n in report_names(counters, l.demangled)}
    message = finding.get("message", "")
    if finding.get("rule") == "uncoalesced-global-access":
        space = "Global"
        ops = {"Load"} if " read " in message else {"Store"} if " write " in message else None
    else:
        space, ops = "Shared", None
    found, profiled = [], 0
    for name in names:
        profiled += counters.launches.get(name, 0)
        for inst in counters.lines.get((name,) + site, {}).values():
            if inst["space"] == space and (ops is None or inst["op"] in ops):
                found.append(inst)
    return found, profiled


def _fmt(x):
    return "%d" % x if x == int(x) else "%.1f" % x


def judge(join, finding, counters, result):
    """The verdict of one memory-access finding whose kernel ran (join.subject), from the
    source counters of the worst instruction of its line that makes its kind of access;
    `result(verdict, reason, cost)` builds it (confirm_verdict._result)."""
    from confirm_verdict import CONFIRMED, NOT_CONFIRMED
    rule = finding.get("rule")
    if counters is None:
        return result(NOT_CONFIRMED, "memory accesses are measured by ncu's source counters: "
                      "run confirm with --ncu, the program built with -lineinfo")
    if not counters.ok:
        return result(NOT_CONFIRMED, "ncu's source counters are not available: %s"
                      % counters.error)
    found, profiled = _instructions(counters, join.subject, finding)
    line = int(finding.get("line", 0))
    if not profiled:
        return result(NOT_CONFIRMED, "none of its launches was profiled for source counters")
    global_rule = rule == "uncoalesced-global-access"
    got_key, ideal_key, unit = ("sectors", "ideal_sectors", "L2 sectors") if global_rule else \
        ("wavefronts", "ideal_wavefronts", "shared-memory wavefronts")
    message = finding.get("message", "")
    what = ("global load" if " read " in message else "global store" if " write " in message
            else "global access") if global_rule else "shared-memory access"
    runs = "%d profiled launch%s" % (profiled, "" if profiled == 1 else "es")
    found = [i for i in found if i[got_key] and i[ideal_key]]
    if not found:
        return result(NOT_CONFIRMED, "no %s was counted at line %d in %s (the access did not "
                      "run, or the compiler placed it on another line)" % (what, line, runs))
    worst = max(found, key=lambda i: i[got_key] / i[ideal_key])
    got, ideal = worst[got_key], worst[ideal_key]
    ratio = got / ideal
    want = predicted(finding)
    if not want:
        stated = ""
    elif global_rule:
        stated = "%.1fx" % want[0]
    else:
        stated = "%s-way" % (_fmt(want[0]) if want[0] == want[1] else
                             "%s- to %s" % (_fmt(want[0]), _fmt(want[1])))
    cost = {"measured": got, "ideal": ideal, "ratio": round(ratio, 2),
            "predicted_ratio": list(want) if want else None, "profiled_launches": profiled,
            "instructions": len(found)}
    text = "the worst %s of line %d (%d instruction%s): %s %s for %s ideal, %.1fx, in %s" % (
        what, line, len(found), "" if len(found) == 1 else "s", _fmt(got), unit, _fmt(ideal),
        ratio, runs)
    if ratio < CONFIRMED_RATIO:
        return result(NOT_CONFIRMED, text + "; cuda-lint predicted %s, but the measured excess "
                      "is below the %.0fx the rule reports" % (stated or "an excess",
                                                               CONFIRMED_RATIO), cost)
    if want and want[0] * 0.9 <= ratio <= want[1] * 1.1:
        text += "; as predicted (%s)" % stated
    elif want and ratio > want[1] * 1.1:
        text += "; more than the predicted %s" % stated
    elif want:
        text += "; less than the predicted %s: the counters average over every execution, " \
            "and lanes inactive in some of them (a guard on threadIdx, a loop's later trips) " \
            "lower the average, or the finding overstates the excess" % stated
    return result(CONFIRMED, text, cost)
