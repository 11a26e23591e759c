# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Hardware counters through Nsight Compute (ncu): runs a program under ncu for the metrics the
harness reports, then reads them back per kernel from the report's CSV export. `cuda-lint confirm
--ncu` collects the same metrics in process through the CUPTI range profiler (cupti_counters.py)
and comes here only where that is unavailable; both give a Profile.

Metrics (Hopper names):
  smsp__thread_inst_executed_per_inst_executed.ratio  active lanes per executed warp instruction
                                                      (/32 = warp execution efficiency)
  smsp__thread_inst_executed_pred_on_per_inst_executed.ratio
                                                      the same, predicated-off lanes not counted
  smsp__sass_branch_targets_threads_divergent.sum     branch targets where a warp diverged
  smsp__sass_branch_targets.sum                       all branch targets
  sm__warps_active.avg.pct_of_peak_sustained_active   achieved occupancy (%)
  gpu__time_duration.sum                              kernel duration under the profiler (ns)
  l1tex__t_sectors_pipe_lsu_mem_local_op_{ld,st}.sum  local-memory sectors loaded and stored
                                                      (register spills, local arrays)
  launch__grid_size                                   blocks in the grid
  launch__waves_per_multiprocessor                    grid / (SMs x resident blocks per SM)
  sm__cycles_active.{avg,max}                         cycles an SM had work: the mean over SMs
                                                      against the busiest one
The launch__ metrics are computed by ncu from the launch; the in-process profiler may not have
them (then they are named as unsupported, and the verdicts say what they used instead).
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
    "local_load_sectors": "l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum",
    "local_store_sectors": "l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum",
    "grid_size": "launch__grid_size",
    "waves_per_sm": "launch__waves_per_multiprocessor",
    "sm_active_cycles_avg": "sm__cycles_active.avg",
    "sm_active_cycles_max": "sm__cycles_active.max",
}
_BY_METRIC = {v: k for k, v in METRICS.items()}

# The counters each rule's verdict reads (confirm_verdict.py), by METRICS key.
VERDICT_METRICS = {
    "warp-divergent-branch": ("divergent_branch_targets", "branch_targets", "lanes_per_inst",
                              "pred_on_lanes_per_inst"),
    "low-occupancy": ("achieved_occupancy_pct",),
    "register-spill": ("local_load_sectors", "local_store_sectors"),
    "small-grid": ("grid_size", "sm_active_cycles_avg", "sm_active_cycles_max"),
    "tail-effect": ("grid_size", "waves_per_sm"),
}


def metrics_for(rules):
    """The metric names the verdicts of these rules read, in METRICS order."""
    keys = {k for r in rules for k in VERDICT_METRICS.get(r, ())}
    return [name for key, name in METRICS.items() if key in keys]


def metric_key(name):
    """The METRICS key of a metric name, None for a metric the harness does not read."""
    return _BY_METRIC.get(name)


def derive(values):
    """Adds the warp execution efficiencies (%) to a kernel's counters, from lanes per
    instruction."""
    if values.get("lanes_per_inst") is not None:
        values["warp_efficiency_pct"] = 100.0 * values["lanes_per_inst"] / 32.0
    if values.get("pred_on_lanes_per_inst") is not None:
        values["nonpred_efficiency_pct"] = 100.0 * values["pred_on_lanes_per_inst"] / 32.0
    return values


SOURCE_NCU = "ncu"
SOURCE_CUPTI = "cupti"  # the injection library's in-process range profiler


@dataclass
class Profile:
    ok: bool
    error: str = ""
    kernels: dict = field(default_factory=dict)   # kernel name -> {key: mean value}
    launches: dict = field(default_factory=dict)  # kernel name -> profiled launches
    source: str = SOURCE_NCU
    # In process: kernel name -> why launches of it chosen for profiling gave no counters, and
    # the metric names the GPU does not have.
    failures: dict = field(default_factory=dict)
    unsupported: list = field(default_factory=list)
    fallback_reason: str = ""  # why ncu ran instead of the in-process profiler

    @property
    def tool(self):
        return "the in-process profiler" if self.source == SOURCE_CUPTI else "ncu"

    def counters_for(self, names):
        """Counters of the kernels named (the exact names the run's launches had), averaged over
        their profiled launches; None when none of them was profiled. No other name matches."""
        found = [(self.kernels[n], self.launches.get(n, 1) or 1)
                 for n in sorted(set(names)) if n and n in self.kernels]
        if not found:
            return None
        if len(found) == 1:
            return found[0][0]
        out = {}
        for key in set().union(*(set(c) for c, _ in found)):
            pairs = [(c[key], w) for c, w in found if key in c]
            out[key] = sum(v * w for v, w in pairs) / sum(w for _, w in pairs)
        return out


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
    kernels = {n: derive({k: sums[n][k] / counts[n][k] for k in sums[n]}) for n in sums}
    return kernels, {n: len(v) for n, v in ids.items()}


def kernel_filter(names):
    """ncu options that restrict profiling to the kernels with these mangled names."""
    names = sorted({n for n in names if n})
    if not names:
        return []
    pattern = "^(" + "|".join(re.escape(n) for n in names) + ")$"
    return ["--kernel-name-base", "mangled", "--kernel-name", "regex:" + pattern]


DEFAULT_LAUNCHES_PER_KERNEL = 1


def launch_limit(per_kernel):
    """ncu options that profile at most `per_kernel` launches of each kernel and launch
    configuration (grid, block, shared memory); none when per_kernel is 0 (every launch)."""
    if not per_kernel:
        return []
    return ["--filter-mode", "per-launch-config", "--launch-count", str(int(per_kernel))]


def run_under_ncu(ncu, options, cmd, report, kernel_names=None, env=None, timeout=None,
                  launches_per_kernel=DEFAULT_LAUNCHES_PER_KERNEL):
    """Runs `cmd` under ncu with `options`, exporting to REPORT.ncu-rep (only `kernel_names` when
    given, at most `launches_per_kernel` launches of each kernel and launch configuration).
    Returns None when the report was written, else why not."""
    run = [ncu] + list(options) + ["--export", report, "--force-overwrite"]
    if kernel_names is not None:
        run += kernel_filter(kernel_names)
    run += launch_limit(launches_per_kernel)
    run += list(cmd)
    try:
        proc = subprocess.run(run, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        return "ncu failed to run: %s" % e
    if not os.path.exists(report + ".ncu-rep"):
        lines = [l for l in proc.stdout.splitlines() if l.startswith("==ERROR==")
                 or l.startswith("==WARNING==")]
        return "; ".join(lines[-3:]) or "ncu wrote no report (exit %d)" % proc.returncode
    return None


def profile(cmd, workdir, kernel_names=None, env=None, timeout=None, ncu=None,
            launches_per_kernel=DEFAULT_LAUNCHES_PER_KERNEL):
    """Runs `cmd` under ncu (only `kernel_names` when given, at most `launches_per_kernel`
    launches of each kernel and launch configuration) and returns its counters."""
    ncu = ncu or find_ncu()
    if not ncu:
        return Profile(ok=False, error="ncu not found")
    report = os.path.join(workdir, "cuda-lint-profile")
    # No cache flush between replay passes: these counters do not depend on a cold cache, and
    # the flushes are much of the cost of a profiled launch.
    error = run_under_ncu(ncu, ["--metrics", ",".join(METRICS.values()), "--clock-control",
                                "none", "--cache-control", "none"], cmd, report, kernel_names,
                          env, timeout, launches_per_kernel)
    if error:
        return Profile(ok=False, error=error)
    return read_report(ncu, report + ".ncu-rep")


def read_report(ncu, path):
    exported = subprocess.run([ncu, "--import", path, "--csv", "--page", "details",
                               "--print-kernel-base", "mangled", "--print-units", "base"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    keep = os.environ.get("CUDA_LINT_CONFIRM_NCU_CSV")
    if keep:  # the raw export, kept for the record (and the tests' inputs)
        with open(keep, "w", encoding="utf-8") as f:
            f.write(exported.stdout)
    kernels, launches = parse_details_csv(exported.stdout)
    if not kernels:
        return Profile(ok=False, error="no counters in the ncu report (profiled no kernel, or "
                       "the counters could not be read)")
    return Profile(ok=True, kernels=kernels, launches=launches)
