#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Unit tests (no GPU) of confirm's missing-launch-bounds verdict (issue 36 items 5 and 6): it
compares the registers a run shows with what ptxas compiled under the proposed bound (the
finding's `bounds_check`, written by `cuda-lint --resource-usage`), counts a gain in theoretical
occupancy as the cost of the missing bound, and never states a register count that neither the
run nor ptxas's check showed. The launches are built here; the checks are the ones cuda-lint
wrote for test/lit/ptxas-rules/Inputs/bounds.cu with CUDA 13.0 on sm_90 (stencil: 36 -> 31
registers, mix40: 56 -> 64, mix64: 79 -> 64 with spills) and, for the wrong verdict of issue 36,
the 34 -> 32 registers that ptxas gave a Rodinia stencil under __launch_bounds__(256)."""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import confirm_records  # noqa: E402
import confirm_verdict as cv  # noqa: E402

H100 = {"type": "device", "name": "NVIDIA H100 80GB HBM3", "compute_capability": [9, 0],
        "multiprocessors": 132, "max_warps_per_sm": 64, "max_blocks_per_sm": 32,
        "max_registers_per_sm": 65536, "max_registers_per_block": 65536,
        "max_smem_per_sm": 233472, "max_smem_per_block": 49152, "max_threads_per_block": 1024}


def recording(name, block, registers, static_smem=0, device=H100):
    launch = confirm_records.Launch(pid=1, correlation_id=1, name=name, demangled=None,
                                    grid=(64, 1, 1), block=block, executed=True, start=0,
                                    end=1000, registers=registers, static_smem=static_smem)
    return confirm_records.Recording(launches=[launch], devices=[device], processes=[],
                                     errors=[], dropped=0, complete=True, bad_lines=0)


def finding(name, bound, check=None):
    f = {"rule": "missing-launch-bounds", "file": "k.cu", "line": 7,
         "kernel": {"name": name, "demangled": name}}
    if check is not None:
        f["bounds_check"] = check
    return f


def checked(name, bound, outcome, registers, spill_stores=(0, 0), arch="sm_90", threads=256):
    return {"bound": bound, "checked": True, "outcome": outcome,
            "kernels": [{"name": name, "arch": arch, "threads": threads,
                         "registers": list(registers), "spill_stores": list(spill_stores),
                         "spill_loads": list(spill_stores), "fits": [True, True],
                         "occupancy": [0, 0], "largest_fitting_block": threads}]}


STENCIL = "_Z7stenciliPKfPfS0_iiffffffff"


class MissingBoundsVerdictTest(unittest.TestCase):
    def test_a_bound_that_raises_occupancy_is_a_confirmed_cost(self):
        # Issue 36: "no cost" where the fix-it ran 1.10x faster (34 -> 32 registers, 75% -> 100%).
        check = checked("_Z4heatPf", "__launch_bounds__(256)", "raises-occupancy", (34, 32))
        v = cv.judge(finding("_Z4heatPf", 256, check), recording("_Z4heatPf", (16, 16, 1), 34))
        self.assertEqual(v["verdict"], cv.CONFIRMED, v["reason"])
        self.assertEqual(v["reason"],
                         "all 1 launches ran: 34 registers/thread (theoretical occupancy 75% at "
                         "its largest block, 256 threads, 100% without the register limit); "
                         "ptxas compiled it under __launch_bounds__(256) to 32 registers, 100%: "
                         "the missing bound costs 25 points of theoretical occupancy (its time "
                         "is not measured by this run)")
        k = v["cost"]["kernels"][0]
        self.assertEqual((k["registers"], k["registers_with_bound"]), (34, 32))
        self.assertEqual((k["occupancy_pct"], k["occupancy_with_bound_pct"]), (75.0, 100.0))

    def test_the_stencil_of_the_lit_test_is_confirmed_too(self):
        check = checked(STENCIL, "__launch_bounds__(256)", "raises-occupancy", (36, 31))
        v = cv.judge(finding(STENCIL, 256, check), recording(STENCIL, (16, 16, 1), 36, 3072))
        self.assertEqual(v["verdict"], cv.CONFIRMED, v["reason"])
        self.assertIn("36 registers/thread (theoretical occupancy 75%", v["reason"])
        self.assertIn("to 31 registers, 100%", v["reason"])

    def test_a_bound_that_changes_no_occupancy_is_observed_no_cost(self):
        # 56 -> 64 registers: ptxas raised the count, occupancy 50% either way. The old verdict
        # claimed "__launch_bounds__(256) would not change the registers".
        check = checked("_Z5mix40PfPKfi", "__launch_bounds__(256)", "no-change", (56, 64))
        v = cv.judge(finding("_Z5mix40PfPKfi", 256, check),
                     recording("_Z5mix40PfPKfi", (256, 1, 1), 56))
        self.assertEqual(v["verdict"], cv.OBSERVED, v["reason"])
        self.assertEqual(v["reason"],
                         "all 1 launches ran: 56 registers/thread (theoretical occupancy 50% at "
                         "its largest block, 256 threads, 100% without the register limit); "
                         "ptxas compiled it under __launch_bounds__(256) to 64 registers, the "
                         "same 50%: the missing bound cost no occupancy")
        self.assertNotIn("would not change", v["reason"])

    def test_a_bound_that_spills_is_no_cost_of_its_absence(self):
        # A launch of 768 threads of the 79-register kernel ran; the bound (1024) would spill.
        check = checked("_Z5mix64PfPKfi", "__launch_bounds__(1024)", "adds-spills", (79, 64),
                        spill_stores=(0, 264), threads=1024)
        v = cv.judge(finding("_Z5mix64PfPKfi", 1024, check),
                     recording("_Z5mix64PfPKfi", (768, 1, 1), 79))
        self.assertEqual(v["verdict"], cv.OBSERVED, v["reason"])
        self.assertIn("ptxas compiled it under __launch_bounds__(1024) to 64 registers with 264 "
                      "bytes of spill stores", v["reason"])
        self.assertIn("the bound would cost, not gain", v["reason"])

    def test_a_check_of_another_build_does_not_apply(self):
        check = checked("_Z4heatPf", "__launch_bounds__(256)", "raises-occupancy", (34, 32))
        v = cv.judge(finding("_Z4heatPf", 256, check), recording("_Z4heatPf", (256, 1, 1), 40))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("whether __launch_bounds__(256) lowers the registers is not known: "
                      "ptxas's check compiled it to 34 registers without the bound: another "
                      "build", v["reason"])
        # Rodinia particlefilter (H100, 2026-11-26): 16 registers at run time, 14 in cuda-lint's
        # build. Registers do not limit its occupancy, so the missing bound cost none whatever
        # the build; it used to be "not confirmed".
        check = checked("_Z4findPf", "__launch_bounds__(512)", "no-change", (14, 14),
                        threads=512)
        v = cv.judge(finding("_Z4findPf", 512, check), recording("_Z4findPf", (512, 1, 1), 16))
        self.assertEqual(v["verdict"], cv.OBSERVED, v["reason"])
        self.assertEqual(v["reason"],
                         "all 1 launches ran: 16 registers/thread (theoretical occupancy 100% "
                         "at its largest block, 512 threads); registers do not limit its "
                         "occupancy, so the missing bound cost no occupancy (what "
                         "__launch_bounds__(512) would change is not checked: ptxas's check "
                         "compiled it to 14 registers without the bound: another build)")
        # A check of sm_80 says nothing of an sm_90 run.
        check = checked("_Z4heatPf", "__launch_bounds__(256)", "raises-occupancy", (34, 32),
                        arch="sm_80")
        v = cv.judge(finding("_Z4heatPf", 256, check), recording("_Z4heatPf", (256, 1, 1), 34))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("ptxas checked it on sm_80, not on this GPU's sm_90", v["reason"])

    def test_without_a_check_no_register_count_is_claimed(self):
        # Register-limited: what the bound would do is unknown (it may lower or raise them).
        v = cv.judge(finding("_Z4heatPf", 256), recording("_Z4heatPf", (256, 1, 1), 34))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertEqual(v["reason"],
                         "all 1 launches ran: 34 registers/thread (theoretical occupancy 75% at "
                         "its largest block, 256 threads, 100% without the register limit); "
                         "whether __launch_bounds__(256) lowers the registers is not known: the "
                         "findings carry no check of the bound (cuda-lint --resource-usage "
                         "compiles the kernel with it)")
        # Not register-limited: no occupancy to gain, and nothing said of the bound's registers.
        v = cv.judge(finding("_Z1kPf", 256), recording("_Z1kPf", (256, 1, 1), 32))
        self.assertEqual(v["verdict"], cv.OBSERVED)
        self.assertIn("registers do not limit its occupancy", v["reason"])
        # A finding cuda-lint could not check passes its reason on.
        unchecked = {"bound": "__launch_bounds__(256)", "checked": False, "kernels": [],
                     "reason": "--ptxas-log gives ptxas's report without the bound"}
        v = cv.judge(finding("_Z4heatPf", 256, unchecked), recording("_Z4heatPf", (256, 1, 1), 34))
        self.assertTrue(v["reason"].endswith("is not known: --ptxas-log gives ptxas's report "
                                             "without the bound"), v["reason"])

    def test_occupancy_follows_the_register_file_of_each_sub_partition(self):
        # 47 registers, 192 threads: 10 warps per sub-partition, 40 per SM, 6 blocks (56%),
        # as cudaOccupancyMaxActiveBlocksPerMultiprocessor and cuda-lint compute it; dividing
        # the whole register file gives 7 blocks (66%).
        occ, without = cv.occupancy(192, 47, 0, H100)
        self.assertAlmostEqual(occ, 56.25)
        self.assertAlmostEqual(without, 93.75)
        self.assertEqual(cv.occupancy(256, 34, 0, H100)[0], 75.0)
        self.assertEqual(cv.occupancy(256, 32, 0, H100)[0], 100.0)


if __name__ == "__main__":
    unittest.main()
