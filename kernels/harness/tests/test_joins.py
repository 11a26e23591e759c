#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Unit tests (no GPU) of how `cuda-lint confirm` joins findings to the launches of programs
nobody here wrote: NVIDIA cuda-samples built with `nvcc -O2 -g -Xcompiler
-fno-optimize-sibling-calls` and run on an H100 (2026-11-22) under the injection library
(Inputs/samples/*.jsonl, trimmed to a few launches per kernel and launch site; the "sites" lines
are the call stacks as addr2line resolved them there), ncu CSV of the same runs, and the findings
cuda-lint made on their sources (Inputs/samples/findings.json). One test per join case of
issue 17, each failing with the bare-name fallback and name-keyed counters it replaced."""

import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import confirm_records  # noqa: E402
import confirm_verdict as cv  # noqa: E402
import launch_sites  # noqa: E402
import ncu_metrics  # noqa: E402

SAMPLES = os.path.join(HERE, "Inputs", "samples")
with open(os.path.join(SAMPLES, "findings.json")) as f:
    FINDINGS = json.load(f)["findings"]


def recording(name):
    return confirm_records.load(os.path.join(SAMPLES, name + ".jsonl"))


def profile(name):
    with open(os.path.join(SAMPLES, name + "_ncu.csv")) as f:
        kernels, launches = ncu_metrics.parse_details_csv(f.read())
    return ncu_metrics.Profile(ok=True, kernels=kernels, launches=launches)


def finding(sample, rule, line):
    found = [f for f in FINDINGS[sample] if f["rule"] == rule and f["line"] == line]
    assert len(found) == 1, (sample, rule, line, found)
    return found[0]


def verdicts(sample, rec, prof=None):
    return {(f["rule"], f["line"]): cv.judge(f, rec, prof) for f in FINDINGS[sample]}


class TemplateInstantiationsTest(unittest.TestCase):
    """threadFenceReduction: 40 default-stream findings, one per instantiation's launch site;
    only <128, true> of reduceMultiPass and reduceSinglePass ran."""

    def setUp(self):
        self.rec = recording("threadFenceReduction")
        self.v = verdicts("threadFenceReduction", self.rec, profile("threadFenceReduction"))

    def test_instantiations_that_did_not_run_are_not_exercised(self):
        stream = {k: v for k, v in self.v.items() if k[0] == "default-stream-launch"}
        self.assertEqual(len(stream), 40)
        ran = {k[1] for k, v in stream.items() if v["verdict"] != cv.NOT_EXERCISED}
        self.assertEqual(ran, {231, 326})  # reduceMultiPass<128, true>, reduceSinglePass<128, true>
        for line in ran:
            self.assertEqual(stream[("default-stream-launch", line)]["launch_site"], "matched")
        self.assertEqual(stream[("default-stream-launch", 231)]["launches"], 1)
        self.assertEqual(stream[("default-stream-launch", 326)]["launches"], 100)

    def test_divergence_in_a_shared_device_function_joins_every_kernel_that_ran(self):
        # reduceBlock's branch is reached from all 40 instantiations; the finding names
        # reduceSinglePass<1, false>, which never ran, and lists them all.
        f = finding("threadFenceReduction", "warp-divergent-branch", 67)
        self.assertEqual(len(f["kernel"]["instantiations"]), 40)
        v = self.v[("warp-divergent-branch", 67)]
        self.assertEqual(v["verdict"], cv.CONFIRMED, v["reason"])
        self.assertEqual(v["launches"], 101)
        self.assertEqual(sorted(v["cost"]["kernels"]),
                         ["_Z15reduceMultiPassILj128ELb1EEvPKfPfj",
                          "_Z16reduceSinglePassILj128ELb1EEvPKfPfj"])


class StaticKernelTest(unittest.TestCase):
    """clock: `static __global__ timedReduction` is _ZL... on the host side, _Z... on the GPU."""

    def test_static_kernel_joins_launches_and_counters(self):
        rec, prof = recording("clock"), profile("clock")
        self.assertEqual(rec.launches[0].name, "_Z14timedReductionPKfPfPl")
        for f in FINDINGS["clock"]:
            # Findings of a cuda-lint from before the fix name it _ZL: the same join.
            old = dict(f, kernel=dict(f["kernel"], name="_ZL14timedReductionPKfPfPl"))
            for case in (f, old):
                v = cv.judge(case, rec, prof)
                self.assertNotEqual(v["verdict"], cv.NOT_EXERCISED, (case["rule"], v))
                self.assertEqual(v["launches"], 1)
        f = finding("clock", "warp-divergent-branch", 70)
        old = dict(f, kernel=dict(f["kernel"], name="_ZL14timedReductionPKfPfPl"))
        for case in (f, old):  # the counters are found under the launch's name either way
            v = cv.judge(case, rec, prof)
            self.assertEqual(v["verdict"], cv.CONFIRMED, v["reason"])
            self.assertEqual(v["cost"]["divergent_branch_targets"], 320)
        self.assertEqual(cv.kernels_without_findings(FINDINGS["clock"], rec), [])


class OtherInstantiationTest(unittest.TestCase):
    """reduction --kernel=0: the divergence finding names reduce0<double>; reduce0<int> ran."""

    def setUp(self):
        self.rec, self.prof = recording("reduction_k0"), profile("reduction_k0")
        self.f = finding("reduction", "warp-divergent-branch", 121)

    def test_finding_on_another_instantiation_gets_the_counters_of_the_one_that_ran(self):
        self.assertEqual(self.f["kernel"]["name"], "_Z7reduce0IdEvPT_S1_j")
        v = cv.judge(self.f, self.rec, self.prof)
        self.assertEqual(v["cost"]["kernels"], ["_Z7reduce0IiEvPT_S1_j"])
        # nvcc predicated the branch: no divergent target, a quarter of the lanes predicated off.
        self.assertEqual(v["cost"]["divergent_branch_targets"], 0)
        self.assertGreater(v["cost"]["predicated_off_pct"], 20)
        self.assertEqual(v["verdict"], cv.CONFIRMED, v["reason"])
        self.assertIn("predicated off", v["reason"])

    def test_a_single_name_joins_only_that_instantiation(self):
        only_double = dict(self.f, kernel={"name": "_Z7reduce0IdEvPT_S1_j",
                                           "demangled": "reduce0<double>"})
        v = cv.judge(only_double, self.rec, self.prof)
        self.assertEqual(v["verdict"], cv.NOT_EXERCISED)

    def test_counters_are_looked_up_under_the_launches_names(self):
        join = cv.Join(self.f, self.rec.launches)
        self.assertEqual(join.launched_names(), ["_Z7reduce0IiEvPT_S1_j"])
        self.assertIsNotNone(self.prof.counters_for(join.launched_names()))
        self.assertIsNone(self.prof.counters_for(["reduce0", "reduce0<double>"]))


class NullNameTest(unittest.TestCase):
    def test_template_finding_without_name_joins_its_instantiations(self):
        rec = recording("reduction_k0")
        f = finding("reduction", "missing-launch-bounds", 104)
        self.assertIsNone(f["kernel"]["name"])
        v = cv.judge(f, rec)
        self.assertEqual(v["verdict"], cv.OBSERVED, v["reason"])
        self.assertEqual(v["cost"]["kernels"][0]["registers_allowed"], 255)

    def test_two_instantiations_that_ran_with_different_blocks(self):
        rec = recording("simpleTemplates")
        v = cv.judge(finding("simpleTemplates", "missing-launch-bounds", 61), rec)
        self.assertEqual(v["verdict"], cv.OBSERVED)
        blocks = {k["name"]: k["largest_block"] for k in v["cost"]["kernels"]}
        self.assertEqual(blocks, {"_Z10testKernelIfEvPT_S1_": 32, "_Z10testKernelIiEvPT_S1_": 64})

    def test_template_with_no_instantiation_is_not_exercised(self):
        f = {"rule": "missing-launch-bounds", "file": "x.cu", "line": 3,
             "kernel": {"name": None, "demangled": "k", "instantiations": []}}
        self.assertEqual(cv.judge(f, recording("vectorAdd"))["verdict"], cv.NOT_EXERCISED)

    def test_old_null_kernel_is_not_joined_to_anything(self):
        f = dict(finding("reduction", "missing-launch-bounds", 104), kernel=None)
        v = cv.judge(f, recording("reduction_k0"))
        self.assertEqual((v["verdict"], v["launches"]), (cv.NOT_CONFIRMED, 0))

    def test_function_pointer_launch_joins_by_its_site(self):
        # transpose launches through `void (*kernel)(...)`: no kernel name, a launch site.
        rec = recording("transpose")
        warm = cv.judge(finding("transpose", "default-stream-launch", 556), rec)
        timed = cv.judge(finding("transpose", "default-stream-launch", 562), rec)
        self.assertEqual((warm["launches"], timed["launches"]), (1, 39))
        self.assertEqual(warm["verdict"], cv.OBSERVED)


class LaunchSiteTest(unittest.TestCase):
    def test_one_kernel_launched_from_two_sites(self):
        rec = recording("scan")
        short = cv.judge(finding("scan", "default-stream-launch", 226), rec)
        large = cv.judge(finding("scan", "default-stream-launch", 246), rec)
        self.assertEqual((short["launches"], large["launches"]), (30, 30))
        self.assertEqual((short["cost"]["launches"], large["cost"]["launches"]), (15, 15))
        self.assertEqual(short["launch_site"], "matched")

    def test_site_elsewhere_in_the_file_is_not_exercised(self):
        rec = recording("scan")
        moved = dict(finding("scan", "default-stream-launch", 226), line=230)
        v = cv.judge(moved, rec)
        self.assertEqual(v["verdict"], cv.NOT_EXERCISED)
        self.assertIn("226", v["reason"])

    def test_launches_without_sites_are_joined_by_kernel_and_say_so(self):
        rec = recording("scan")
        for l in rec.launches:
            l.sites = None
        v = cv.judge(finding("scan", "default-stream-launch", 226), rec)
        self.assertEqual((v["cost"]["launches"], v["launch_site"]), (30, "unknown"))

    def test_addr2line_output_and_stub_frames(self):
        text = ("0x000000000000ac0c\n_Z19scanExclusiveSharedP5uint4S0_j\n/src/scan.cu:103\n"
                "scanExclusiveShort\n/src/scan.cu:226 (discriminator 2)\n0x0000000000001000\n"
                "??\n??:0\n")
        places = launch_sites.parse_addr2line(text, "app", [0xac0d, 0x1001])
        self.assertEqual(places[("app", 0xac0d)],
                         [("_Z19scanExclusiveSharedP5uint4S0_j", "/src/scan.cu", 103),
                          ("scanExclusiveShort", "/src/scan.cu", 226)])
        self.assertEqual(places[("app", 0x1001)], [])
        self.assertTrue(launch_sites.stub_frame("_Z19scanExclusiveSharedP5uint4S0_j",
                                                "_Z19scanExclusiveSharedP5uint4S0_j"))
        self.assertTrue(launch_sites.stub_frame("_ZL15__device_stub__kv", "_Z1kv"))
        self.assertFalse(launch_sites.stub_frame("scanExclusiveShort",
                                                 "_Z19scanExclusiveSharedP5uint4S0_j"))


class DefaultStreamTest(unittest.TestCase):
    def test_lone_launch_is_observed_with_no_cost(self):
        v = cv.judge(finding("vectorAdd", "default-stream-launch", 139), recording("vectorAdd"))
        self.assertEqual(v["verdict"], cv.OBSERVED)
        self.assertEqual((v["cost"]["launches"], v["cost"]["waits"]), (1, 0))

    def test_streams_in_another_phase_did_not_wait(self):
        # simpleStreams: 100 legacy launches, then 4 streams, separated by synchronisation.
        v = cv.judge(finding("simpleStreams", "default-stream-launch", 360),
                     recording("simpleStreams"))
        self.assertEqual(v["verdict"], cv.OBSERVED)
        self.assertEqual(v["cost"]["other_streams"], 4)

    def test_other_streams_kernel_that_waited_confirms(self):
        def rec(cid, stream, kind, queued, start, end):
            return [{"type": "launch", "pid": 1, "correlation_id": cid, "kernel": "_Z1%sv" % kind,
                     "grid": [1, 1, 1], "block": [32, 1, 1], "stream": stream,
                     "stream_id": 7 if stream == "legacy" else 13, "api_time": queued,
                     "result": 0},
                    {"type": "kernel", "pid": 1, "correlation_id": cid, "name": "_Z1%sv" % kind,
                     "grid": [1, 1, 1], "block": [32, 1, 1], "registers": 16,
                     "stream_id": 7 if stream == "legacy" else 13, "start": start, "end": end}]
        lines = rec(1, "explicit", "a", 0, 10, 100) + rec(2, "legacy", "b", 20, 100, 200) + \
            rec(3, "explicit", "a", 30, 200, 300)
        r = confirm_records.parse_lines(json.dumps(x) for x in lines)
        f = {"rule": "default-stream-launch", "kernel": {"name": "_Z1bv"}, "launch": {}}
        v = cv.judge(f, r)
        self.assertEqual(v["verdict"], cv.CONFIRMED, v["reason"])
        self.assertEqual(v["cost"]["waits"], 2)  # b waited for a, then the second a for b
        # b waited 80 ns behind a; the second a was ready (its own stream done) at 100, ran at 200.
        self.assertAlmostEqual(v["cost"]["waited_ms"], (80 + 100) / 1e6)


    def test_waits_found_by_bisection_are_the_pairwise_ones(self):
        # waits_on_legacy no longer tries every pair of kernels (quadratic: seconds on scan's 3300
        # launches); on random timelines it must find exactly the pairs the definition gives.
        import random

        def pairwise(ran, r):
            executed = [l for l in r.launches if l.timed]
            ready = cv._ready_times(executed)
            out = []
            for g in ran:
                if id(g) not in ready or g.profiled:
                    continue
                for o in executed:
                    if o.pid != g.pid or o.stream_id == g.stream_id or \
                            o.stream_kind == "per-thread" or id(o) not in ready or o.profiled:
                        continue
                    if o.start >= g.end and ready[id(o)] < g.end:
                        out.append((id(o), id(g), o.start - max(ready[id(o)], g.start)))
                    elif g.start >= o.end and ready[id(g)] < o.end:
                        out.append((id(g), id(o), g.start - max(ready[id(g)], o.start)))
            return sorted(out)

        rng = random.Random(17)
        found = 0
        for _ in range(200):
            lines = []
            for cid in range(1, rng.randint(2, 30)):
                sid, kind = rng.choice([(7, "legacy"), (13, "explicit"), (14, "explicit"),
                                        (15, "per-thread")])
                pid = rng.choice([1, 1, 2])
                queued = rng.randint(0, 100)
                start = queued + rng.randint(0, 50)
                end = start + rng.randint(1, 40)
                lines.append({"type": "launch", "pid": pid, "correlation_id": cid,
                              "kernel": "_Z1kv", "grid": [1, 1, 1], "block": [32, 1, 1],
                              "stream": kind, "stream_id": sid, "api_time": queued, "result": 0})
                lines.append({"type": "kernel", "pid": pid, "correlation_id": cid,
                              "name": "_Z1kv", "grid": [1, 1, 1], "block": [32, 1, 1],
                              "stream_id": sid, "start": start, "end": end})
            r = confirm_records.parse_lines(json.dumps(x) for x in lines)
            legacy = [l for l in r.launches if l.stream_kind == "legacy"]
            mine = sorted((id(a), id(b), w) for a, b, w in cv.waits_on_legacy(legacy, r))
            self.assertEqual(mine, pairwise(legacy, r))
            found += len(mine)
        self.assertGreater(found, 100)

if __name__ == "__main__":
    unittest.main(verbosity=1)
