# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Hardware counters of `cuda-lint confirm --ncu` collected in process: the injection library
profiles, with the CUPTI range profiler (auto range, kernel replay), the first N launches of each
kernel whose findings need counters and each launch configuration, in the one run that records the
launches, and writes each profiled launch's metric values as a "counters" record keyed like the
launch (see confirm/counter_profiler.h). This module asks for it (`request`) and turns the records
into the same Profile that ncu_metrics gives (`profile`), or says why ncu must be used instead
(`fallback_reason`: a library or CUDA toolkit without the range profiler, or a GPU, driver or
system configuration that does not allow it).
"""

import os

import confirm_verdict
import ncu_metrics

PROFILER_ENV = "CUDA_LINT_CONFIRM_PROFILER"  # "ncu" forces the second run under ncu


class Request:
    """The kernels (device names), metrics and launches per configuration to profile."""

    def __init__(self, names, metrics, launches_per_config):
        self.names = sorted(set(names))
        self.metrics = list(metrics)
        self.launches_per_config = int(launches_per_config)

    def environment(self, workdir):
        """The injection library's environment for this request (writes the kernel list)."""
        path = os.path.join(workdir, "profile-kernels.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(n + "\n" for n in self.names))
        return {"CUDA_LINT_CONFIRM_PROFILE_KERNELS": path,
                "CUDA_LINT_CONFIRM_PROFILE_METRICS": ",".join(self.metrics),
                "CUDA_LINT_CONFIRM_PROFILE_LAUNCHES": str(self.launches_per_config)}


def request(findings, launches_per_config):
    """What to profile for these findings: the kernels their counter rules name, exactly as the
    GPU names them (the same names launches are joined by), the metrics those rules read and
    gpu__time_duration.sum; None when no finding needs counters. A finding that names no kernel
    cannot be chosen before the run."""
    names, rules = set(), set()
    for f in findings:
        if f.get("rule") in confirm_verdict.COUNTER_RULES:
            found = confirm_verdict.finding_kernel_names(f)
            if found:
                names.update(found)
                rules.add(f["rule"])
    if not names:
        return None
    # And the kernel's duration: CUPTI gives a replayed launch no activity timestamps, so this is
    # its kernel time (confirm_records.Launch.duration_ns).
    return Request(names, ncu_metrics.metrics_for(rules) + [ncu_metrics.METRICS["duration_ns"]],
                   launches_per_config)


def forced_ncu():
    return os.environ.get(PROFILER_ENV, "").strip().lower() == "ncu"


def fallback_reason(recording, req):
    """Why the in-process counters cannot be used and ncu must run, or "" when they can."""
    if not recording.profiler_requests:
        # The program recorded nothing at all, or a library that does not know the request.
        if not recording.processes:
            return ""
        return "the injection library has no in-process profiler (an older build)"
    unavailable = [r for r in recording.profiler_requests if not r.get("available")]
    if unavailable:
        return unavailable[0].get("reason") or "the in-process profiler is unavailable"
    contexts = recording.profilers
    if contexts and not any(c.get("status") == "ok" for c in contexts):
        reasons = sorted({c.get("reason") or "unknown reason" for c in contexts})
        return "the CUPTI range profiler is unavailable: " + "; ".join(reasons)
    chosen = [l for l in recording.launches if l.chosen]
    if chosen and all(l.counters is None for l in chosen):
        return "the CUPTI range profiler failed on every profiled launch: " + \
            chosen[0].counter_error
    if req is not None and not chosen:
        wanted = set(req.names)
        ran = sorted({l.name for l in recording.launches
                      if l.executed and confirm_verdict.device_name(l.name) in wanted})
        if ran:
            # Launched, yet no launch of them reached the profiler (not seen by the launch
            # callbacks: a CUDA graph, say).
            return "the in-process profiler saw no launch of %s" % ", ".join(ran)
    return ""


def profile(recording, req):
    """The Profile of the counters records: per kernel (the launches' names), the mean of each
    metric over its profiled launches, as ncu_metrics.parse_details_csv gives for ncu."""
    sums, counts, launches, failures = {}, {}, {}, {}
    for launch in recording.launches:
        if launch.counter_error is not None:
            failures.setdefault(launch.name, launch.counter_error)
        if launch.counters is None or not launch.name:
            continue
        launches[launch.name] = launches.get(launch.name, 0) + 1
        for metric, value in launch.counters.items():
            key = ncu_metrics.metric_key(metric)
            if key is None or value is None:
                continue
            sums.setdefault(launch.name, {}).setdefault(key, 0.0)
            sums[launch.name][key] += float(value)
            counts.setdefault(launch.name, {}).setdefault(key, 0)
            counts[launch.name][key] += 1
    kernels = {n: ncu_metrics.derive({k: sums[n][k] / counts[n][k] for k in sums[n]})
               for n in sums}
    for n in launches:
        kernels.setdefault(n, {})
    unsupported = sorted({m for c in recording.profilers if c.get("status") == "ok"
                          for m in c.get("unsupported_metrics") or []})
    errors = sorted({c.get("reason") or "unknown reason" for c in recording.profilers
                     if c.get("status") != "ok"})
    return ncu_metrics.Profile(ok=True, kernels=kernels, launches=launches,
                               source=ncu_metrics.SOURCE_CUPTI, failures=failures,
                               unsupported=unsupported,
                               error="; ".join("range profiler unavailable in a context: " + e
                                               for e in errors))
