"""Hardware counters through Nsight Compute (ncu): runs a program under ncu for the metrics the
harness reports, then reads them back per kernel from the report's CSV export.

Metrics (Hopper names):
  smsp__thread_inst_executed_per_inst_executed.ratio  active lanes per executed warp instruction
                                                      (/32 = warp execution efficiency)
  smsp__thread_inst_executed_pred_on_per_inst_executed.ratio
                                                      the same, predicated-off lanes not counted
  smsp__sass_branch_targets_threads_divergent.sum     branch targets where a warp diverged
  smsp__sass_branch_targets.sum                       all branch targets
  sm__warps_active.avg.pct_of_peak_sustained_active   achieved occupancy (%)
  gpu__time_duration.sum                              kernel duration under the profiler (ns)
"""

import csv
import glob
import io
import math
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field

METRICS = {
    "lanes_per_inst": "smsp__thread_inst_executed_per_inst_executed.ratio",
    "pred_on_lanes_per_inst": "smsp__thread_inst_executed_pred_on_per_inst_executed.ratio",
    "divergent_branch_targets": "smsp__sass_branch_targets_threads_divergent.sum",
    "branch_targets": "smsp__sass_branch_targets.sum",
    "achieved_occupancy_pct": "sm__warps_active.avg.pct_of_peak_sustained_active",
    "duration_ns": "gpu__time_duration.sum",
}
_BY_METRIC = {v: k for k, v in METRICS.items()}


@dataclass
class Profile:
    ok: bool
    error: str = ""
    kernels: dict = field(default_factory=dict)   # kernel name -> {key: mean value}
    launches: dict = field(default_factory=dict)  # kernel name -> profiled launches

    def lookup(self, *names):
        """Counters of the first of `names` (mangled, demangled, base name) that was profiled."""
        for name in names:
            if name and name in self.kernels:
                return self.kernels[name]
        return None


def find_ncu():
    found = shutil.which("ncu")
    if found:
        return found
    candidates = glob.glob("/usr/local/cuda/bin/ncu") + sorted(
        glob.glob("/opt/nvidia/nsight-compute/*/ncu"), reverse=True)
    return candidates[0] if candidates else None


def _number(text):
    text = (text or "").strip().replace(",", "")
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None  # "n/a" of a launch that did not run


def parse_details_csv(text):
    """Per-kernel mean of each metric from `ncu --import R --csv --page details` output."""
    start = text.find('"ID"')
    if start < 0:
        return {}, {}
    sums, counts, ids = {}, {}, {}
    for row in csv.DictReader(io.StringIO(text[start:])):
        name = row.get("Kernel Name")
        key = _BY_METRIC.get(row.get("Metric Name", ""))
        value = _number(row.get("Metric Value"))
        if not name or key is None or value is None:
            continue
        ids.setdefault(name, set()).add(row.get("ID"))
        sums.setdefault(name, {}).setdefault(key, 0.0)
        sums[name][key] += value
        counts.setdefault(name, {}).setdefault(key, 0)
        counts[name][key] += 1
    kernels = {n: {k: sums[n][k] / counts[n][k] for k in sums[n]} for n in sums}
    for values in kernels.values():
        if "lanes_per_inst" in values:
            values["warp_efficiency_pct"] = 100.0 * values["lanes_per_inst"] / 32.0
        if "pred_on_lanes_per_inst" in values:
            values["nonpred_efficiency_pct"] = 100.0 * values["pred_on_lanes_per_inst"] / 32.0
    return kernels, {n: len(v) for n, v in ids.items()}


def kernel_filter(names):
    """ncu options that restrict profiling to the kernels with these mangled names."""
    names = sorted({n for n in names if n})
    if not names:
        return []
    pattern = "^(" + "|".join(re.escape(n) for n in names) + ")$"
    return ["--kernel-name-base", "mangled", "--kernel-name", "regex:" + pattern]


def profile(cmd, workdir, kernel_names=None, env=None, timeout=None, ncu=None):
    """Runs `cmd` under ncu (only `kernel_names` when given) and returns its counters."""
    ncu = ncu or find_ncu()
    if not ncu:
        return Profile(ok=False, error="ncu not found")
    report = os.path.join(workdir, "cuda-lint-profile")
    run = [ncu, "--metrics", ",".join(METRICS.values()), "--clock-control", "none",
           "--export", report, "--force-overwrite"]
    if kernel_names is not None:
        run += kernel_filter(kernel_names)
    run += list(cmd)
    try:
        proc = subprocess.run(run, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        return Profile(ok=False, error="ncu failed to run: %s" % e)
    if not os.path.exists(report + ".ncu-rep"):
        lines = [l for l in proc.stdout.splitlines() if l.startswith("==ERROR==")
                 or l.startswith("==WARNING==")]
        return Profile(ok=False, error="; ".join(lines[-3:]) or "ncu wrote no report "
                       "(exit %d)" % proc.returncode)
    return read_report(ncu, report + ".ncu-rep")


def read_report(ncu, path):
    exported = subprocess.run([ncu, "--import", path, "--csv", "--page", "details",
                               "--print-kernel-base", "mangled", "--print-units", "base"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    kernels, launches = parse_details_csv(exported.stdout)
    if not kernels:
        return Profile(ok=False, error="no counters in the ncu report (profiled no kernel, or "
                       "the counters could not be read)")
    return Profile(ok=True, kernels=kernels, launches=launches)
