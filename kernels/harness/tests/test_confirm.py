#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Unit tests (no GPU) of the joining and verdict logic of `cuda-lint confirm`, on launch records
recorded by the injection library on an H200 (Inputs/records/*.jsonl, from
kernels/harness/run_gpu_suite.sh), Nsight Compute CSV from the same machine, and small synthetic
recordings for the cases those runs do not contain."""

import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import confirm_records  # noqa: E402
import confirm_verdict as cv  # noqa: E402
import cuda_errors  # noqa: E402
import ncu_metrics  # noqa: E402

INPUTS = os.path.join(HERE, "Inputs")


def recording(name):
    return confirm_records.load(os.path.join(INPUTS, "records", name + ".jsonl"))


def findings(name):
    with open(os.path.join(INPUTS, "findings", name + ".json")) as f:
        return json.load(f)["findings"]


def decoy(kernel_name):
    return [f for f in findings("decoys") if f["kernel"]["name"] == kernel_name][0]


def profile(program="divergence"):
    with open(os.path.join(INPUTS, "ncu", program + "_details.csv")) as f:
        kernels, launches = ncu_metrics.parse_details_csv(f.read())
    return ncu_metrics.Profile(ok=True, kernels=kernels, launches=launches)


def lines(*records):
    return [json.dumps(r) for r in records]


def launch_rec(pid, cid, kernel, block, stream="explicit", stream_id=13, result=0):
    return {"type": "launch", "pid": pid, "domain": "runtime", "api": "cudaLaunchKernel",
            "correlation_id": cid, "kernel": kernel, "demangled": kernel + "()",
            "grid": [1, 1, 1], "block": block, "dynamic_smem": 0, "stream": stream,
            "stream_id": stream_id, "context_id": 1, "result": result}


def kernel_rec(pid, cid, kernel, block, start, end, stream_id=13):
    return {"type": "kernel", "pid": pid, "correlation_id": cid, "name": kernel,
            "demangled": kernel + "()", "grid": [1, 1, 1], "block": block, "registers": 32,
            "static_smem": 0, "dynamic_smem": 0, "stream_id": stream_id, "context_id": 1,
            "start": start, "end": end}


class RecordJoinTest(unittest.TestCase):
    def test_launch_and_activity_records_join_by_correlation_id(self):
        rec = recording("divergence")
        self.assertTrue(rec.complete)
        self.assertEqual(len(rec.launches), 16)
        self.assertTrue(all(l.executed for l in rec.launches))
        first = rec.launches[0]
        self.assertEqual(first.name, "_Z15laneSplitBranchPjii")
        self.assertEqual(first.block, (256, 1, 1))
        self.assertEqual(first.grid, (4096, 1, 1))
        self.assertEqual(first.stream_kind, "explicit")
        self.assertGreater(first.registers, 0)
        self.assertGreater(first.duration_ns, 0)
        self.assertEqual(rec.devices[0]["name"], "NVIDIA H200")

    def test_failed_launch_keeps_its_error_and_runs_nothing(self):
        rec = recording("launch_bounds")
        failed = [l for l in rec.launches if l.failed]
        self.assertEqual(len(failed), 1)
        self.assertEqual(failed[0].name, "_Z13heavyNoBoundsPjii")
        self.assertFalse(failed[0].executed)
        self.assertEqual(failed[0].error, ("cudaErrorLaunchOutOfResources",
                                           "too many resources requested for launch"))

    def test_legacy_stream_launches_are_marked(self):
        rec = recording("default_stream")
        legacy = {l.name for l in rec.launches if l.stream_kind == "legacy"}
        self.assertEqual(legacy, {"_Z23busyKernelDefaultStreamPjii"})
        self.assertEqual({l.stream_id for l in rec.launches if l.stream_kind == "legacy"}, {7})

    def test_kernel_without_launch_record_gets_stream_from_its_context(self):
        rec = confirm_records.parse_lines(lines(
            {"type": "process", "pid": 1},
            {"type": "context", "pid": 1, "context_id": 1, "null_stream_id": 7},
            kernel_rec(1, 40, "_Z1kv", [64, 1, 1], 0, 10, stream_id=7),
            kernel_rec(1, 41, "_Z1kv", [64, 1, 1], 20, 30, stream_id=9),
            {"type": "end", "pid": 1}))
        self.assertEqual([l.stream_kind for l in rec.launches], ["legacy", None])

    def test_processes_do_not_cross_join(self):
        rec = confirm_records.parse_lines(lines(
            launch_rec(1, 2, "_Z1av", [32, 1, 1]), launch_rec(2, 2, "_Z1bv", [64, 1, 1]),
            kernel_rec(2, 2, "_Z1bv", [64, 1, 1], 0, 5),
            kernel_rec(1, 2, "_Z1av", [32, 1, 1], 0, 9)))
        by_name = {l.name: l for l in rec.launches}
        self.assertEqual(by_name["_Z1av"].end, 9)
        self.assertEqual(by_name["_Z1bv"].end, 5)

    def test_cut_off_recording_is_incomplete(self):
        with open(os.path.join(INPUTS, "records", "block_shape.jsonl")) as f:
            text = f.read().splitlines()
        cut = text[:len(text) // 2] + [text[len(text) // 2][:40]]
        rec = confirm_records.parse_lines(cut)
        self.assertFalse(rec.complete)
        self.assertEqual(rec.bad_lines, 1)

    def test_overlap_detection(self):
        rec = confirm_records.parse_lines(lines(
            kernel_rec(1, 1, "_Z1av", [32, 1, 1], 0, 10),
            kernel_rec(1, 2, "_Z1bv", [32, 1, 1], 5, 8),
            kernel_rec(1, 3, "_Z1cv", [32, 1, 1], 10, 20),
            kernel_rec(1, 4, "_Z1dv", [32, 1, 1], 30, 40),
            kernel_rec(1, 5, "_Z1ev", [32, 1, 1], 35, 36)))
        hit = {l.name for l in rec.launches if id(l) in confirm_records.overlapping(rec.launches)}
        self.assertEqual(hit, {"_Z1av", "_Z1bv", "_Z1dv", "_Z1ev"})

    def test_streamed_twins_overlap_in_the_recording(self):
        rec = recording("default_stream")
        hit = confirm_records.overlapping(rec.launches)
        own = [l for l in rec.launches if l.name == "_Z19busyKernelOwnStreamPjii"]
        default = [l for l in rec.launches if l.name == "_Z23busyKernelDefaultStreamPjii"]
        self.assertGreater(sum(1 for l in own if id(l) in hit), len(own) // 2)
        self.assertEqual(sum(1 for l in default if id(l) in hit), 0)


class VerdictTest(unittest.TestCase):
    def judge(self, finding, rec, prof=None):
        return cv.judge(finding, rec, prof)

    def test_default_stream_without_queue_times_shows_no_cost(self):
        # Recorded before launches carried their queue time: no wait can be shown.
        rec = recording("default_stream")
        v = self.judge(findings("default_stream")[0], rec)
        self.assertEqual(v["verdict"], cv.OBSERVED)
        self.assertIn("no queue times", v["reason"])
        self.assertEqual(v["cost"]["launches"], 64)
        expected_ms = sum(l.duration_ns for l in rec.launches
                          if l.name == "_Z23busyKernelDefaultStreamPjii") / 1e6
        self.assertAlmostEqual(v["cost"]["time_on_default_stream_ms"], expected_ms)

    def test_default_stream_anti_pattern_alone_on_its_stream_shows_no_cost(self):
        # H100 recording with queue times: the sixteen legacy launches ran in a phase of their
        # own, so no other stream's work waited; that each queued behind a 2-block kernel is
        # reported, but whether they could overlap (are independent) a run does not show.
        v = self.judge(findings("default_stream")[0], recording("default_stream_h100"))
        self.assertEqual(v["verdict"], cv.OBSERVED)
        self.assertEqual((v["cost"]["waits"], v["cost"]["other_streams"]), (0, 16))
        self.assertGreater(v["cost"]["queued_behind_small_kernel"], 40)

    def test_default_stream_decoy_on_the_streamed_twin_is_not_confirmed(self):
        v = self.judge(decoy("_Z19busyKernelOwnStreamPjii"), recording("default_stream"))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("non-default streams", v["reason"])

    def test_block_size_finding_states_idle_lanes_and_kernel_time_but_no_idle_time(self):
        # Issue 36: the idle lanes' share of the kernel time is a model, not a measurement (a
        # wavefront kernel given "half the kernel time on idle lanes" ran 7% slower 32 wide).
        rec = recording("block_shape")
        v = self.judge(findings("block_shape")[0], rec)
        self.assertEqual(v["verdict"], cv.CONFIRMED)
        self.assertEqual((v["cost"]["warps"], v["cost"]["idle_lanes"]), (3, 16))
        kernel_ns = sum(l.duration_ns for l in rec.launches if l.block == (40, 2, 1))
        self.assertAlmostEqual(v["cost"]["kernel_time_ms"], kernel_ns / 1e6)
        self.assertNotIn("idle_lane_time_ms", v["cost"])
        self.assertNotIn("of it on idle lanes", v["reason"])
        self.assertRegex(v["reason"], r"^block 40x2x1: 16 of 96 lanes idle \(16\.7%\) in 3 warps; "
                         r"\d+ launches, [0-9.]+ ms kernel time \(what the idle lanes cost is not "
                         r"measured: time the kernel with a whole-warp block to know\)$")

    def test_block_size_decoys_on_whole_warp_twins_are_not_confirmed(self):
        v = self.judge(decoy("_Z13hashBlock32x2Pjii"), recording("block_shape"))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        v = self.judge(decoy("_Z11sumMatrix2DILi32ELi2EEvPKfS1_Pfii"), recording("matrix_add"))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)

    def test_block_size_finding_whose_configuration_never_ran_is_not_exercised(self):
        # The twin's launches (32x2) are not the finding's (40x2): no fallback to them.
        finding = dict(findings("block_shape")[0], kernel={"name": "_Z13hashBlock32x2Pjii"})
        v = self.judge(finding, recording("block_shape"))
        self.assertEqual(v["verdict"], cv.NOT_EXERCISED)
        self.assertIn("never with the finding's configuration", v["reason"])

    def test_out_of_resources_and_missing_bounds_are_confirmed_by_the_launch_error(self):
        rec = recording("launch_bounds")
        verdicts = {f["rule"]: self.judge(f, rec) for f in findings("launch_bounds")}
        self.assertEqual(verdicts["launch-out-of-resources"]["verdict"], cv.CONFIRMED)
        self.assertEqual(verdicts["launch-out-of-resources"]["cost"]["error"],
                         "cudaErrorLaunchOutOfResources")
        self.assertEqual(verdicts["missing-launch-bounds"]["verdict"], cv.CONFIRMED)
        self.assertIn("too many resources requested for launch",
                      verdicts["missing-launch-bounds"]["reason"])

    def test_out_of_resources_decoy_on_the_bounded_twin_is_not_confirmed(self):
        v = self.judge(decoy("_Z12heavyBoundedPjii"), recording("launch_bounds"))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("64", v["reason"])  # the registers the bounded kernel ran with

    def test_divergence_is_confirmed_from_divergent_branch_counters(self):
        rec, prof = recording("divergence"), profile()
        for f in findings("divergence"):
            v = self.judge(f, rec, prof)
            self.assertEqual(v["verdict"], cv.CONFIRMED, f["kernel"]["name"])
            self.assertGreater(v["cost"]["divergent_branch_targets"], 0)
            self.assertLess(v["cost"]["warp_efficiency_pct"], 60)

    def test_divergence_decoy_on_the_warp_aligned_twin_is_not_confirmed(self):
        v = self.judge(decoy("_Z17warpAlignedBranchPjii"), recording("divergence"), profile())
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("no divergent branch", v["reason"])

    def test_reduction_trees_are_confirmed_and_the_unrolled_twin_is_not(self):
        rec, prof = recording("reduction"), profile("reduction")
        for f in findings("reduction"):
            v = self.judge(f, rec, prof)
            self.assertEqual(v["verdict"], cv.CONFIRMED, f["kernel"]["name"])
            self.assertLessEqual(v["cost"]["nonpred_efficiency_pct"],
                                 v["cost"]["warp_efficiency_pct"])
        v = self.judge(decoy("_Z18reduceUnrolledWarpPKiPiii"), rec, prof)
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("predicated-off", v["reason"])

    def test_divergence_without_counters_asks_for_ncu(self):
        v = self.judge(findings("divergence")[0], recording("divergence"))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("--ncu", v["reason"])
        failed = ncu_metrics.Profile(ok=False, error="ncu not found")
        v = self.judge(findings("divergence")[0], recording("divergence"), failed)
        self.assertIn("ncu not found", v["reason"])

    def test_kernel_that_never_launched_is_not_exercised(self):
        v = self.judge(findings("default_stream")[0], recording("divergence"))
        self.assertEqual(v["verdict"], cv.NOT_EXERCISED)
        self.assertEqual(v["launches"], 0)

    def test_finding_without_kernel_cannot_be_joined(self):
        finding = {k: v for k, v in findings("block_shape")[0].items() if k != "kernel"}
        self.assertEqual(self.judge(finding, recording("block_shape"))["verdict"], cv.NOT_CONFIRMED)

    def test_no_fallback_to_demangled_or_bare_names(self):
        finding = dict(findings("block_shape")[0])
        finding["kernel"] = {"name": "hashBlock40x2",
                             "demangled": "hashBlock40x2(unsigned int*, int, int)"}
        self.assertEqual(self.judge(finding, recording("block_shape"))["verdict"],
                         cv.NOT_EXERCISED)

    def test_clang_stub_name_joins_the_template_instance_that_ran(self):
        finding = dict(findings("matrix_add")[0])
        finding["kernel"] = {"name": "_Z26__device_stub__sumMatrix2DILi40ELi2EEvPKfS1_Pfii",
                             "demangled": "sumMatrix2D<40, 2>"}
        v = self.judge(finding, recording("matrix_add"))
        self.assertEqual(v["verdict"], cv.CONFIRMED)
        self.assertEqual(v["launches"], 4)

    def test_low_occupancy_uses_achieved_occupancy(self):
        rec = recording("matrix_add")
        finding = {"rule": "low-occupancy",
                   "kernel": {"name": "_Z11sumMatrix2DILi32ELi2EEvPKfS1_Pfii"}}
        low = ncu_metrics.Profile(ok=True, kernels={finding["kernel"]["name"]:
                                                    {"achieved_occupancy_pct": 26.6}})
        high = ncu_metrics.Profile(ok=True, kernels={finding["kernel"]["name"]:
                                                     {"achieved_occupancy_pct": 72.5}})
        self.assertEqual(self.judge(finding, rec, low)["verdict"], cv.CONFIRMED)
        self.assertEqual(self.judge(finding, rec, high)["verdict"], cv.NOT_CONFIRMED)

    def test_invalid_configuration_is_confirmed_by_its_launch_error(self):
        rec = confirm_records.parse_lines(lines(launch_rec(1, 3, "_Z1kv", [2048, 1, 1], result=9)))
        finding = {"rule": "invalid-launch-config", "kernel": {"name": "_Z1kv"},
                   "launch": {"block": [2048, 1, 1], "grid": None}}
        v = self.judge(finding, rec)
        self.assertEqual(v["verdict"], cv.CONFIRMED)
        self.assertEqual(v["cost"]["error"], "cudaErrorInvalidConfiguration")

    def test_kernels_without_findings_are_listed(self):
        rec = recording("divergence")
        names = [n for n, _ in cv.kernels_without_findings(findings("divergence"), rec)]
        self.assertEqual(sorted(names), ["_Z15warpShiftBranchPjii", "_Z17warpAlignedBranchPjii"])


class HelpersTest(unittest.TestCase):
    def test_base_name(self):
        self.assertEqual(cv.base_name("void ns::k<40, 2>(float const*, int)"), "ns::k")
        self.assertEqual(cv.base_name("k(int)"), "k")
        self.assertIsNone(cv.base_name(None))

    def test_device_name_undoes_clang_stub_mangling(self):
        self.assertEqual(cv.device_name("_Z28__device_stub__hashBlock40x2Pjii"),
                         "_Z13hashBlock40x2Pjii")
        self.assertEqual(cv.device_name("_Z13hashBlock40x2Pjii"), "_Z13hashBlock40x2Pjii")
        self.assertEqual(cv.device_name("_ZL14timedReductionPKfPfPl"), "_Z14timedReductionPKfPfPl")
        self.assertEqual(cv.device_name("_ZL29__device_stub__timedReductionPKfPfPl"),
                         "_Z14timedReductionPKfPfPl")
        self.assertIsNone(cv.device_name(None))

    def test_error_names(self):
        self.assertEqual(cuda_errors.describe(701)[0], "cudaErrorLaunchOutOfResources")
        self.assertEqual(cuda_errors.describe(701, "driver")[0],
                         "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES")
        self.assertEqual(cuda_errors.describe(12345)[0], "cudaError(12345)")


if __name__ == "__main__":
    unittest.main(verbosity=1)
