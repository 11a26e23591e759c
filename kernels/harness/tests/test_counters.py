#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Unit tests (no GPU) of the in-process counters of `cuda-lint confirm --ncu`: the request the
script makes of the injection library, the "profiler_request", "profiler" and "counters" records
it writes (confirm/counter_profiler.h), the Profile made of them, the choice of falling back to
ncu, and the verdicts that read them.

The counters records here are made from the ncu CSV recorded on an H100 for the same sample runs
(Inputs/samples/*_ncu.csv: the same metrics of the same launch configurations, first launch of
each), attached to those runs' launch records (Inputs/samples/*.jsonl), so that the verdicts can be
compared with the ones ncu's counters gave. They are in the format the injection library writes.
ReplayedLaunchTest reads records the library itself wrote with --ncu on an H100
(Inputs/samples/*_cupti.jsonl; *_cupti_old.jsonl from the library before the "replayed" field)."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.dirname(HERE)
sys.path.insert(0, HARNESS)

import confirm_records  # noqa: E402
import confirm_verdict as cv  # noqa: E402
import cupti_counters  # noqa: E402
import ncu_metrics  # noqa: E402

SAMPLES = os.path.join(HERE, "Inputs", "samples")
with open(os.path.join(SAMPLES, "findings.json")) as f:
    FINDINGS = json.load(f)["findings"]
DIVERGENCE_METRICS = ncu_metrics.metrics_for(["warp-divergent-branch"])
DURATION = "gpu__time_duration.sum"


def read_lines(name):
    with open(os.path.join(SAMPLES, name + ".jsonl")) as f:
        return [l for l in f.read().splitlines() if l.strip()]


def ncu_launches(name):
    """[(kernel, grid, block, {metric: value})] per profiled launch of the recorded ncu CSV."""
    import csv
    import io
    with open(os.path.join(SAMPLES, name + "_ncu.csv")) as f:
        text = f.read()
    rows = list(csv.DictReader(io.StringIO(text[text.find('"ID"'):])))
    by_id = {}
    for row in rows:
        launch = by_id.setdefault(row["ID"], {"kernel": row["Kernel Name"],
                                              "grid": row["Grid Size"],
                                              "block": row["Block Size"], "metrics": {}})
        if row["Metric Name"] in DIVERGENCE_METRICS:
            launch["metrics"][row["Metric Name"]] = ncu_metrics._number(row["Metric Value"])
    return [by_id[k] for k in sorted(by_id, key=int)]


def dims_text(dims):
    return "(%s)" % ", ".join(str(v) for v in dims)


def counters_lines(name, profiler_status="ok", drop=()):
    """The records the injection library writes for this run's profiled launches: the request,
    one profiler record, and a counters record for the first launch of each kernel and
    configuration ncu profiled, with ncu's values for it."""
    launches = [json.loads(l) for l in read_lines(name)]
    launches = [l for l in launches if l["type"] == "launch"]
    pid = launches[0]["pid"]
    out = [{"type": "profiler_request", "pid": pid, "kernels": 1, "metrics": DIVERGENCE_METRICS,
            "launches_per_config": 1, "available": True}]
    if profiler_status == "ok":
        out.append({"type": "profiler", "pid": pid, "context_id": 1, "device_id": 0,
                    "chip": "GH100", "status": "ok", "replay": "kernel", "passes": 2,
                    "metrics": [m for m in DIVERGENCE_METRICS if m not in drop],
                    "unsupported_metrics": list(drop)})
    else:
        out.append({"type": "profiler", "pid": pid, "context_id": 1, "device_id": 0,
                    "chip": "GH100", "status": "unavailable", "reason": profiler_status})
        return [json.dumps(r) for r in out]
    for profiled in ncu_launches(name):
        first = next(l for l in launches if l["kernel"] == profiled["kernel"]
                     and dims_text(l["grid"]) == profiled["grid"]
                     and dims_text(l["block"]) == profiled["block"])
        out.append({"type": "counters", "pid": pid, "correlation_id": first["correlation_id"],
                    "kernel": first["kernel"], "grid": first["grid"], "block": first["block"],
                    "dynamic_smem": first["dynamic_smem"], "context_id": 1,
                    "metrics": {m: v for m, v in profiled["metrics"].items() if m not in drop}})
    return [json.dumps(r) for r in out]


def recording(name, **kw):
    return confirm_records.parse_lines(read_lines(name) + counters_lines(name, **kw))


def ncu_profile(name):
    with open(os.path.join(SAMPLES, name + "_ncu.csv")) as f:
        kernels, launches = ncu_metrics.parse_details_csv(f.read())
    return ncu_metrics.Profile(ok=True, kernels=kernels, launches=launches)


def finding(sample, rule, line):
    found = [f for f in FINDINGS[sample] if f["rule"] == rule and f["line"] == line]
    assert len(found) == 1, (sample, rule, line, found)
    return found[0]


class RequestTest(unittest.TestCase):
    def test_request_names_the_counter_rules_kernels_as_the_gpu_does(self):
        req = cupti_counters.request(FINDINGS["clock"], 1)
        # clock's `static` kernel: _ZL... on the host side in older findings, _Z... on the GPU.
        self.assertEqual(req.names, ["_Z14timedReductionPKfPfPl"])
        # The rule's metrics, and the kernel's duration (a replayed launch has no timestamps).
        self.assertEqual(req.metrics, DIVERGENCE_METRICS + [DURATION])
        old = dict(finding("clock", "warp-divergent-branch", 70))
        old["kernel"] = dict(old["kernel"], name="_ZL14timedReductionPKfPfPl")
        self.assertEqual(cupti_counters.request([old], 1).names, ["_Z14timedReductionPKfPfPl"])

    def test_request_lists_every_instantiation_a_finding_names(self):
        req = cupti_counters.request(FINDINGS["threadFenceReduction"], 2)
        self.assertEqual(len(req.names), 40)
        self.assertEqual(req.launches_per_config, 2)

    def test_no_request_without_a_counter_rule(self):
        self.assertIsNone(cupti_counters.request(FINDINGS["vectorAdd"], 1))
        self.assertIsNone(cupti_counters.request(FINDINGS["scan"], 1))

    def test_occupancy_findings_ask_for_achieved_occupancy_only(self):
        f = {"rule": "low-occupancy", "kernel": {"name": "_Z1kv"}}
        self.assertEqual(cupti_counters.request([f], 1).metrics,
                         ["sm__warps_active.avg.pct_of_peak_sustained_active", DURATION])

    def test_environment_of_the_injection_library(self):
        req = cupti_counters.request(FINDINGS["reduction"], 3)
        with tempfile.TemporaryDirectory() as d:
            env = req.environment(d)
            with open(env["CUDA_LINT_CONFIRM_PROFILE_KERNELS"]) as f:
                self.assertEqual(f.read().split(), req.names)
        self.assertEqual(env["CUDA_LINT_CONFIRM_PROFILE_METRICS"].split(","),
                         DIVERGENCE_METRICS + [DURATION])
        self.assertEqual(env["CUDA_LINT_CONFIRM_PROFILE_LAUNCHES"], "3")


class RecordsTest(unittest.TestCase):
    def test_counters_join_their_launch_by_process_correlation_id_and_name(self):
        rec = recording("clock")
        profiled = [l for l in rec.launches if l.profiled]
        self.assertEqual(len(profiled), 1)
        self.assertEqual(profiled[0].counters["smsp__sass_branch_targets_threads_divergent.sum"],
                         320)
        self.assertEqual(rec.profilers[0]["chip"], "GH100")

    def test_counters_of_another_kernel_name_join_nothing(self):
        lines = read_lines("clock") + [json.dumps(
            {"type": "counters", "pid": 1552, "correlation_id": 1, "kernel": "_Z5otherv",
             "metrics": {"smsp__sass_branch_targets.sum": 1}})]
        rec = confirm_records.parse_lines(lines)
        self.assertFalse(any(l.profiled for l in rec.launches))

    def test_a_failed_profile_keeps_its_error(self):
        lines = read_lines("clock") + [json.dumps(
            {"type": "counters", "pid": 1552, "correlation_id": 1,
             "kernel": "_Z14timedReductionPKfPfPl", "error": "cuptiRangeProfilerStart: boom"})]
        rec = confirm_records.parse_lines(lines)
        launch = next(l for l in rec.launches if l.chosen)
        self.assertIsNone(launch.counters)
        self.assertEqual(launch.counter_error, "cuptiRangeProfilerStart: boom")


class ProfileTest(unittest.TestCase):
    def test_in_process_counters_give_the_verdicts_ncus_gave(self):
        cases = [("clock", "warp-divergent-branch", 70),
                 ("threadFenceReduction", "warp-divergent-branch", 67),
                 ("reduction_k0", "warp-divergent-branch", 121)]
        for name, rule, line in cases:
            sample = "reduction" if name.startswith("reduction") else name
            rec = recording(name)
            self.assertEqual(cupti_counters.fallback_reason(rec, None), "")
            prof = cupti_counters.profile(rec, None)
            self.assertEqual(prof.source, ncu_metrics.SOURCE_CUPTI)
            f = finding(sample, rule, line)
            mine = cv.judge(f, rec, prof)
            theirs = cv.judge(f, rec, ncu_profile(name))
            self.assertEqual(mine["verdict"], cv.CONFIRMED, mine["reason"])
            self.assertEqual(mine["reason"], theirs["reason"])
            self.assertEqual(mine["cost"]["counters_source"], "cupti")

    def test_counters_are_averaged_over_the_profiled_launches(self):
        # reduction --kernel=0: three launch configurations of reduce0<int>, one profiled each.
        prof = cupti_counters.profile(recording("reduction_k0"), None)
        self.assertEqual(prof.launches, {"_Z7reduce0IiEvPT_S1_j": 3})
        values = [p["metrics"]["smsp__thread_inst_executed_per_inst_executed.ratio"]
                  for p in ncu_launches("reduction_k0")]
        self.assertAlmostEqual(prof.kernels["_Z7reduce0IiEvPT_S1_j"]["lanes_per_inst"],
                               sum(values) / len(values))
        self.assertAlmostEqual(prof.kernels["_Z7reduce0IiEvPT_S1_j"]["warp_efficiency_pct"],
                               100.0 * sum(values) / len(values) / 32)

    def test_a_metric_the_gpu_lacks_is_named_in_the_verdict(self):
        rec = recording("clock", drop=("smsp__sass_branch_targets_threads_divergent.sum",))
        prof = cupti_counters.profile(rec, None)
        self.assertEqual(prof.unsupported, ["smsp__sass_branch_targets_threads_divergent.sum"])
        v = cv.judge(finding("clock", "warp-divergent-branch", 70), rec, prof)
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("could not collect smsp__sass_branch_targets_threads_divergent.sum",
                      v["reason"])

    def test_a_failed_profile_is_the_verdicts_reason(self):
        lines = read_lines("clock") + counters_lines("clock")[:2] + [json.dumps(
            {"type": "counters", "pid": 1552, "correlation_id": 1,
             "kernel": "_Z14timedReductionPKfPfPl",
             "error": "2 kernels ran while the launch was profiled"})]
        rec = confirm_records.parse_lines(lines)
        v = cv.judge(finding("clock", "warp-divergent-branch", 70), rec,
                     cupti_counters.profile(rec, None))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("profiling _Z14timedReductionPKfPfPl failed: 2 kernels ran", v["reason"])

    def test_launches_that_were_not_profiled_say_so(self):
        lines = read_lines("clock") + counters_lines("clock")[:2]
        rec = confirm_records.parse_lines(lines)
        v = cv.judge(finding("clock", "warp-divergent-branch", 70), rec,
                     cupti_counters.profile(rec, None))
        self.assertIn("the in-process profiler profiled none of _Z14timedReductionPKfPfPl",
                      v["reason"])


def device_records(name, old=False):
    """Records the injection library wrote with --ncu on an H100 on 2026-11-23 (trimmed to the
    first launches): its profiled launches have kernel records with start = end = 0, as CUPTI
    gives a launch the range profiler replayed. `old`: a library before the "replayed" field and
    gpu__time_duration.sum (02:37 UTC); otherwise the current one (02:51 UTC), whose counters
    records carry "replayed": true and the launch's measured gpu__time_duration.sum."""
    return confirm_records.parse_lines(read_lines(name + ("_cupti_old" if old else "_cupti")))


def stem(reason):
    """The reason with its run-to-run times masked, as compare_reports.py compares them."""
    import compare_reports
    return compare_reports.stem(reason)


class ReplayedLaunchTest(unittest.TestCase):
    """A launch the in-process profiler replayed ran: CUPTI gives its kernel record start = end
    = 0 (as for a failed launch), which made clock's, scalarProd's and reduceMultiPass's only
    launch "not run" and dropped the profiled launches from launch counts and kernel times."""

    # The verdicts of the H100 baseline (docs/confirm-samples.md: counters from ncu, so no launch
    # of the recorded run profiled), times masked.
    BASELINE = {
        # missing-launch-bounds: no register count the run did not show (issue 36 item 6).
        ("clock", 51): "all 1 launches ran: 18 registers/thread (theoretical occupancy 100% at "
                       "its largest block, 256 threads); registers do not limit its occupancy, "
                       "so the missing bound cost no occupancy (what __launch_bounds__(256) "
                       "would change is not checked: the findings carry no check of the bound "
                       "(cuda-lint --resource-usage compiles the kernel with it))",
        ("clock", 70): "320 divergent branch targets per launch, warp execution efficiency "
                       "96.7%, 82.7% counting predicated-off lanes as idle; 1 launches, 0.002 ms "
                       "kernel time (100.0% of the program's GPU time)",
        ("clock", 134): "1 launches on the legacy default stream, 0.002 ms of kernel time; no "
                        "other stream ran work in this process, so no other stream's work "
                        "waited",
        ("scalarProd", 50): "all 1 launches ran: 32 registers/thread (theoretical occupancy "
                            "100% at its largest block, 256 threads); registers do not limit "
                            "its occupancy, so the missing bound cost no occupancy (what "
                            "__launch_bounds__(256) would change is not checked: the findings "
                            "carry no check of the bound (cuda-lint --resource-usage compiles "
                            "the kernel with it))",
        ("scalarProd", 88): "1280 divergent branch targets per launch, warp execution "
                            "efficiency 98.2%, 90.5% counting predicated-off lanes as idle; 1 "
                            "launches, 0.007 ms kernel time (100.0% of the program's GPU time)",
        ("scalarProd", 126): "1 launches on the legacy default stream, 0.007 ms of kernel time; "
                             "no other stream ran work in this process, so no other stream's "
                             "work waited",
    }

    def test_a_replayed_launch_ran_without_timestamps(self):
        for old in (True, False):
            rec = device_records("clock", old=old)
            (launch,) = rec.launches
            self.assertEqual((launch.start, launch.end), (None, None))  # CUPTI's 0, 0
            self.assertTrue(launch.replayed and launch.executed and launch.profiled)
            self.assertFalse(launch.timed)
            self.assertEqual(launch.registers, 18)  # the kernel record still gives registers
            self.assertEqual(len(rec.executed()), 1)
        # The older library measured no time for it; the current one gives the profiler's.
        self.assertIsNone(device_records("clock", old=True).launches[0].duration_source)
        (launch,) = device_records("clock").launches
        self.assertEqual((launch.duration_source, launch.duration_ns), ("profiler", 3328))

    def test_the_library_marks_the_replayed_kernel_record(self):
        kernel = [json.loads(l) for l in read_lines("clock_cupti")
                  if json.loads(l)["type"] == "kernel"][0]
        self.assertEqual((kernel["start"], kernel["end"], kernel["replayed"]), (0, 0, True))
        counters = [json.loads(l) for l in read_lines("clock_cupti")
                    if json.loads(l)["type"] == "counters"][0]
        self.assertTrue(counters["replayed"])
        self.assertGreater(counters["launch_ns"], 0)  # the launch call, replay passes included
        profiler = [json.loads(l) for l in read_lines("clock_cupti")
                    if json.loads(l)["type"] == "profiler"][0]
        self.assertEqual(set(profiler["setup_ns"]), {"initialize", "device", "host", "enable"})
        self.assertIn(DURATION, profiler["metrics"])
        end = confirm_records.parse_lines(read_lines("clock_cupti")).library_times
        self.assertEqual(end["launch_records"], 1)
        self.assertGreater(end["profiler_ns"], 0)

    def test_a_failed_launch_that_was_chosen_did_not_run(self):
        failed = [json.loads(l) for l in read_lines("clock_cupti_old")]
        for r in failed:
            if r["type"] == "launch":
                r["result"] = 1
        rec = confirm_records.parse_lines(json.dumps(r) for r in failed)
        self.assertFalse(rec.launches[0].executed)
        self.assertFalse(rec.launches[0].replayed)

    def test_a_profiler_that_could_not_start_leaves_the_launch_timed(self):
        # The library writes "replayed": false with the error; the kernel ran as usual.
        lines = read_lines("clock") + [json.dumps(
            {"type": "counters", "pid": 1552, "correlation_id": 1,
             "kernel": "_Z14timedReductionPKfPfPl", "replayed": False,
             "error": "cuptiRangeProfilerStart: boom"})]
        (launch,) = confirm_records.parse_lines(lines).launches
        self.assertTrue(launch.chosen and launch.timed)
        self.assertFalse(launch.profiled)
        self.assertGreater(launch.duration_ns, 0)

    def test_verdicts_on_the_only_launch_are_the_baselines(self):
        for sample in ("clock", "scalarProd"):
            for old in (False, True):
                rec = device_records(sample, old=old)
                prof = cupti_counters.profile(rec, None)
                for f in FINDINGS[sample]:
                    v = cv.judge(f, rec, prof)
                    self.assertEqual(v["verdict"], cv.CONFIRMED if f["rule"] ==
                                     "warp-divergent-branch" else cv.OBSERVED, v["reason"])
                    if not old:
                        self.assertEqual(stem(v["reason"]),
                                         stem(self.BASELINE[(sample, f["line"])]))
                    elif f["rule"] != "missing-launch-bounds":
                        # Without the measured time (the older library), the verdict is the
                        # same and says the time is unknown.
                        self.assertIn("without a kernel time", v["reason"])
        rec = device_records("clock")
        v = cv.judge(finding("clock", "warp-divergent-branch", 70), rec,
                     cupti_counters.profile(rec, None))
        self.assertEqual(v["cost"]["launches_timed_by_profiler"], 1)
        self.assertAlmostEqual(v["cost"]["kernel_time_ms"], 0.003328)
        self.assertEqual(v["cost"]["gpu_time_share_pct"], 100.0)

    def test_multi_pass_reduction_keeps_every_launch(self):
        # threadFenceReduction: reduceMultiPass<128, true> launched once (profiled), and
        # reduceSinglePass<128, true>, its first launch profiled.
        for old in (False, True):
            rec = device_records("threadFenceReduction", old=old)
            self.assertEqual(len(rec.executed()), len(rec.launches))
            prof = cupti_counters.profile(rec, None)
            v = {f["line"]: cv.judge(f, rec, prof) for f in FINDINGS["threadFenceReduction"]
                 if f["line"] in (67, 121, 231, 326)}
            self.assertEqual(v[121]["verdict"], cv.OBSERVED, v[121]["reason"])
            self.assertTrue(v[121]["reason"].startswith("all 1 launches ran: 25 registers"))
            self.assertEqual(v[231]["verdict"], cv.OBSERVED)
            self.assertIn("no other stream ran work", v[231]["reason"])
            self.assertEqual(v[67]["verdict"], cv.CONFIRMED)
            self.assertEqual(v[67]["cost"]["launches"], len(rec.launches))
            # Both kernels' counters (64 and 129 divergent targets), as ncu's gave 96.
            self.assertEqual(v[67]["cost"]["kernels"],
                             ["_Z15reduceMultiPassILj128ELb1EEvPKfPfj",
                              "_Z16reduceSinglePassILj128ELb1EEvPKfPfj"])
            self.assertTrue(v[67]["reason"].startswith("96 divergent branch targets"),
                            v[67]["reason"])
        self.assertEqual(v[67]["cost"]["launches_without_time"], 2)  # the older library
        rec = device_records("threadFenceReduction")
        v = cv.judge(finding("threadFenceReduction", "default-stream-launch", 231), rec)
        self.assertTrue(v["reason"].startswith("1 launches on the legacy default stream, 0.015 "
                                               "ms of kernel time; no other stream"), v["reason"])

    def test_profiled_configurations_keep_their_launches(self):
        # reduction --kernel=0: the first launch of each of three configurations profiled.
        rec = device_records("reduction_k0")
        self.assertEqual(sum(1 for l in rec.launches if l.replayed), 3)
        self.assertEqual(len(rec.executed()), len(rec.launches))
        f = finding("reduction", "warp-divergent-branch", 121)
        v = cv.judge(f, rec, cupti_counters.profile(rec, None))
        self.assertEqual(v["verdict"], cv.CONFIRMED, v["reason"])
        self.assertEqual(v["cost"]["launches"], len(rec.launches))
        self.assertEqual(v["cost"]["launches_timed_by_profiler"], 3)
        self.assertIn("24.2% of the lanes of its warp instructions were predicated off",
                      v["reason"])

    def test_replayed_launches_take_no_part_in_the_timeline(self):
        rec = device_records("reduction_k0")
        replayed = {id(l) for l in rec.launches if l.replayed}
        self.assertFalse(replayed & confirm_records.overlapping(rec.launches))
        legacy = [l for l in rec.launches if l.stream_kind == "legacy"]
        self.assertEqual(cv.waits_on_legacy(legacy, rec), [])
        cv.queued_behind_small(legacy, rec)  # sorts by start: no None among them

class FallbackTest(unittest.TestCase):
    def test_an_older_library_means_ncu(self):
        self.assertIn("older build", cupti_counters.fallback_reason(
            confirm_records.parse_lines(read_lines("clock")), None))

    def test_no_records_at_all_needs_no_fallback(self):
        self.assertEqual(cupti_counters.fallback_reason(confirm_records.parse_lines([]), None), "")

    def test_a_library_without_the_range_profiler_means_ncu(self):
        lines = read_lines("clock") + [json.dumps(
            {"type": "profiler_request", "pid": 1552, "kernels": 1, "metrics": [],
             "launches_per_config": 1, "available": False,
             "reason": "built without the CUPTI range profiler"})]
        self.assertEqual(cupti_counters.fallback_reason(confirm_records.parse_lines(lines), None),
                         "built without the CUPTI range profiler")

    def test_a_context_that_cannot_be_profiled_means_ncu(self):
        rec = recording("clock", profiler_status="cuptiRangeProfilerEnable: not supported")
        reason = cupti_counters.fallback_reason(rec, None)
        self.assertIn("cuptiRangeProfilerEnable: not supported", reason)

    def test_a_profiler_that_failed_on_every_launch_means_ncu(self):
        lines = read_lines("clock") + counters_lines("clock")[:2] + [json.dumps(
            {"type": "counters", "pid": 1552, "correlation_id": 1,
             "kernel": "_Z14timedReductionPKfPfPl", "error": "cuptiRangeProfilerStart: boom"})]
        reason = cupti_counters.fallback_reason(confirm_records.parse_lines(lines), None)
        self.assertIn("failed on every profiled launch: cuptiRangeProfilerStart: boom", reason)

    def test_kernels_that_ran_but_were_never_profiled_mean_ncu(self):
        lines = read_lines("clock") + counters_lines("clock")[:1]  # the request only
        rec = confirm_records.parse_lines(lines)
        req = cupti_counters.request(FINDINGS["clock"], 1)
        self.assertEqual(cupti_counters.fallback_reason(rec, req),
                         "the in-process profiler saw no launch of _Z14timedReductionPKfPfPl")
        # Profiled: no fallback.
        self.assertEqual(cupti_counters.fallback_reason(recording("clock"), req), "")
        # Asked for kernels that never ran: nothing to fall back for.
        other = cupti_counters.request([{"rule": "warp-divergent-branch",
                                         "kernel": {"name": "_Z5otherv"}}], 1)
        self.assertEqual(cupti_counters.fallback_reason(rec, other), "")

    def test_forcing_ncu(self):
        old = os.environ.get(cupti_counters.PROFILER_ENV)
        try:
            os.environ[cupti_counters.PROFILER_ENV] = "ncu"
            self.assertTrue(cupti_counters.forced_ncu())
            os.environ[cupti_counters.PROFILER_ENV] = "cupti"
            self.assertFalse(cupti_counters.forced_ncu())
        finally:
            if old is None:
                os.environ.pop(cupti_counters.PROFILER_ENV, None)
            else:
                os.environ[cupti_counters.PROFILER_ENV] = old


class DefaultStreamTest(unittest.TestCase):
    def test_a_profiled_launch_does_not_count_as_a_wait(self):
        # A legacy-stream kernel b between two kernels of another stream: b waited behind the
        # first a. Profiled (serialised and replayed), b's timing is not the program's.
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
        f = {"rule": "default-stream-launch", "kernel": {"name": "_Z1bv"}, "launch": {}}
        plain = cv.judge(f, confirm_records.parse_lines(json.dumps(x) for x in lines))
        self.assertEqual(plain["verdict"], cv.CONFIRMED)
        lines.append({"type": "counters", "pid": 1, "correlation_id": 2, "kernel": "_Z1bv",
                      "metrics": {}})
        v = cv.judge(f, confirm_records.parse_lines(json.dumps(x) for x in lines))
        self.assertEqual(v["verdict"], cv.OBSERVED, v["reason"])
        self.assertEqual(v["cost"]["profiled_launches_not_timed"], 1)
        self.assertIn("1 launches profiled for counters", v["reason"])


class CommandLineTest(unittest.TestCase):
    def test_confirm_ncu_uses_the_counters_of_its_own_run(self):
        # The "program" replays clock's records with the counters records the library writes:
        # --ncu then reads the counters from them and starts no second run under ncu.
        with tempfile.TemporaryDirectory() as d:
            records = os.path.join(d, "clock.jsonl")
            with open(records, "w") as f:
                f.write("\n".join(read_lines("clock") + counters_lines("clock")) + "\n")
            findings = os.path.join(d, "findings.json")
            with open(findings, "w") as f:
                json.dump({"findings": FINDINGS["clock"]}, f)
            out = subprocess.run(
                [sys.executable, os.path.join(HARNESS, "cuda_lint_confirm.py"), "--ncu",
                 "--format", "json", "--findings", findings, "--injection-lib", os.devnull, "--",
                 sys.executable, os.path.join(HERE, "Inputs", "replay_records.py"), records],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, check=True,
                env=dict(os.environ, **{cupti_counters.PROFILER_ENV: ""}))
        report = json.loads(out.stdout)
        self.assertEqual(report["ncu"]["source"], "cupti")
        self.assertEqual(report["ncu"]["fallback_reason"], "")
        self.assertEqual(report["ncu"]["profiled_launches"], 1)
        self.assertNotIn("ncu_run_s", report["timing"])
        divergence = [r for r in report["results"] if r["rule"] == "warp-divergent-branch"][0]
        self.assertEqual(divergence["verdict"], cv.CONFIRMED, divergence["reason"])
        self.assertTrue(divergence["reason"].startswith("320 divergent branch targets per launch"))


if __name__ == "__main__":
    unittest.main(verbosity=1)
