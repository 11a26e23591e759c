# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Joins cuda-lint's static findings with the launches a run recorded and gives each finding a
verdict: "confirmed" (the run shows the predicted problem, with its measured cost), "observed, no
cost" (the run shows the pattern, and that it cost nothing in this run), "not exercised" (no
launch of the finding's kernels) or "not confirmed" (it launched, and the run does not show the
predicted problem, or the run cannot show it without counters; the reason says which).

A finding is joined to launches by exact device-side kernel names only: the names in its
`kernel.instantiations` (every instantiation of a template it applies to) or else its
`kernel.name`. Clang's `__device_stub__` host name and the `_ZL` of internal linkage are mapped to
the name the GPU reports; nothing else matches (no demangled or bare-name fallback). Launches are
then narrowed to those whose block, grid and dynamic shared memory match the finding's `launch`
where it gives them. Counters are looked up under the same names the launches had. Each rule then
has its own runtime test; see RULE_CHECKS.
"""

import bisect
import os
import re

import cuda_errors
import confirm_records
import ncu_metrics
# confirm_resources and confirm_copies use this module's helpers: their checks are looked up at
# call time (RULE_CHECKS wrappers below), so either module may be imported first.
import confirm_copies  # noqa: E402,F401
import confirm_memory  # noqa: E402
import confirm_resources  # noqa: E402,F401

CONFIRMED, NOT_EXERCISED, NOT_CONFIRMED = "confirmed", "not exercised", "not confirmed"
OBSERVED = "observed, no cost"
VERDICTS = (CONFIRMED, OBSERVED, NOT_CONFIRMED, NOT_EXERCISED)
LOW_OCCUPANCY_THRESHOLD_PCT = 50.0
# Divergence through predication: confirmed when predicated-off lanes cost at least this share of
# the lanes the kernel's warp instructions issued (see check_divergence).
PREDICATED_LOSS_THRESHOLD_PCT = 10.0


def base_name(name):
    """`void ns::kernel<int>(float*)` -> `ns::kernel`; None stays None (for display only)."""
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


_STUB = re.compile(r"^_Z(L?)(\d+)__device_stub__(.+)$")


def device_name(mangled):
    """The name the GPU (CUPTI, ncu, ptxas) reports for a kernel's host-side mangled name.

    Clang's host-side parse names a kernel's launch stub `__device_stub__<name>`, so a tool that
    mangles the host declaration gets `_Z28__device_stub__hashBlock40x2Pjii` for the kernel
    `_Z13hashBlock40x2Pjii` that runs. A `static __global__` kernel is `_ZL...` on the host and
    `_Z...` in the device code of a whole-program (non -rdc) build.
    """
    if not mangled:
        return mangled
    m = _STUB.match(mangled)
    if m:
        mangled = "_Z%s%d%s" % (m.group(1), int(m.group(2)) - len("__device_stub__"), m.group(3))
    if mangled.startswith("_ZL"):
        mangled = "_Z" + mangled[3:]
    return mangled


def finding_kernel_names(finding):
    """The device names a finding applies to: its instantiations, else its kernel's name."""
    kernel = finding.get("kernel") or {}
    names = [device_name(n) for n in kernel.get("instantiations") or [] if n]
    if not names and kernel.get("name"):
        names = [device_name(kernel["name"])]
    return sorted(set(names))


def _dims(value):
    return tuple(value) if value else None


def _ms(ns):
    return ns / 1e6


def _shape(block):
    return "x".join(str(v) for v in block) if block else "?"


class Join:
    """The launches of a finding's kernels, and those whose configuration matches the finding."""

    def __init__(self, finding, launches):
        kernel = finding.get("kernel") or {}
        self.names = finding_kernel_names(finding)
        self.bounds_check = finding.get("bounds_check")  # missing-launch-bounds, ptxas's check
        self.name = self.names[0] if len(self.names) == 1 else None
        self.demangled = kernel.get("demangled")
        self.site = None
        if "launch" in finding and finding.get("file") and finding.get("line"):
            self.site = (os.path.basename(finding["file"]), int(finding["line"]))
        wanted = set(self.names)
        if wanted:
            self.by_name = [l for l in launches if device_name(l.name) in wanted]
        elif self.site:
            # No kernel name (a launch through a function pointer): the launches made at the
            # finding's site, whatever kernel they ran, once call stacks give sites.
            self.by_name = [l for l in launches if l.sites and self.site in l.sites]
        else:
            self.by_name = []
        launch = finding.get("launch") or {}
        block, grid = _dims(launch.get("block")), _dims(launch.get("grid"))
        smem = launch.get("dynamic_smem")
        self.by_config = [l for l in self.by_name
                          if (block is None or l.block == block)
                          and (grid is None or l.grid == grid)
                          and (smem is None or l.dynamic_smem in (None, smem))]
        self.constrained = any(v is not None for v in (block, grid, smem))
        configured = self.by_config if self.constrained else self.by_name
        # A finding about a launch names its site. A launch whose call stack was resolved to
        # source lines (launch_sites.py) and passes through the finding's file was made at the
        # line it names there; one with no frame in that file (no debug information, or a tail
        # call that left no frame of the launching function) cannot be placed.
        self.site_status, self.other_lines = None, []
        self.subject = configured
        if self.site and not configured:
            self.site_status = "unknown"
        elif self.site:
            at = [l for l in configured if l.sites and self.site in l.sites]
            unplaced = [l for l in configured if not any(f == self.site[0]
                                                        for f, _ in l.sites or ())]
            if at:
                self.subject, self.site_status = at, "matched"
            elif unplaced:
                self.subject, self.site_status = unplaced, "unknown"
            else:
                self.subject, self.site_status = [], "elsewhere"
                self.other_lines = sorted({n for l in configured for f, n in l.sites
                                           if f == self.site[0]})
        self.site_checked = self.site_status in ("matched", "elsewhere")

    def launched_names(self, executed_only=True):
        """The names the GPU reported for the joined launches (the key of the ncu counters)."""
        return sorted({l.name for l in self.subject if l.name and (l.executed or
                                                                    not executed_only)})


def _result(verdict, reason, cost=None):
    return {"verdict": verdict, "reason": reason, "cost": cost or {}}


def _counters(join, profile):
    if profile is None:
        return None
    return profile.counters_for(join.launched_names())


def _no_counters(profile, what, join, keys=()):
    """Why a verdict has no counters: not asked for, the profiler unavailable, profiling of the
    joined launches failed, none of them profiled, or the GPU lacks a metric it needs."""
    if profile is None:
        return "%s needs hardware counters: rerun with --ncu" % what
    names = join.launched_names()
    if not profile.ok:
        return "%s needs hardware counters, and %s gave none: %s" % (what, profile.tool,
                                                                      profile.error)
    counters = profile.counters_for(names)
    if counters is not None:
        missing = [ncu_metrics.METRICS.get(k, k) for k in keys if counters.get(k) is None]
        return "%s needs hardware counters, and %s could not collect %s on this GPU" % (
            what, profile.tool, ", ".join(missing) or "them")
    failed = sorted({profile.failures[n] for n in names if n in profile.failures})
    if failed:
        return "%s needs hardware counters, and profiling %s failed: %s" % (
            what, ", ".join(names), "; ".join(failed))
    why = "%s needs hardware counters, and %s profiled none of %s" % (
        what, profile.tool, ", ".join(names) or "its launches")
    if profile.error:
        why += " (%s)" % profile.error
    return why


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
    # The idle lanes are a fact of the block shape; what they cost is not: a kernel whose warps
    # wait on memory or on each other (a wavefront) may run as fast with 16 idle lanes as with a
    # whole-warp block, or faster. So no time is put on them (issue 36: a 48-wide wavefront
    # kernel whose 32-wide version was 7% slower had been given "half the kernel time").
    cost = {"block": list(odd[0].block), "threads": threads, "warps": warps, "idle_lanes": idle,
            "idle_fraction": idle / (warps * 32.0), "launches": len(odd),
            "kernel_time_ms": _ms(kernel_ns)}
    reason = ("block %s: %d of %d lanes idle (%.1f%%) in %d warps; %d launches, %.3f ms kernel "
              "time (what the idle lanes cost is not measured: time the kernel with a "
              "whole-warp block to know)"
              % (_shape(odd[0].block), idle, warps * 32, 100.0 * cost["idle_fraction"], warps,
                 len(odd), cost["kernel_time_ms"]))
    return _result(CONFIRMED, reason, cost)


def _time_sources(ran):
    """Where the kernel times of these launches come from, for the cost: a launch the in-process
    profiler replayed has no activity timestamps; its time is the profiler's measurement of it
    (gpu__time_duration.sum) where that was collected, else unknown (counted as 0)."""
    out = {}
    by_profiler = sum(1 for l in ran if l.duration_source == "profiler")
    untimed = sum(1 for l in ran if l.duration_source is None)
    if by_profiler:
        out["launches_timed_by_profiler"] = by_profiler
    if untimed:
        out["launches_without_time"] = untimed
    return out


def _untimed_note(ran):
    """`, N of them replayed for counters without a kernel time`, or "" when every time is
    known."""
    untimed = sum(1 for l in ran if l.duration_source is None)
    return ", %d of them replayed for counters without a kernel time" % untimed if untimed \
        else ""


def _share(join, recording, ran):
    """The kernel's share (%) of the GPU time of the processes it ran in."""
    total = sum(recording.gpu_time_ns(pid) for pid in {l.pid for l in ran})
    mine = sum(l.duration_ns for l in ran)
    return 100.0 * mine / total if total else None


def check_divergence(join, recording, profile):
    ran = [l for l in join.subject if l.executed]
    if not ran:
        return _result(NOT_CONFIRMED, "none of its %d launches ran" % len(join.subject))
    counters = _counters(join, profile)
    if not counters or counters.get("divergent_branch_targets") is None:
        return _result(NOT_CONFIRMED, _no_counters(profile, "warp divergence", join,
                                                   ("divergent_branch_targets",)))
    divergent = counters["divergent_branch_targets"]
    efficiency = counters.get("warp_efficiency_pct")
    nonpred = counters.get("nonpred_efficiency_pct")
    # Lanes of issued warp instructions that did no work: inactive (branch divergence) or
    # active but predicated off (a branch nvcc turned into predicated instructions).
    lost = 100.0 - nonpred if nonpred is not None else None
    predicated = efficiency - nonpred if efficiency is not None and nonpred is not None else None
    share = _share(join, recording, ran)
    cost = {"divergent_branch_targets": divergent,
            "branch_targets": counters.get("branch_targets"),
            "warp_efficiency_pct": efficiency, "nonpred_efficiency_pct": nonpred,
            "lanes_lost_pct": lost, "predicated_off_pct": predicated,
            "kernel_time_ms": _ms(sum(l.duration_ns for l in ran)), "launches": len(ran),
            **_time_sources(ran),
            "gpu_time_share_pct": share, "kernels": join.launched_names(),
            "counters_source": profile.source,
            "profiled_launches": sum(profile.launches.get(n, 0) for n in join.launched_names())}
    eff = "warp execution efficiency %s" % _pct(efficiency)
    if nonpred is not None:
        eff += ", %s counting predicated-off lanes as idle" % _pct(nonpred)
    tail = "; %d launches, %.3f ms kernel time%s (%s of the program's GPU time)" % (
        len(ran), cost["kernel_time_ms"], _untimed_note(ran), _pct(share))
    if divergent > 0:
        return _result(CONFIRMED, "%.0f divergent branch targets per launch, %s%s"
                       % (divergent, eff, tail), cost)
    if predicated is not None and predicated >= PREDICATED_LOSS_THRESHOLD_PCT:
        return _result(CONFIRMED, "no divergent branch (nvcc predicated it), but %.1f%% of the "
                       "lanes of its warp instructions were predicated off (%s)%s"
                       % (predicated, eff, tail), cost)
    return _result(NOT_CONFIRMED, "no divergent branch at run time and %s of lanes predicated "
                   "off (%s)%s" % (_pct(predicated), eff, tail), cost)


def _pct(value):
    return "%.1f%%" % value if value is not None else "unknown"


def _ready_times(executed):
    """{id(launch): when it could have started}: queued, and every kernel its own stream ran
    before it done."""
    by_stream = {}
    for l in executed:
        by_stream.setdefault((l.pid, l.stream_id), []).append(l)
    ready = {}
    for group in by_stream.values():
        group.sort(key=lambda l: l.start)
        done = None
        for l in group:
            if l.queued is not None:
                ready[id(l)] = l.queued if done is None else max(l.queued, done)
            done = l.end if done is None else max(done, l.end)
    return ready


def waits_on_legacy(ran, recording):
    """[(waiting launch, legacy launch, ns waited)]: kernels of other streams that were ready
    (queued, their own stream idle) before a legacy-stream kernel ended and started only after
    it, and legacy kernels that were ready before another stream's kernel ended and started
    only after it: the implicit synchronisation of the legacy stream.

    Only kernels with activity timestamps take part: a launch the in-process profiler replayed
    (serialised, no timestamps) neither waited nor made others wait in the program's own timing.
    Pairs are found by bisection over kernels sorted by end (not by trying every pair), so a
    long program costs O(n log n) plus the waits found."""
    executed = [l for l in recording.launches if l.timed]
    ready = _ready_times(executed)
    others, legacies = {}, {}
    for o in executed:
        if o.stream_kind != "per-thread" and id(o) in ready and not o.profiled:
            others.setdefault(o.pid, []).append(o)
    for g in ran:
        if g.timed and not g.profiled and id(g) in ready:
            legacies.setdefault(g.pid, []).append(g)
    out = []
    for pid, mine in legacies.items():
        theirs = others.get(pid, [])
        mine = sorted(mine, key=lambda g: g.end)
        mine_ends = [g.end for g in mine]
        theirs = sorted(theirs, key=lambda o: o.end)
        their_ends = [o.end for o in theirs]
        # Another stream's kernel o, ready before a legacy kernel g ended, started only after it:
        # ready(o) < end(g) <= start(o).
        first = set()
        for o in theirs:
            lo = bisect.bisect_right(mine_ends, ready[id(o)])
            hi = bisect.bisect_right(mine_ends, o.start)
            for g in mine[lo:hi]:
                if o.stream_id != g.stream_id:
                    first.add((id(o), id(g)))
                    out.append((o, g, o.start - max(ready[id(o)], g.start)))
        # A legacy kernel g, ready before another stream's kernel o ended, started only after
        # it: ready(g) < end(o) <= start(g) (a pair already counted the other way is not).
        for g in mine:
            lo = bisect.bisect_right(their_ends, ready[id(g)])
            hi = bisect.bisect_right(their_ends, g.start)
            for o in theirs[lo:hi]:
                if o.stream_id != g.stream_id and (id(o), id(g)) not in first:
                    out.append((g, o, g.start - max(ready[id(g)], o.start)))
    return out


def queued_behind_small(legacy, recording):
    """Legacy-stream launches queued while the one before them on that stream still ran with
    fewer blocks than the GPU has SMs (the GPU partly idle while they waited)."""
    sms = recording.device().get("multiprocessors")
    if not sms:
        return 0
    count = 0
    by_pid = {}
    for l in legacy:
        if l.timed:
            by_pid.setdefault(l.pid, []).append(l)
    for mine in by_pid.values():
        mine.sort(key=lambda l: l.start)
        for prev, nxt in zip(mine, mine[1:]):
            blocks = prev.grid[0] * prev.grid[1] * prev.grid[2] if prev.grid else None
            if (nxt.queued is not None and nxt.queued < prev.end and blocks is not None
                    and blocks < sms):
                count += 1
    return count


def check_default_stream(join, recording, profile):
    on_default = [l for l in join.subject if l.stream_kind in ("legacy", "per-thread")]
    if not on_default:
        streams = sorted({str(l.stream_id) for l in join.subject})
        return _result(NOT_CONFIRMED, "all %d launches went to non-default streams (stream ids "
                       "%s)" % (len(join.subject), ", ".join(streams)))
    ran = [l for l in on_default if l.executed]
    legacy = [l for l in ran if l.stream_kind == "legacy"]
    kinds = sorted({l.stream_kind for l in on_default})
    pids, streams = {x.pid for x in ran}, {x.stream_id for x in ran}
    others = {(l.pid, l.stream_id) for l in recording.launches
              if l.executed and l.pid in pids and l.stream_id not in streams}
    waits = waits_on_legacy(legacy, recording)
    backlog = queued_behind_small(legacy, recording)
    waited_ns = sum(w for _, _, w in waits)
    cost = {"launches": len(on_default), "executed_launches": len(ran),
            "stream": "/".join(kinds),
            "stream_ids": sorted({l.stream_id for l in on_default if l.stream_id is not None}),
            "time_on_default_stream_ms": _ms(sum(l.duration_ns for l in ran)),
            **_time_sources(ran),
            "other_streams": len(others), "waits": len(waits), "waited_ms": _ms(waited_ns),
            "queued_behind_small_kernel": backlog,
            "queue_times": all(l.queued is not None for l in ran)}
    head = "%d launches on the %s default stream, %.3f ms of kernel time%s" % (
        len(on_default), cost["stream"], cost["time_on_default_stream_ms"], _untimed_note(ran))
    if waits:
        return _result(CONFIRMED, "%s; %d times a kernel waited for the other stream's work "
                       "though it was ready (the legacy stream's implicit synchronisation), "
                       "%.3f ms of waiting" % (head, len(waits), cost["waited_ms"]), cost)
    if not ran:
        why = "none of them ran"
    elif not legacy:
        why = "the per-thread default stream does not synchronise with other streams"
    elif not cost["queue_times"]:
        why = "the records carry no queue times (an older injection library), so no wait can " \
              "be shown"
    elif not others:
        why = "no other stream ran work in this process, so no other stream's work waited"
    else:
        why = "work of %d other streams ran, and none of it waited for these launches nor they " \
              "for it" % len(others)
    profiled = sum(1 for l in recording.launches if l.executed and l.profiled and l.pid in pids)
    if others and profiled:
        cost["profiled_launches_not_timed"] = profiled
        why += " (%d launches profiled for counters, so serialised, are not counted)" % profiled
    if backlog:
        why += "; %d launches were queued while the one before them on this stream ran fewer " \
               "blocks than the GPU has SMs: separate streams would overlap them only if they " \
               "are independent, which a run does not show" % backlog
    return _result(OBSERVED, "%s; %s" % (head, why), cost)


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


def _granule(value, unit):
    return -(-value // unit) * unit


def register_limit(threads, device):
    """The most registers per thread with which one block of `threads` still launches."""
    per_block = device.get("max_registers_per_block") or 65536
    per_thread = per_block // _granule(threads, 32)
    return min(255, per_thread - per_thread % 8)


def occupancy(threads, registers, smem, device):
    """(theoretical occupancy %, occupancy % without the register limit) of one launch shape, as
    cudaOccupancyMaxActiveBlocksPerMultiprocessor computes it: registers are allocated per warp
    in units of 256 from the register file of one of the SM's 4 sub-partitions."""
    warps = -(-threads // 32)
    max_warps = device.get("max_warps_per_sm") or 64
    limits = [device.get("max_blocks_per_sm") or 32, max_warps // warps]
    smem_sm = device.get("max_smem_per_sm")
    if smem and smem_sm:
        limits.append(smem_sm // (smem + 1024))  # 1 KB per block reserved by the driver
    regs_sm = device.get("max_registers_per_sm") or 65536
    by_regs = None
    if registers:
        per_warp = _granule(registers * 32, 256)
        by_regs = (regs_sm // SUB_PARTITIONS // per_warp) * SUB_PARTITIONS // warps
    other = min(limits)
    both = min(other, by_regs) if by_regs is not None else other
    return 100.0 * both * warps / max_warps, 100.0 * other * warps / max_warps


SUB_PARTITIONS = 4


def _device_arch(device):
    cc = device.get("compute_capability")
    return "sm_%d%d" % (cc[0], cc[1]) if cc and len(cc) == 2 else None


def _checked_entry(check, name, device):
    """The entry of cuda-lint's ptxas check (`bounds_check`) for kernel `name` on the arch the
    run's GPU has, or None."""
    if not check or not check.get("checked"):
        return None
    arch = _device_arch(device)
    for k in check.get("kernels") or []:
        if device_name(k.get("name")) == name and (arch is None or k.get("arch") == arch):
            return k
    return None


def _spills(entry, i):
    return entry["spill_stores"][i] + entry["spill_loads"][i]


def _judge_bound(name, largest, device, check, bound):
    """(verdict, text, cost) of one kernel that ran: what its registers, seen in the run, cost in
    theoretical occupancy at its largest block, and what ptxas's check of the bound says."""
    threads, regs = largest.threads_per_block, largest.registers
    smem = (largest.static_smem or 0) + (largest.dynamic_smem or 0)
    occ, without = occupancy(threads, regs, smem, device)
    cost = {"name": name, "registers": regs, "largest_block": threads,
            "registers_allowed": register_limit(threads, device), "occupancy_pct": occ,
            "occupancy_without_register_limit_pct": without}
    ran = "%d registers/thread (theoretical occupancy %.0f%% at its largest block, %d threads" % (
        regs, occ, threads)
    ran += ", %.0f%% without the register limit)" % without if without > occ else ")"
    entry = _checked_entry(check, name, device)
    why = None
    if entry is None:
        why = (check or {}).get("reason") or "the findings carry no check of the bound " \
            "(cuda-lint --resource-usage compiles the kernel with it)"
        if check and check.get("checked"):
            why = "ptxas checked it on %s, not on this GPU's %s" % (
                ", ".join(sorted({k["arch"] for k in check.get("kernels") or []})),
                _device_arch(device) or "arch")
    elif entry["registers"][0] != regs:
        why = "ptxas's check compiled it to %d registers without the bound: another build" % (
            entry["registers"][0])
    if why:
        if without > occ:
            return NOT_CONFIRMED, "%s; whether %s lowers the registers is not known: %s" % (
                ran, bound, why), cost
        return OBSERVED, "%s; registers do not limit its occupancy, so the missing bound cost " \
            "no occupancy (what %s would change is not checked: %s)" % (ran, bound, why), cost
    after = entry["registers"][1]
    occ_after, _ = occupancy(threads, after, smem, device)
    cost.update({"registers_with_bound": after, "occupancy_with_bound_pct": occ_after,
                 "spill_bytes_with_bound": _spills(entry, 1)})
    checked = "ptxas compiled it under %s to %d registers" % (bound, after)
    if _spills(entry, 1) > _spills(entry, 0):
        checked += " with %d bytes of spill stores" % entry["spill_stores"][1]
    if _spills(entry, 1) > _spills(entry, 0) or occ_after < occ:
        return OBSERVED, "%s; %s, %.0f%%: the bound would cost, not gain, so the missing bound " \
            "cost nothing here" % (ran, checked, occ_after), cost
    if occ_after > occ:
        return CONFIRMED, "%s; %s, %.0f%%: the missing bound costs %.0f points of theoretical " \
            "occupancy (its time is not measured by this run)" % (
                ran, checked, occ_after, occ_after - occ), cost
    return OBSERVED, "%s; %s, the same %.0f%%: the missing bound cost no occupancy" % (
        ran, checked, occ_after), cost


def check_missing_bounds(join, recording, profile):
    failed = _failures(join.subject, {cuda_errors.OUT_OF_RESOURCES})
    if failed:
        demand = _register_demand(failed[0], recording)
        return _result(CONFIRMED, "launch with block %s failed: %s%s; __launch_bounds__ would "
                       "have made the compiler fit the block" % (
                           _shape(failed[0].block), _error_text(failed[0]),
                           " (%s)" % demand if demand else ""),
                       {"failed_launches": len(failed), "error": failed[0].error[0],
                        "message": failed[0].error[1]})
    ran = [l for l in join.subject if l.executed and l.registers and l.threads_per_block]
    if not ran:
        return _result(NOT_CONFIRMED, "none of its %d launches ran" % len(join.subject))
    device = recording.device()
    check = join.bounds_check
    names = sorted({l.name for l in ran})
    verdicts, parts, cost = [], [], {"kernels": []}
    for name in names:
        mine = [l for l in ran if l.name == name]
        largest = max(mine, key=lambda l: l.threads_per_block)
        bound = (check or {}).get("bound") or "__launch_bounds__(%d)" % largest.threads_per_block
        verdict, text, kernel_cost = _judge_bound(device_name(name), largest, device, check,
                                                  bound)
        verdicts.append(verdict)
        cost["kernels"].append(kernel_cost)
        parts.append(("%s: " % (largest.demangled or name) if len(names) > 1 else "") + text)
    verdict = CONFIRMED if CONFIRMED in verdicts else (
        NOT_CONFIRMED if NOT_CONFIRMED in verdicts else OBSERVED)
    return _result(verdict, "all %d launches ran: %s" % (len(join.subject), "; ".join(parts)),
                   cost)


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
    if not counters or counters.get("achieved_occupancy_pct") is None:
        return _result(NOT_CONFIRMED, _no_counters(profile, "achieved occupancy", join,
                                                   ("achieved_occupancy_pct",)))
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


def _check_register_spill(join, recording, profile):
    return confirm_resources.check_register_spill(join, recording, profile)


def _check_small_grid(join, recording, profile):
    return confirm_resources.check_small_grid(join, recording, profile)


def _check_tail_effect(join, recording, profile):
    return confirm_resources.check_tail_effect(join, recording, profile)


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
    "register-spill": _check_register_spill,
    "small-grid": _check_small_grid,
    "tail-effect": _check_tail_effect,
}

# Rules about a host call, not a kernel: joined to the calls recorded at the finding's line.
SITE_RULES = {"pageable-async-copy"}

# Rules whose verdict needs hardware counters (the confirm script profiles their kernels with
# --ncu: in process, or under ncu where that is unavailable).
COUNTER_RULES = {"warp-divergent-branch", "low-occupancy", "register-spill", "small-grid",
                 "tail-effect"}


def judge(finding, recording, profile=None, source=None):
    """The verdict dict of one finding: verdict, reason, cost, launches. `source`: ncu's
    source-level counters (confirm_memory.SourceCounters) for the memory-access rules."""
    rule = finding.get("rule", "")
    if rule in SITE_RULES:
        return confirm_copies.judge(finding, recording)
    names = finding_kernel_names(finding)
    join = Join(finding, recording.launches)
    if not names and not join.by_name:
        kernel = finding.get("kernel") or {}
        if rule not in RULE_CHECKS:
            # A finding of a rule without a runtime check that names no kernel (a host-side
            # rule): nothing to join, and no build flag would change that.
            out = _result(NOT_CONFIRMED, "no runtime check for rule %r" % rule)
            out["launches"] = 0
            return out
        placed = join.site and any(f == join.site[0] for l in recording.launches
                                   for f, _ in l.sites or ())
        # Launch sites resolved anywhere: the program has debug information, so a launch made
        # from the finding's line would have been placed there.
        debug_info = any(l.sites for l in recording.launches)
        if kernel.get("instantiations") == []:
            out = _result(NOT_EXERCISED, "no instantiation of template %s was compiled"
                          % (kernel.get("demangled") or "?"))
        elif placed or (join.site and debug_info):
            out = _result(NOT_EXERCISED, "the finding names no kernel, and no launch was made "
                          "from %s:%d%s" % (join.site + ("" if placed else (
                              " (the launches' call stacks were placed at other source files)"),)))
        elif join.site is None:
            out = _result(NOT_CONFIRMED, "the finding names no kernel and no launch, so no "
                          "launch can be joined to it")
        else:
            out = _result(NOT_CONFIRMED, "the finding names no kernel (a launch through a "
                          "function pointer, say) and no launch could be placed at its line "
                          "(that needs a program built with -g), so none can be joined to it")
        out["launches"] = 0
        return out
    if not join.by_name:
        out = _result(NOT_EXERCISED, "the kernel was never launched in this run" if len(names)
                      == 1 else "none of its %d instantiations was launched in this run"
                      % len(names))
    elif join.site_status == "elsewhere":
        out = _result(NOT_EXERCISED, "its kernel launched %d times, from %s line %s, never "
                      "from line %d" % (len(join.by_name), join.site[0],
                                        ", ".join(map(str, join.other_lines)), join.site[1]))
    elif not join.subject:
        launch = finding.get("launch") or {}
        out = _result(NOT_EXERCISED, "its kernel launched %d times, never with the finding's "
                      "configuration (block %s, grid %s)" % (
                          len(join.by_name), _shape(launch.get("block")),
                          _shape(launch.get("grid"))))
    else:
        check = RULE_CHECKS.get(rule)
        if rule in confirm_memory.RULES:
            out = confirm_memory.judge(join, finding, source, _result)
        else:
            out = check(join, recording, profile) if check else _result(
                NOT_CONFIRMED, "no runtime check for rule %r" % rule)
    out["launches"] = len(join.by_name)
    if join.site:
        out["launch_site"] = join.site_status
    return out


def judge_all(findings, recording, profile=None, source=None):
    """[(finding, verdict dict)] for every finding, in the findings' order."""
    return [(f, judge(f, recording, profile, source)) for f in findings]


def kernels_without_findings(findings, recording):
    """Names of the kernels that ran without any finding (e.g. the fixed twins)."""
    flagged = set()
    for f in findings:
        flagged.update(finding_kernel_names(f))
    names = {}
    for l in recording.launches:
        if l.name and device_name(l.name) not in flagged:
            names.setdefault(l.name, l.demangled or l.name)
    return sorted(names.items(), key=lambda kv: kv[1])

