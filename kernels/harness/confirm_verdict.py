"""Joins cuda-lint's static findings with the launches a run recorded and gives each finding a
verdict: "confirmed" (with the measured cost), "not exercised" (its kernel never launched) or
"not confirmed" (it launched, and the run does not show the predicted problem, or the run cannot
show it without counters; the reason says which).

A finding is joined to launches by its kernel's mangled name (Clang's `__device_stub__` host name
mapped to the kernel's; falling back to the demangled name, then the bare function name) and,
where the finding knows them, by the launch's block, grid and dynamic shared memory. Each rule
then has its own runtime test; see RULE_CHECKS.
"""

import re

import cuda_errors
import confirm_records

CONFIRMED, NOT_EXERCISED, NOT_CONFIRMED = "confirmed", "not exercised", "not confirmed"
LOW_OCCUPANCY_THRESHOLD_PCT = 50.0


def base_name(name):
    """`void ns::kernel<int>(float*)` -> `ns::kernel`; None stays None."""
    if not name:
        return None
    name = name.split("(", 1)[0]
    depth, out = 0, []
    for ch in name:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    words = "".join(out).split()
    return words[-1] if words else ""


_STUB = re.compile(r"^_Z(\d+)__device_stub__(.+)$")


def device_name(mangled):
    """The kernel's own mangled name for Clang's host-side stub name.

    Clang's host-side parse names a kernel's launch stub `__device_stub__<name>`, so a tool that
    mangles the host declaration gets `_Z28__device_stub__hashBlock40x2Pjii` for the kernel
    `_Z13hashBlock40x2Pjii` that runs (and that CUPTI reports).
    """
    m = _STUB.match(mangled or "")
    if not m:
        return mangled
    return "_Z%d%s" % (int(m.group(1)) - len("__device_stub__"), m.group(2))


def _dims(value):
    return tuple(value) if value else None


def _ms(ns):
    return ns / 1e6


def _shape(block):
    return "x".join(str(v) for v in block) if block else "?"


class Join:
    """The launches of a finding's kernel, and those whose configuration matches the finding."""

    def __init__(self, finding, launches):
        kernel = finding.get("kernel") or {}
        self.name = device_name(kernel.get("name"))
        self.demangled = kernel.get("demangled")
        self.by_name = self._by_name(launches)
        launch = finding.get("launch") or {}
        block, grid = _dims(launch.get("block")), _dims(launch.get("grid"))
        smem = launch.get("dynamic_smem")
        self.by_config = [l for l in self.by_name
                          if (block is None or l.block == block)
                          and (grid is None or l.grid == grid)
                          and (smem is None or l.dynamic_smem in (None, smem))]

    def _by_name(self, launches):
        if self.name:
            exact = [l for l in launches if l.name == self.name]
            if exact:
                return exact
        if self.demangled:
            exact = [l for l in launches if l.demangled == self.demangled]
            if exact:
                return exact
        wanted = base_name(self.demangled) or (self.name if self.name and
                                               not self.name.startswith("_Z") else None)
        if wanted:
            return [l for l in launches if base_name(l.demangled or l.name) == wanted]
        return []

    @property
    def subject(self):
        """The launches a rule is judged on: the matching configuration if any, else all."""
        return self.by_config or self.by_name


def _result(verdict, reason, cost=None):
    return {"verdict": verdict, "reason": reason, "cost": cost or {}}


def _counters(join, profile):
    if profile is None:
        return None
    return profile.lookup(join.name, join.demangled, base_name(join.demangled))


def _no_counters(profile, what):
    if profile is None:
        return "%s needs hardware counters: rerun with --ncu" % what
    return "%s needs hardware counters, and ncu gave none: %s" % (what, profile.error)


def check_block_size(join, recording, profile):
    odd = [l for l in join.subject if l.threads_per_block and l.threads_per_block % 32]
    if not odd:
        shapes = sorted({_shape(l.block) for l in join.subject})
        return _result(NOT_CONFIRMED, "all %d launches used whole warps (block %s)"
                       % (len(join.subject), ", ".join(shapes)))
    threads = odd[0].threads_per_block
    warps = -(-threads // 32)
    idle = warps * 32 - threads
    ran = [l for l in odd if l.executed]
    kernel_ns = sum(l.duration_ns for l in ran)
    idle_ns = sum(l.duration_ns * (32 * -(-l.threads_per_block // 32) - l.threads_per_block)
                  / (32 * -(-l.threads_per_block // 32)) for l in ran)
    cost = {"block": list(odd[0].block), "threads": threads, "warps": warps, "idle_lanes": idle,
            "idle_fraction": idle / (warps * 32.0), "launches": len(odd),
            "kernel_time_ms": _ms(kernel_ns), "idle_lane_time_ms": _ms(idle_ns)}
    reason = ("block %s: %d of %d lanes idle (%.1f%%) in %d warps; %d launches, %.3f ms kernel "
              "time, %.3f ms of it on idle lanes"
              % (_shape(odd[0].block), idle, warps * 32, 100.0 * cost["idle_fraction"], warps,
                 len(odd), cost["kernel_time_ms"], cost["idle_lane_time_ms"]))
    return _result(CONFIRMED, reason, cost)


def check_divergence(join, recording, profile):
    ran = [l for l in join.subject if l.executed]
    if not ran:
        return _result(NOT_CONFIRMED, "none of its %d launches ran" % len(join.subject))
    counters = _counters(join, profile)
    if not counters or "divergent_branch_targets" not in counters:
        return _result(NOT_CONFIRMED, _no_counters(profile, "warp divergence"))
    divergent = counters["divergent_branch_targets"]
    efficiency = counters.get("warp_efficiency_pct")
    nonpred = counters.get("nonpred_efficiency_pct")
    cost = {"divergent_branch_targets": divergent,
            "branch_targets": counters.get("branch_targets"),
            "warp_efficiency_pct": efficiency, "nonpred_efficiency_pct": nonpred,
            "kernel_time_ms": _ms(sum(l.duration_ns for l in ran)), "launches": len(ran)}
    eff = "warp execution efficiency %s" % _pct(efficiency)
    if nonpred is not None:
        eff += ", %s counting predicated-off lanes as idle" % _pct(nonpred)
    if divergent <= 0:
        return _result(NOT_CONFIRMED, "no divergent branch at run time (%s); if nvcc predicated "
                       "the branch, its cost shows only as time against a warp-aligned variant"
                       % eff, cost)
    return _result(CONFIRMED, "%.0f divergent branch targets per launch, %s; %d launches, "
                   "%.3f ms kernel time" % (divergent, eff, len(ran), cost["kernel_time_ms"]),
                   cost)


def _pct(value):
    return "%.1f%%" % value if value is not None else "unknown"


def check_default_stream(join, recording, profile):
    on_default = [l for l in join.by_name if l.stream_kind in ("legacy", "per-thread")]
    if not on_default:
        streams = sorted({str(l.stream_id) for l in join.by_name})
        return _result(NOT_CONFIRMED, "all %d launches went to non-default streams (stream ids "
                       "%s)" % (len(join.by_name), ", ".join(streams)))
    ran = [l for l in on_default if l.executed]
    overlapped = confirm_records.overlapping(recording.launches)
    alone = [l for l in ran if id(l) not in overlapped]
    kinds = sorted({l.stream_kind for l in on_default})
    cost = {"launches": len(on_default), "stream": "/".join(kinds),
            "stream_ids": sorted({l.stream_id for l in on_default if l.stream_id is not None}),
            "time_on_default_stream_ms": _ms(sum(l.duration_ns for l in ran)),
            "serialised_launches": len(alone), "executed_launches": len(ran)}
    if ran:
        cost["span_ms"] = _ms(max(l.end for l in ran) - min(l.start for l in ran))
    reason = ("%d launches on the %s default stream, %.3f ms of kernel time there; %d of %d ran "
              "with no other kernel overlapping (serialised)"
              % (len(on_default), cost["stream"], cost["time_on_default_stream_ms"], len(alone),
                 len(ran)))
    return _result(CONFIRMED, reason, cost)


def _failures(launches, codes=None):
    return [l for l in launches if l.failed and (codes is None or l.result in codes)]


def _error_text(launch):
    name, message = launch.error
    return "%s (%s)" % (message, name)


def _register_demand(launch, recording):
    """`96 registers x 1024 threads = 98304 of 65536 per block`, or "" when unknown."""
    if not launch.registers or not launch.threads_per_block:
        return ""
    limit = recording.registers_per_block()
    text = "%d registers x %d threads = %d" % (launch.registers, launch.threads_per_block,
                                               launch.registers * launch.threads_per_block)
    return text + (" of %d per block" % limit if limit else "")


def check_out_of_resources(join, recording, profile):
    failed = _failures(join.subject, {cuda_errors.OUT_OF_RESOURCES})
    if failed:
        demand = _register_demand(failed[0], recording)
        return _result(CONFIRMED, "%d of %d launches failed: %s, block %s%s"
                       % (len(failed), len(join.subject), _error_text(failed[0]),
                          _shape(failed[0].block), " (%s)" % demand if demand else ""),
                       {"failed_launches": len(failed), "error": failed[0].error[0],
                        "message": failed[0].error[1], "block": list(failed[0].block or []),
                        "registers": failed[0].registers})
    ran = [l for l in join.subject if l.executed]
    regs = sorted({l.registers for l in ran if l.registers is not None})
    return _result(NOT_CONFIRMED, "all %d launches were accepted (registers per thread: %s)"
                   % (len(join.subject), ", ".join(map(str, regs)) or "unknown"))


def check_missing_bounds(join, recording, profile):
    failed = _failures(join.by_name, {cuda_errors.OUT_OF_RESOURCES})
    if failed:
        demand = _register_demand(failed[0], recording)
        return _result(CONFIRMED, "launch with block %s failed: %s%s; __launch_bounds__ would "
                       "have made the compiler fit the block" % (
                           _shape(failed[0].block), _error_text(failed[0]),
                           " (%s)" % demand if demand else ""),
                       {"failed_launches": len(failed), "error": failed[0].error[0],
                        "message": failed[0].error[1]})
    ran = [l for l in join.by_name if l.executed and l.registers]
    if not ran:
        return _result(NOT_CONFIRMED, "none of its %d launches ran" % len(join.by_name))
    largest = max(ran, key=lambda l: l.threads_per_block * l.registers)
    return _result(NOT_CONFIRMED, "all %d launches ran; the largest block used %d registers x "
                   "%d threads" % (len(join.by_name), largest.registers,
                                   largest.threads_per_block))


def check_launch_error(join, recording, profile):
    failed = _failures(join.subject)
    if failed:
        return _result(CONFIRMED, "%d of %d launches failed: %s, block %s, grid %s"
                       % (len(failed), len(join.subject), _error_text(failed[0]),
                          _shape(failed[0].block), _shape(failed[0].grid)),
                       {"failed_launches": len(failed), "error": failed[0].error[0],
                        "message": failed[0].error[1]})
    return _result(NOT_CONFIRMED, "all %d launches were accepted" % len(join.subject))


def check_low_occupancy(join, recording, profile):
    ran = [l for l in join.subject if l.executed]
    if not ran:
        return _result(NOT_CONFIRMED, "none of its %d launches ran" % len(join.subject))
    counters = _counters(join, profile)
    if not counters or "achieved_occupancy_pct" not in counters:
        return _result(NOT_CONFIRMED, _no_counters(profile, "achieved occupancy"))
    achieved = counters["achieved_occupancy_pct"]
    cost = {"achieved_occupancy_pct": achieved, "threshold_pct": LOW_OCCUPANCY_THRESHOLD_PCT,
            "kernel_time_ms": _ms(sum(l.duration_ns for l in ran))}
    if achieved >= LOW_OCCUPANCY_THRESHOLD_PCT:
        return _result(NOT_CONFIRMED, "achieved occupancy %.1f%% is not below %.0f%%"
                       % (achieved, LOW_OCCUPANCY_THRESHOLD_PCT), cost)
    return _result(CONFIRMED, "achieved occupancy %.1f%% (below %.0f%%); %.3f ms kernel time"
                   % (achieved, LOW_OCCUPANCY_THRESHOLD_PCT, cost["kernel_time_ms"]), cost)


def check_barrier(join, recording, profile):
    return _result(NOT_CONFIRMED, "no runtime signal for this rule in a recording; run the "
                   "program under `compute-sanitizer --tool synccheck`")


RULE_CHECKS = {
    "block-size-not-multiple-of-32": check_block_size,
    "warp-divergent-branch": check_divergence,
    "default-stream-launch": check_default_stream,
    "missing-launch-bounds": check_missing_bounds,
    "launch-out-of-resources": check_out_of_resources,
    "invalid-launch-config": check_launch_error,
    "launch-exceeds-bounds": check_launch_error,
    "low-occupancy": check_low_occupancy,
    "barrier-in-divergent-branch": check_barrier,
}

# Rules whose verdict needs ncu counters (the confirm script profiles their kernels with --ncu).
COUNTER_RULES = {"warp-divergent-branch", "low-occupancy"}


def judge(finding, recording, profile=None):
    """The verdict dict of one finding: verdict, reason, cost, launches."""
    rule = finding.get("rule", "")
    if not finding.get("kernel"):
        out = _result(NOT_CONFIRMED, "the finding names no kernel to join the run's launches on")
        out["launches"] = 0
        return out
    join = Join(finding, recording.launches)
    if not join.by_name:
        out = _result(NOT_EXERCISED, "the kernel was never launched in this run")
    else:
        check = RULE_CHECKS.get(rule)
        out = check(join, recording, profile) if check else _result(
            NOT_CONFIRMED, "no runtime check for rule %r" % rule)
    out["launches"] = len(join.by_name)
    return out


def judge_all(findings, recording, profile=None):
    """[(finding, verdict dict)] for every finding, in the findings' order."""
    return [(f, judge(f, recording, profile)) for f in findings]


def kernels_without_findings(findings, recording):
    """Names of the kernels that ran without any finding (e.g. the fixed twins)."""
    flagged = set()
    for f in findings:
        kernel = f.get("kernel") or {}
        flagged.update(n for n in (device_name(kernel.get("name")), kernel.get("demangled")) if n)
    names = {}
    for l in recording.launches:
        if l.name and l.name not in flagged and l.demangled not in flagged:
            names.setdefault(l.name, l.demangled or l.name)
    return sorted(names.items(), key=lambda kv: kv[1])

