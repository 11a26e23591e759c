# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Verdicts of the rules about how a kernel uses the GPU's resources (issue 36): register-spill
(local-memory traffic), small-grid (a grid with fewer blocks than the GPU has SMs) and
tail-effect (a partial last wave of blocks). Each verdict states what the run measured, never a
modelled cost:

- register-spill: the local-memory sectors the kernel loaded and stored
  (`l1tex__t_sectors_pipe_lsu_mem_local_op_{ld,st}.sum`, with --ncu); confirmed when there were
  any. Without counters, not confirmed (the kernel record's local memory per thread is a
  compile-time size, not traffic).
- small-grid: the launch's grid (launch record; `launch__grid_size` where ncu gave it) against the
  SMs of the GPU it ran on (device record); confirmed when smaller, with how busy the SMs were
  (`sm__cycles_active.avg` against `.max`: the mean SM against the busiest) where counted.
- tail-effect: the waves, `launch__waves_per_multiprocessor` where ncu gave it, else computed the
  way ncu computes it (grid / (SMs x resident blocks per SM), the blocks from the kernel record's
  registers and shared memory and the device's limits); confirmed when Nsight Compute's TailEffect
  rule holds: a full wave, a partial one, and 1 / (1 + full waves) >= 20%.

The functions take the Join, Recording and Profile of confirm_verdict.py, which calls them through
RULE_CHECKS.
"""

import confirm_verdict as cv

TAIL_SHARE_THRESHOLD = 0.2  # Nsight Compute's TailEffect rule


def _blocks(grid):
    return grid[0] * grid[1] * grid[2] if grid else None


def _granule(value, unit):
    return -(-value // unit) * unit


def resident_blocks(launch, device):
    """Blocks of `launch` one SM holds at once (what ncu's launch__occupancy_limit_* give):
    the least of the block slots, the warps, the registers (allocated per warp in units of 256)
    and the shared memory (1 KB per block reserved by the driver). None without a block size."""
    threads = launch.threads_per_block
    if not threads:
        return None
    warps = -(-threads // 32)
    limits = [device.get("max_blocks_per_sm") or 32,
              (device.get("max_warps_per_sm") or 64) // warps]
    if launch.registers:
        per_warp = _granule(launch.registers * 32, 256)
        limits.append(((device.get("max_registers_per_sm") or 65536) // per_warp) // warps)
    smem = (launch.static_smem or 0) + (launch.dynamic_smem or 0)
    if smem and device.get("max_smem_per_sm"):
        limits.append(device["max_smem_per_sm"] // (smem + 1024))
    return max(0, min(limits))


def _ran(join):
    return [l for l in join.subject if l.executed]


def _kernel_time(ran):
    return "%d launches, %.3f ms kernel time%s" % (
        len(ran), cv._ms(sum(l.duration_ns for l in ran)), cv._untimed_note(ran))


def check_register_spill(join, recording, profile):
    ran = _ran(join)
    if not ran:
        return cv._result(cv.NOT_CONFIRMED, "none of its %d launches ran" % len(join.subject))
    regs = sorted({l.registers for l in ran if l.registers is not None})
    # CUPTI's local memory per thread (0 on an H100 even for a kernel with a 184-byte stack
    # frame): said only when it is not 0.
    local = sorted({l.local_mem_per_thread for l in ran if l.local_mem_per_thread})
    compiled = "%s registers/thread%s" % ("/".join(map(str, regs)) or "?", (
        ", %s B of local memory per thread" % "/".join(map(str, local))) if local else "")
    counters = cv._counters(join, profile)
    keys = ("local_load_sectors", "local_store_sectors")
    if not counters or any(counters.get(k) is None for k in keys):
        return cv._result(cv.NOT_CONFIRMED, "%s (the kernel records give only sizes: %s)" % (
            cv._no_counters(profile, "local-memory traffic", join, keys), compiled))
    loads, stores = counters["local_load_sectors"], counters["local_store_sectors"]
    cost = {"local_load_sectors": loads, "local_store_sectors": stores,
            "registers": regs, "local_mem_per_thread": local,
            "kernel_time_ms": cv._ms(sum(l.duration_ns for l in ran)), "launches": len(ran),
            **cv._time_sources(ran), "counters_source": profile.source}
    traffic = "%.0f local-memory sectors loaded and %.0f stored per launch" % (loads, stores)
    if loads + stores > 0:
        return cv._result(cv.CONFIRMED, "%s (spilled registers or a local array in device "
                          "memory behind L1); %s; %s" % (traffic, compiled, _kernel_time(ran)),
                          cost)
    return cv._result(cv.NOT_CONFIRMED, "no local-memory traffic at run time (%s); %s" % (
        traffic, compiled), cost)


def check_small_grid(join, recording, profile):
    # The grid is the launch's: decided on every accepted launch, whether or not its kernel then
    # completed (a kernel that trips a device-side assert leaves a record without timestamps).
    ran = _ran(join)
    accepted = [l for l in join.subject if not l.failed]
    if not accepted:
        return cv._result(cv.NOT_CONFIRMED, "none of its %d launches was accepted"
                          % len(join.subject))
    device = recording.device()
    sms = device.get("multiprocessors")
    if not sms:
        return cv._result(cv.NOT_CONFIRMED, "the records name no device, so the SM count is "
                          "unknown")
    counters = cv._counters(join, profile) or {}
    grids = sorted({_blocks(l.grid) for l in accepted if l.grid})
    if not grids and counters.get("grid_size") is not None:
        grids = [int(counters["grid_size"])]
    small = [g for g in grids if g < sms]
    cost = {"grids": grids, "sms": sms, "device": device.get("name"),
            "kernel_time_ms": cv._ms(sum(l.duration_ns for l in ran)), "launches": len(ran),
            **cv._time_sources(ran)}
    avg, peak = counters.get("sm_active_cycles_avg"), counters.get("sm_active_cycles_max")
    if avg is not None and peak:
        cost["sm_active_share_pct"] = 100.0 * avg / peak
        busy = "; the mean SM was active %.1f%% of the busiest SM's cycles " \
               "(sm__cycles_active.avg / .max)" % cost["sm_active_share_pct"]
    elif not ran:
        busy = ""  # no completed kernel to count
    elif profile is None:
        busy = "; how busy the SMs were needs counters: rerun with --ncu"
    else:
        busy = "; %s" % cv._no_counters(profile, "SM activity", join,
                                        ("sm_active_cycles_avg", "sm_active_cycles_max"))
    grid_text = "grid of %s blocks" % "/".join(map(str, grids))
    timing = _kernel_time(ran) if ran else "its %d accepted launches have no kernel " \
        "timestamps (the kernel did not complete normally), so no counters either" % len(accepted)
    if small:
        return cv._result(cv.CONFIRMED, "%s on the %d SMs of the %s it ran on: %d SMs had no "
                          "block%s; %s" % (grid_text, sms, device.get("name") or "GPU",
                                           sms - max(small), busy, timing), cost)
    return cv._result(cv.NOT_CONFIRMED, "%s, not fewer than the %d SMs of the %s it ran on%s"
                      % (grid_text, sms, device.get("name") or "GPU", busy), cost)


def _waves(join, recording, counters):
    """(waves, blocks per wave or None, source) of the joined launches' largest grid."""
    device = recording.device()
    sms = device.get("multiprocessors")
    launch = max((l for l in _ran(join) if l.grid), key=lambda l: _blocks(l.grid), default=None)
    per_sm = resident_blocks(launch, device) if launch is not None else None
    if counters.get("waves_per_sm"):
        # ncu gives two decimals: the blocks of a wave come from the records where they give
        # the same waves, and are left out otherwise.
        waves = counters["waves_per_sm"]
        wave = per_sm * sms if per_sm and sms else None
        if wave and abs(round(_blocks(launch.grid) / float(wave), 2) - waves) > 0.005:
            wave = None
        return waves, wave, "launch__waves_per_multiprocessor"
    if launch is None or not sms:
        return None, None, None
    if not per_sm:
        return None, None, None
    wave = per_sm * sms
    return (_blocks(launch.grid) / float(wave), wave,
            "grid / (%d SMs x %d block%s per SM from the kernel record's registers and shared "
            "memory)" % (sms, per_sm, "" if per_sm == 1 else "s"))


def check_tail_effect(join, recording, profile):
    ran = _ran(join)
    if not ran:
        return cv._result(cv.NOT_CONFIRMED, "none of its %d launches ran" % len(join.subject))
    counters = cv._counters(join, profile) or {}
    waves, wave, source = _waves(join, recording, counters)
    if waves is None:
        return cv._result(cv.NOT_CONFIRMED, "the waves are unknown: no device record, or the "
                          "kernel record gives no block size")
    grids = sorted({_blocks(l.grid) for l in ran if l.grid})
    full = int(waves + 1e-9)
    partial = waves - full > 1e-6
    cost = {"waves": waves, "waves_source": source, "full_waves": full, "grids": grids,
            "kernel_time_ms": cv._ms(sum(l.duration_ns for l in ran)), "launches": len(ran),
            **cv._time_sources(ran)}
    if wave:
        cost["blocks_per_wave"] = wave
    shape = "grid of %s blocks ran as %.2f waves (%s)" % ("/".join(map(str, grids)), waves,
                                                        source)
    if full >= 1 and partial and 1.0 / (1 + full) >= TAIL_SHARE_THRESHOLD:
        last = " of %d blocks" % (max(grids) - full * wave) if wave and grids else ""
        return cv._result(cv.CONFIRMED, "%s: %d full wave%s and a partial last wave%s; %s (the "
                          "share of the time the last wave took is not measured)" % (
                              shape, full, "" if full == 1 else "s", last, _kernel_time(ran)),
                          cost)
    if not full:
        why = "less than one full wave (a small grid, if anything)"
    elif not partial:
        why = "whole waves"
    else:
        why = "with %d full waves the last one is at most 1/%d of the run, under Nsight " \
              "Compute's 20%%" % (full, full + 1)
    return cv._result(cv.NOT_CONFIRMED, "%s: %s" % (shape, why), cost)
