#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Verdicts of register-spill, small-grid and tail-effect (confirm_resources.py) on records the
injection library wrote on an H100 (driver 580.159.04, 2026-11-25) for kernels/register_spill.cu,
small_grid.cu, tail_effect.cu and launch_bounds.cu with `--ncu`: counters from the in-process
profiler (Inputs/records/*_h100.jsonl) and from ncu (*_h100_ncu.jsonl with Inputs/ncu/
*_confirm.csv), the findings cuda-lint made for them and decoys on their fixed twins; and
synthetic cases those runs do not contain."""

import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import confirm_records  # noqa: E402
import confirm_resources  # noqa: E402
import confirm_verdict as cv  # noqa: E402
import cupti_counters  # noqa: E402
import ncu_metrics  # noqa: E402

INPUTS = os.path.join(HERE, "Inputs")


def recording(name):
    return confirm_records.load(os.path.join(INPUTS, "records", name + ".jsonl"))


def findings(name):
    with open(os.path.join(INPUTS, "findings", name + ".json")) as f:
        return json.load(f)["findings"]


def finding(name, rule, kernel=None):
    return [f for f in findings(name) if f["rule"] == rule and (
        kernel is None or f["kernel"]["name"] == kernel)][0]


def cupti_profile(rec, fs):
    return cupti_counters.profile(rec, cupti_counters.request(fs, 1))


def ncu_profile(program):
    with open(os.path.join(INPUTS, "ncu", program + "_confirm.csv")) as f:
        kernels, launches = ncu_metrics.parse_details_csv(f.read())
    return ncu_metrics.Profile(ok=True, kernels=kernels, launches=launches)


def judge(name, f, source="cupti", decoys=False):
    """The verdict on the program's recording (the one of its decoys' run: their kernels
    profiled)."""
    if source == "ncu":
        return cv.judge(f, recording(name + "_h100_ncu"), ncu_profile(name))
    rec = recording(name + ("_decoys_h100" if decoys else "_h100"))
    return cv.judge(f, rec, cupti_profile(rec, [f]) if source == "cupti" else None)


class RegisterSpillTest(unittest.TestCase):
    def test_spilling_kernel_is_confirmed_by_local_memory_sectors(self):
        f = finding("register_spill", "register-spill")
        for source in ("cupti", "ncu"):
            v = judge("register_spill", f, source)
            self.assertEqual(v["verdict"], cv.CONFIRMED, source)
            self.assertEqual((v["cost"]["local_load_sectors"], v["cost"]["local_store_sectors"]),
                             (153092096, 140183552))
            self.assertEqual(v["cost"]["registers"], [32])
            self.assertRegex(v["reason"], r"^153092096 local-memory sectors loaded and 140183552 "
                             r"stored per launch \(spilled registers or a local array in device "
                             r"memory behind L1\); 32 registers/thread; 4 launches, [0-9.]+ ms "
                             r"kernel time$")
            self.assertNotIn("slower", v["reason"])

    def test_twin_with_room_has_no_local_traffic(self):
        decoy = finding("decoys_resources", "register-spill", "_Z9spillRoomPji")
        v = judge("register_spill", decoy, decoys=True)
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertEqual(v["reason"], "no local-memory traffic at run time (0 local-memory "
                         "sectors loaded and 0 stored per launch); 64 registers/thread")

    def test_bounded_twin_of_launch_bounds_really_spills(self):
        v = judge("launch_bounds", finding("launch_bounds_ptxas", "register-spill"))
        self.assertEqual(v["verdict"], cv.CONFIRMED)
        self.assertEqual(v["cost"]["local_load_sectors"], 21559296)

    def test_without_counters_the_sizes_are_not_a_verdict(self):
        v = judge("register_spill", finding("register_spill", "register-spill"), source=None)
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertEqual(v["reason"], "local-memory traffic needs hardware counters: rerun with "
                         "--ncu (the kernel records give only sizes: 32 registers/thread)")


class SmallGridTest(unittest.TestCase):
    def test_small_grid_is_confirmed_with_the_sms_activity(self):
        for source in ("cupti", "ncu"):
            v = judge("small_grid", finding("small_grid", "small-grid"), source)
            self.assertEqual(v["verdict"], cv.CONFIRMED)
            self.assertEqual((v["cost"]["grids"], v["cost"]["sms"]), ([32], 132))
            self.assertAlmostEqual(v["cost"]["sm_active_share_pct"], 23.8, delta=0.3)
            self.assertRegex(v["reason"], r"^grid of 32 blocks on the 132 SMs of the NVIDIA H100 "
                             r"80GB HBM3 it ran on: 100 SMs had no block; the mean SM was active "
                             r"23\.\d% of the busiest SM's cycles \(sm__cycles_active.avg / "
                             r"\.max\); 4 launches, [0-9.]+ ms kernel time$")

    def test_full_grid_twin_and_a_tail_grid_are_not_small(self):
        v = judge("small_grid", finding("decoys_resources", "small-grid",
                                        "_Z12axpyFullGridPKjS0_Pji"), decoys=True)
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertRegex(v["reason"], r"^grid of 1056 blocks, not fewer than the 132 SMs of the "
                         r"NVIDIA H100 80GB HBM3 it ran on; the mean SM was active 9\d\.\d%")
        v = judge("tail_effect", finding("decoys_resources", "small-grid", "_Z12hashTailGridPj"),
                  decoys=True)
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)

    def test_without_counters_the_grid_still_decides_and_the_idle_time_is_not_claimed(self):
        v = judge("small_grid", finding("small_grid", "small-grid"), source=None)
        self.assertEqual(v["verdict"], cv.CONFIRMED)
        self.assertIn("how busy the SMs were needs counters: rerun with --ncu", v["reason"])
        self.assertNotIn("sm_active_share_pct", v["cost"])


class TailEffectTest(unittest.TestCase):
    def test_tail_grid_is_confirmed_from_computed_and_from_ncu_waves(self):
        f = finding("tail_effect", "tail-effect")
        v = judge("tail_effect", f)
        self.assertEqual(v["verdict"], cv.CONFIRMED)
        self.assertAlmostEqual(v["cost"]["waves"], 145 / 132.0)
        self.assertEqual((v["cost"]["full_waves"], v["cost"]["blocks_per_wave"]), (1, 132))
        self.assertRegex(v["reason"], r"^grid of 145 blocks ran as 1\.10 waves \(grid / \(132 SMs "
                         r"x 1 block per SM from the kernel record's registers and shared "
                         r"memory\)\): 1 full wave and a partial last wave of 13 blocks; 4 "
                         r"launches, [0-9.]+ ms kernel time \(the share of the time the last "
                         r"wave took is not measured\)$")
        v = judge("tail_effect", f, "ncu")
        self.assertEqual(v["verdict"], cv.CONFIRMED)
        self.assertEqual(v["cost"]["waves_source"], "launch__waves_per_multiprocessor")
        self.assertAlmostEqual(v["cost"]["waves"], 1.10)
        self.assertIn("partial last wave of 13 blocks", v["reason"])

    def test_whole_waves_are_not_confirmed(self):
        v = judge("tail_effect", finding("decoys_resources", "tail-effect",
                                         "_Z14hashWholeWavesPji"), decoys=True)
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertTrue(v["reason"].endswith("): whole waves"), v["reason"])
        # cuda-lint assumed an H20 (1.69 waves of 78); on the H100 the 132 blocks are one wave.
        v = judge("launch_bounds", finding("launch_bounds_ptxas", "tail-effect"))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertAlmostEqual(v["cost"]["waves"], 1.0)

    def test_small_grid_is_no_tail_and_many_waves_are_under_twenty_percent(self):
        v = judge("small_grid", finding("decoys_resources", "tail-effect",
                                        "_Z13axpySmallGridPKjS0_Pji"), decoys=True)
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("less than one full wave", v["reason"])
        rec = recording("tail_effect_h100")
        for l in rec.launches:
            if l.grid == (145, 1, 1):
                l.grid = (5 * 132 + 13, 1, 1)  # 5 full waves: the last is at most 1/6
        f = finding("tail_effect", "tail-effect")
        v = cv.judge(f, rec, cupti_profile(rec, [f]))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("with 5 full waves the last one is at most 1/6 of the run", v["reason"])

    def test_resident_blocks_match_ncu_occupancy_limits(self):
        # launch__occupancy_limit_{registers,warps,blocks} of the same kernels, recorded by ncu
        # on the same H100 (Inputs/ncu/*_confirm.csv has the waves they give).
        rec = recording("tail_effect_h100")
        device = rec.device()
        blocks = {l.name: confirm_resources.resident_blocks(l, device) for l in rec.launches}
        self.assertEqual(blocks["_Z12hashTailGridPj"], 1)
        rec = recording("register_spill_h100")
        blocks = {l.name: confirm_resources.resident_blocks(l, rec.device())
                  for l in rec.launches}
        self.assertEqual(blocks, {"_Z13spillSqueezedPji": 8, "_Z9spillRoomPji": 4})


def sample(name, mode):
    """(findings, recording, profile) of a cuda-sample run on an H200 (2026-11-26, the same
    driver): counters in process ("cupti") or from ncu ("ncu"; the CSV where it gave one)."""
    fs = findings_at(os.path.join(INPUTS, "samples", "shape_%s_findings.json" % name))
    rec = confirm_records.load(os.path.join(INPUTS, "samples", "shape_%s_%s.jsonl" % (name, mode)))
    csv_path = os.path.join(INPUTS, "samples", "shape_%s_ncu.csv" % name)
    if mode == "ncu" and os.path.exists(csv_path):
        with open(csv_path) as f:
            kernels, launches = ncu_metrics.parse_details_csv(f.read())
        prof = ncu_metrics.Profile(ok=bool(kernels), kernels=kernels, launches=launches)
    elif mode == "cupti":
        prof = cupti_profile(rec, fs)
    else:
        prof = None
    return fs, rec, prof


def findings_at(path):
    with open(path) as f:
        return json.load(f)["findings"]


class SamplesTest(unittest.TestCase):
    """cuda-lint's small-grid findings on cuda-samples (`--gpu 'H100 SXM'`; the run was on an
    H200, also 132 SMs) and decoys on kernels it does not report, each checked by hand
    (docs/confirm-samples.md)."""

    WANT = {
        "clock": [("small-grid", 134, cv.CONFIRMED)],
        "histogram": [("small-grid", 197, cv.CONFIRMED), ("tail-effect", 54, cv.NOT_CONFIRMED),
                      ("tail-effect", 1, cv.CONFIRMED), ("register-spill", 1, cv.NOT_CONFIRMED)],
        "simpleAtomicIntrinsics": [("small-grid", 118, cv.CONFIRMED)],
        "simpleAssert": [("small-grid", 115, cv.CONFIRMED)],
        "vectorAdd": [("tail-effect", 47, cv.NOT_CONFIRMED), ("register-spill", 47, cv.NOT_CONFIRMED),
                      ("small-grid", 47, cv.NOT_CONFIRMED)],
        "matrixMul": [("small-grid", 58, cv.NOT_CONFIRMED), ("tail-effect", 58, cv.NOT_CONFIRMED),
                      ("register-spill", 58, cv.NOT_CONFIRMED)],
    }

    def test_verdicts_in_process_and_from_ncu(self):
        for name, want in self.WANT.items():
            for mode in ("cupti", "ncu"):
                fs, rec, prof = sample(name, mode)
                got = [(f["rule"], f["line"], cv.judge(f, rec, prof)["verdict"]) for f in fs]
                self.assertEqual(got, want, (name, mode))

    def test_histogram64_tail_that_cuda_lint_cannot_see(self):
        # A decoy: 4370 blocks from the data size at run time, 32 blocks of 64 threads per SM.
        for mode, source in (("cupti", "grid / (132 SMs x 32 blocks per SM"),
                             ("ncu", "launch__waves_per_multiprocessor")):
            fs, rec, prof = sample("histogram", mode)
            f = [f for f in fs if f["rule"] == "tail-effect" and f["line"] == 1][0]
            v = cv.judge(f, rec, prof)
            self.assertIn("grid of 4370 blocks ran as 1.03 waves (%s" % source, v["reason"])
            self.assertIn("1 full wave and a partial last wave of 146 blocks", v["reason"])

    def test_a_kernel_that_asserted_still_had_its_grid(self):
        # simpleAssert's kernel trips a device-side assert: its kernel record has no timestamps.
        fs, rec, prof = sample("simpleAssert", "ncu")
        v = cv.judge(fs[0], rec, prof)
        self.assertEqual(v["reason"], "grid of 2 blocks on the 132 SMs of the NVIDIA H200 it ran "
                         "on: 130 SMs had no block; its 1 accepted launches have no kernel "
                         "timestamps (the kernel did not complete normally), so no counters either")


if __name__ == "__main__":
    unittest.main()
