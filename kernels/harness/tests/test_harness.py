#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Unit tests (no GPU) of the bench and of the static manifest check: the Nsight Compute CSV
parser, the anti/fixed pairing and ratios on program output recorded on an H200, the consistency of
kernels/manifest.json with the sources and CMake, and check_manifest.py's precision/recall test."""

import copy
import json
import os
import re
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.dirname(HERE)
KERNELS = os.path.dirname(HARNESS)
sys.path.insert(0, HARNESS)

import build_programs  # noqa: E402
import check_manifest  # noqa: E402
import cuda_lint_bench  # noqa: E402
import ncu_metrics  # noqa: E402

INPUTS = os.path.join(HERE, "Inputs")
MANIFEST = build_programs.load_manifest()


class NcuCsvTest(unittest.TestCase):
    def test_recorded_details_csv(self):
        with open(os.path.join(INPUTS, "ncu", "divergence_details.csv")) as f:
            kernels, launches = ncu_metrics.parse_details_csv(f.read())
        self.assertEqual(kernels["_Z15laneSplitBranchPjii"]["divergent_branch_targets"], 32768)
        self.assertEqual(kernels["_Z17warpAlignedBranchPjii"]["divergent_branch_targets"], 0)
        self.assertEqual(launches["_Z15laneSplitBranchPjii"], 1)

    def test_thousands_separators_nan_and_means(self):
        header = '"ID","Kernel Name","Metric Name","Metric Unit","Metric Value"\n'
        rows = ['"0","_Z1kv","smsp__sass_branch_targets_threads_divergent.sum","","1,024"',
                '"1","_Z1kv","smsp__sass_branch_targets_threads_divergent.sum","","3,072"',
                '"1","_Z1kv","smsp__thread_inst_executed_per_inst_executed.ratio","","16"',
                '"2","_Z1fv","sm__warps_active.avg.pct_of_peak_sustained_active","%","nan"']
        kernels, launches = ncu_metrics.parse_details_csv("==PROF== noise\n" + header +
                                                          "\n".join(rows))
        self.assertEqual(kernels["_Z1kv"]["divergent_branch_targets"], 2048)
        self.assertEqual(kernels["_Z1kv"]["warp_efficiency_pct"], 50)
        self.assertEqual(launches["_Z1kv"], 2)
        self.assertNotIn("_Z1fv", kernels)

    def test_kernel_filter_is_an_anchored_regex(self):
        opts = ncu_metrics.kernel_filter(["_Z1av", "_Z1bv", None])
        self.assertEqual(opts[-1], "regex:^(_Z1av|_Z1bv)$")
        self.assertEqual(ncu_metrics.kernel_filter([]), [])

    def test_profiling_is_bounded_per_kernel_and_launch_configuration(self):
        self.assertEqual(ncu_metrics.launch_limit(2), ["--filter-mode", "per-launch-config",
                                                       "--launch-count", "2"])
        self.assertEqual(ncu_metrics.launch_limit(0), [])
        self.assertGreater(ncu_metrics.DEFAULT_LAUNCHES_PER_KERNEL, 0)

    def test_counters_of_several_kernels_are_weighted_by_profiled_launches(self):
        prof = ncu_metrics.Profile(ok=True, kernels={"_Z1av": {"x": 10.0}, "_Z1bv": {"x": 40.0}},
                                   launches={"_Z1av": 3, "_Z1bv": 1})
        self.assertEqual(prof.counters_for(["_Z1av", "_Z1bv"])["x"], 17.5)
        self.assertEqual(prof.counters_for(["_Z1av"])["x"], 10.0)
        self.assertIsNone(prof.counters_for(["a", "_Z1cv"]))


class BenchTest(unittest.TestCase):
    def setUp(self):
        with open(os.path.join(INPUTS, "bench", "program_output.json")) as f:
            self.results = json.load(f)

    def test_pairs_and_ratios(self):
        rows = cuda_lint_bench.pair_rows(MANIFEST, self.results, {})
        by_anti = {r["anti"]: r for r in rows}
        anti = sum(1 for p in MANIFEST["programs"] if p["name"] in self.results
                   for k in p["kernels"] if k["role"] in ("anti", "note"))
        self.assertEqual(len(rows), anti)
        row = by_anti["laneSplitBranch"]
        self.assertEqual(row["fixed"], "warpAlignedBranch")
        self.assertAlmostEqual(row["ratio"], row["anti_ms"] / row["fixed_ms"])
        self.assertGreater(row["ratio"], 1.5)
        failed = by_anti["heavyNoBounds"]
        self.assertIsNone(failed["ratio"])
        self.assertEqual(failed["anti_status"], "launch-failed")
        self.assertIn("too many resources", cuda_lint_bench.format_table(rows))

    def test_ratio_spread_over_runs(self):
        runs = []
        for scale in (1.0, 1.1, 0.9, 1.05, 1.2):
            results = json.loads(json.dumps(self.results))
            for res in results.values():
                for case in res["cases"]:
                    if case.get("role") == "anti" and case.get("median_ms"):
                        case["median_ms"] *= scale
            runs.append(cuda_lint_bench.pair_rows(MANIFEST, results, {}))
        rows = {r["anti"]: r for r in cuda_lint_bench.aggregate_runs(runs)}
        single = {r["anti"]: r for r in runs[0]}["laneSplitBranch"]["ratio"]
        row = rows["laneSplitBranch"]
        self.assertEqual(row["runs"], 5)
        self.assertAlmostEqual(row["ratio"], single * 1.05)
        self.assertAlmostEqual(row["ratio_min"], single * 0.9)
        self.assertAlmostEqual(row["ratio_max"], single * 1.2)
        self.assertIn("(5)", cuda_lint_bench.format_table(list(rows.values())))
        self.assertEqual(rows["heavyNoBounds"]["runs"], 0)

    def test_program_output_parsing_skips_other_lines(self):
        cases = cuda_lint_bench.parse_program_output(
            'warming up\n{"case": "a", "status": "ok"}\n{broken\n')
        self.assertEqual(cases, [{"case": "a", "status": "ok"}])


class ManifestTest(unittest.TestCase):
    def test_programs_match_sources_and_cmake(self):
        with open(os.path.join(KERNELS, "CMakeLists.txt")) as f:
            cmake = f.read()
        listed = re.search(r"set\(CUDA_LINT_KERNEL_PROGRAMS([^)]*)\)", cmake).group(1).split()
        names = [p["name"] for p in MANIFEST["programs"]]
        self.assertEqual(sorted(listed), sorted(names))
        sources = sorted(f for f in os.listdir(KERNELS) if f.endswith(".cu"))
        self.assertEqual(sources, sorted(p["source"] for p in MANIFEST["programs"]))

    def test_every_program_pairs_anti_patterns_with_fixed_twins(self):
        rules = set(MANIFEST["rules"])
        for p in MANIFEST["programs"]:
            with open(os.path.join(KERNELS, p["source"])) as f:
                source = f.read()
            roles = {k["case"]: k["role"] for k in p["kernels"]}
            self.assertIn("anti", roles.values(), p["name"])
            self.assertIn("fixed", roles.values(), p["name"])
            for k in p["kernels"]:
                self.assertIn(re.sub(r"<.*", "", k["case"]), source)
                self.assertTrue(set(k["rules"]) <= rules, k["case"])
                if k["role"] == "anti":
                    # A template instance whose finding names another instance of the same
                    # source location lists the rule under "also".
                    self.assertTrue(k["rules"] or k.get("also"), k["case"])
                    self.assertEqual(roles.get(k["twin"]), "fixed", k["case"])
                elif k["role"] == "note":
                    # An idiom reported only as a --pedantic note: no default finding, timed
                    # against a warp-aligned rewrite.
                    self.assertEqual(k["rules"], [], k["case"])
                    self.assertEqual(roles.get(k["twin"]), "fixed", k["case"])
                else:
                    self.assertEqual(k["rules"], [], k["case"])

    def test_fixed_twins_carry_launch_bounds(self):
        for p in MANIFEST["programs"]:
            with open(os.path.join(KERNELS, p["source"])) as f:
                source = f.read()
            for k in p["kernels"]:
                name = re.sub(r"<.*", "", k["case"])
                if k.get("host_function"):
                    # A case of host code (a copy): its host function, and the kernel beside it.
                    self.assertRegex(source, r"\b%s\s*\([^;{]*\)\s*{" % k["host_function"])
                    length = re.match(r"_Z(\d+)", k["kernel"])
                    name = k["kernel"][length.end():length.end() + int(length.group(1))]
                decl = re.search(r"__global__\s+void\s+(__launch_bounds__\([^)]*\)\s*)?%s\s*\("
                                 % name, source)
                self.assertIsNotNone(decl, name)
                has_bounds = decl.group(1) is not None
                expect = "missing-launch-bounds" not in k["rules"]
                self.assertEqual(has_bounds, expect, name)


def perfect_findings():
    """The cuda-lint JSON that matches the manifest exactly."""
    findings = []
    for p in MANIFEST["programs"]:
        for k in p["kernels"]:
            for rule in k["rules"]:
                findings.append({"rule": rule, "severity": "warning", "message": "m",
                                 "file": os.path.join(KERNELS, p["source"]), "line": 1,
                                 "column": 1, "kernel": {"name": k["kernel"]}})
    return {"version": 1, "findings": findings, "errors": []}


class CheckManifestTest(unittest.TestCase):
    def test_matching_findings_pass(self):
        self.assertEqual(check_manifest.check(MANIFEST, perfect_findings()), [])

    def test_missing_rule_is_a_recall_problem(self):
        doc = perfect_findings()
        doc["findings"] = [f for f in doc["findings"] if f["rule"] != "default-stream-launch"]
        problems = check_manifest.check(MANIFEST, doc)
        self.assertEqual(len(problems), 1)
        self.assertIn("missing [default-stream-launch]", problems[0])

    def test_finding_on_a_fixed_twin_is_a_precision_problem(self):
        doc = perfect_findings()
        extra = copy.deepcopy(doc["findings"][0])
        extra["kernel"] = {"name": "_Z17warpAlignedBranchPjii"}
        doc["findings"].append(extra)
        problems = check_manifest.check(MANIFEST, doc)
        self.assertEqual(len(problems), 1)
        self.assertIn("fixed kernel warpAlignedBranch", problems[0])

    def test_unattributed_finding_and_analysis_error_are_problems(self):
        doc = perfect_findings()
        doc["findings"].append({"rule": "default-stream-launch", "file": "x/kernels/reduction.cu",
                                "line": 3, "column": 1, "message": "m"})
        doc["errors"].append({"file": os.path.join(KERNELS, "divergence.cu"), "message": "boom"})
        self.assertEqual(len(check_manifest.check(MANIFEST, doc)), 2)

    def test_ptxas_rules_can_be_skipped(self):
        doc = perfect_findings()
        doc["findings"] = [f for f in doc["findings"] if f["rule"] != "launch-out-of-resources"]
        self.assertEqual(len(check_manifest.check(MANIFEST, doc)), 1)
        self.assertEqual(check_manifest.check(MANIFEST, doc, skip_ptxas=True), [])

    def test_clang_stub_names_and_kernel_less_findings_are_attributed(self):
        doc = perfect_findings()
        for f in doc["findings"]:
            if f["rule"] == "block-size-not-multiple-of-32":  # as Clang's host parse mangles it
                f["kernel"]["name"] = f["kernel"]["name"].replace("_Z13", "_Z28__device_stub__")
                f["kernel"]["name"] = f["kernel"]["name"].replace("_Z11", "_Z26__device_stub__")
            if f["rule"] == "missing-launch-bounds":  # a definition finding that names no kernel
                del f["kernel"]
                f["line"] = 36
        self.assertEqual(check_manifest.check(MANIFEST, doc), [])
        doc["findings"].append({"rule": "warp-divergent-branch", "line": 66, "column": 3,
                                "file": os.path.join(KERNELS, "divergence.cu"), "message": "m"})
        problems = check_manifest.check(MANIFEST, doc)
        self.assertEqual(len(problems), 1)
        self.assertIn("on fixed kernel warpAlignedBranch", problems[0])

    def test_findings_outside_the_manifest_files_are_ignored(self):
        doc = perfect_findings()
        doc["findings"].append({"rule": "low-occupancy", "file": "/elsewhere/k.cu", "line": 1})
        self.assertEqual(check_manifest.check(MANIFEST, doc), [])


if __name__ == "__main__":
    unittest.main(verbosity=1)
