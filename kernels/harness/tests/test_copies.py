#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""pageable-async-copy verdicts (confirm_copies.py) on records the injection library wrote on an
H100 (driver 580.159.04, 2026-11-25): kernels/pageable_copy.cu (Inputs/records/
pageable_copy_h100.jsonl) with cuda-lint's findings and decoys on its pinned twins, and NVIDIA
cuda-samples built with -g (Inputs/samples/*_copies.jsonl; simpleStreams trimmed to its first 21
copies): streamOrderedAllocation's copies from malloc'ed memory (cuda-lint's findings), and decoy
findings placed by hand at the pinned copies of asyncAPI, simpleStreams and simpleMultiCopy. Then
synthetic recordings for the cases those runs do not contain, and the kernel-less launch findings
of issue 36 ("needs a program built with -g" on a -g build)."""

import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import confirm_copies  # noqa: E402
import confirm_records  # noqa: E402
import confirm_verdict as cv  # noqa: E402

INPUTS = os.path.join(HERE, "Inputs")


def load(*parts):
    return confirm_records.load(os.path.join(INPUTS, *parts))


def findings(*parts):
    with open(os.path.join(INPUTS, *parts)) as f:
        return json.load(f)["findings"]


def at_line(fs, line):
    return [f for f in fs if f["line"] == line and f["rule"] == "pageable-async-copy"][0]


class RecordedCopiesTest(unittest.TestCase):
    def test_pageable_copies_of_the_twin_are_confirmed(self):
        rec = load("records", "pageable_copy_h100.jsonl")
        fs = findings("findings", "pageable_copy.json")
        up = cv.judge(at_line(fs, 85), rec)
        down = cv.judge(at_line(fs, 111), rec)
        for v, direction in ((up, "host to device"), (down, "device to host")):
            self.assertEqual(v["verdict"], cv.CONFIRMED)
            self.assertEqual((v["launches"], v["launch_site"]), (3, "matched"))
            self.assertEqual((v["cost"]["pageable_copies"], v["cost"]["blocking_copies"]), (3, 3))
            self.assertEqual(v["cost"]["bytes"], 3 * 256 << 20)
            self.assertEqual(v["cost"]["directions"], [direction])
            self.assertRegex(v["reason"], r"^3 of 3 copies made at this line had pageable host "
                             r"memory \(CUPTI's memory kind; %s, 768\.0 MiB in [0-9.]+ ms of "
                             r"copying\); 3 of them returned only when the copy was at least half "
                             r"done \(not asynchronous\); the calls held the host [0-9.]+ ms in "
                             r"all, and [0-9.]+ ms of the copies ran beside kernels of other "
                             r"streams$" % direction)
        # The upload held the host as long as it copied (84.9 ms for 84.5 ms of copying); part of
        # it ran beside the 15 ms kernels of the other stream, the rest did not.
        self.assertGreater(up["cost"]["host_held_ms"], up["cost"]["copy_time_ms"])
        self.assertGreater(up["cost"]["overlapped_other_streams_ms"], 40)
        self.assertLess(up["cost"]["overlapped_other_streams_ms"], up["cost"]["copy_time_ms"])

    def test_pinned_twins_are_not_confirmed(self):
        rec = load("records", "pageable_copy_h100.jsonl")
        for f in findings("findings", "decoys_resources.json"):
            if f["rule"] != "pageable-async-copy":
                continue
            v = cv.judge(f, rec)
            self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
            self.assertEqual(v["reason"], "all 3 copies made at this line had pinned host memory "
                             "(CUPTI's memory kind): the buffer was page-locked when it was "
                             "copied")

    def test_samples(self):
        want = {"streamOrderedAllocation": {78: (cv.CONFIRMED, 1), 79: (cv.CONFIRMED, 1),
                                            87: (cv.CONFIRMED, 1), 147: (cv.CONFIRMED, 20),
                                            148: (cv.CONFIRMED, 20), 156: (cv.CONFIRMED, 20)},
                "asyncAPI": {113: (cv.NOT_CONFIRMED, 1), 115: (cv.NOT_CONFIRMED, 1)},
                "simpleStreams": {337: (cv.NOT_CONFIRMED, 1), 390: (cv.NOT_CONFIRMED, 20)},
                "simpleMultiCopy": {196: (cv.NOT_CONFIRMED, 1), 204: (cv.NOT_CONFIRMED, 1),
                                    320: (cv.NOT_CONFIRMED, 20), 324: (cv.NOT_CONFIRMED, 20)}}
        for sample, lines in want.items():
            rec = load("samples", sample + "_copies.jsonl")
            fs = [f for f in findings("samples", sample + "_findings.json")
                  if f["rule"] == "pageable-async-copy"]
            self.assertEqual(sorted(f["line"] for f in fs), sorted(lines))
            for f in fs:
                v = cv.judge(f, rec)
                self.assertEqual((v["verdict"], v["launches"]), lines[f["line"]],
                                 (sample, f["line"], v["reason"]))
                if v["verdict"] == cv.NOT_CONFIRMED:
                    self.assertIn("had pinned host memory", v["reason"])
                else:
                    self.assertEqual(v["cost"]["blocking_copies"], v["launches"])


def rec_lines(*records):
    return confirm_records.parse_lines(json.dumps(r) for r in records)


PROCESS = {"type": "process", "pid": 1, "argv": ["app"]}


def call(cid, line, enter, exit_, file="app.cu"):
    return [{"type": "copy_call", "pid": 1, "domain": "runtime", "api": "cudaMemcpyAsync",
             "correlation_id": cid, "result": 0, "api_enter": enter, "api_exit": exit_,
             "stack": [["app", 100 + cid]]},
            {"type": "sites", "pid": 1, "correlation_id": cid, "sites": [[file, line]]}]


def memcpy(cid, start, end, src="pageable", dst="device", kind=1, stream=14, nbytes=1 << 20):
    return {"type": "memcpy", "pid": 1, "correlation_id": cid, "copy_kind": kind, "src_kind": src,
            "dst_kind": dst, "async": True, "bytes": nbytes, "context_id": 1, "stream_id": stream,
            "start": start, "end": end}


FINDING = {"rule": "pageable-async-copy", "file": "src/app.cu", "line": 20}


class SyntheticCopiesTest(unittest.TestCase):
    def test_a_call_that_returned_before_its_copy_was_half_done_shows_no_wait(self):
        rec = rec_lines(PROCESS, *call(5, 20, 1000, 1100), memcpy(5, 1050, 3050))
        v = cv.judge(FINDING, rec)
        self.assertEqual(v["verdict"], cv.OBSERVED)
        self.assertIn("every call returned before its copy was half done", v["reason"])
        self.assertEqual(v["cost"]["blocking_copies"], 0)

    def test_overlap_counts_kernels_of_other_streams_only(self):
        kernel = {"type": "kernel", "pid": 1, "correlation_id": 9, "name": "k", "grid": [1, 1, 1],
                  "block": [32, 1, 1], "registers": 8, "stream_id": 13, "context_id": 1,
                  "start": 2000, "end": 2500}
        same = dict(kernel, correlation_id=10, stream_id=14, start=2600, end=2900)
        rec = rec_lines(PROCESS, kernel, same, *call(5, 20, 1000, 3100), memcpy(5, 1050, 3050))
        v = cv.judge(FINDING, rec)
        self.assertEqual(v["verdict"], cv.CONFIRMED)
        self.assertAlmostEqual(v["cost"]["overlapped_other_streams_ms"], 500 / 1e6)

    def test_copies_elsewhere_or_unplaced_or_absent(self):
        rec = rec_lines(PROCESS, *call(5, 31, 0, 10), memcpy(5, 1, 2))
        v = cv.judge(FINDING, rec)
        self.assertEqual((v["verdict"], v["reason"]), (cv.NOT_EXERCISED, "1 asynchronous copies "
                         "were made from app.cu line 31, none from line 20"))
        rec = rec_lines(PROCESS, *call(5, 31, 0, 10, file="other.cu"), memcpy(5, 1, 2))
        v = cv.judge(FINDING, rec)
        self.assertEqual(v["verdict"], cv.NOT_EXERCISED)
        self.assertIn("were placed at other.cu", v["reason"])
        unplaced = call(5, 20, 0, 10)[0]
        v = cv.judge(FINDING, rec_lines(PROCESS, unplaced, memcpy(5, 1, 2)))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("build the program with host debug information (-g)", v["reason"])
        v = cv.judge(FINDING, rec_lines(PROCESS, dict(memcpy(5, 1, 2), **{"async": False})))
        self.assertEqual((v["verdict"], v["reason"]), (cv.NOT_EXERCISED,
                                                       "the run made no asynchronous copy"))
        v = cv.judge(FINDING, rec_lines(PROCESS, memcpy(5, 1, 2)))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("an injection library from before copy records", v["reason"])

    def test_device_to_device_and_failed_calls(self):
        rec = rec_lines(PROCESS, *call(5, 20, 0, 10),
                        memcpy(5, 1, 2, src="device", dst="device", kind=8))
        v = cv.judge(FINDING, rec)
        self.assertEqual((v["verdict"], v["reason"]), (cv.NOT_CONFIRMED, "its 1 copies touched "
                         "no host memory (device to device)"))
        failed = call(5, 20, 0, 10)
        failed[0]["result"] = 1
        v = cv.judge(FINDING, rec_lines(PROCESS, *failed))
        self.assertEqual((v["verdict"], v["reason"]), (cv.NOT_CONFIRMED, "1 copy calls were made "
                         "at this line and none copied anything (return codes 1)"))

    def test_downloads_read_the_destination_kind(self):
        rec = rec_lines(PROCESS, *call(5, 20, 0, 3000),
                        memcpy(5, 1000, 2000, src="device", dst="pageable", kind=2))
        self.assertEqual(confirm_copies.copy_calls(rec)[0].host_kinds, ["pageable"])
        self.assertEqual(cv.judge(FINDING, rec)["verdict"], cv.CONFIRMED)
        rec = rec_lines(PROCESS, *call(5, 20, 0, 3000),
                        memcpy(5, 1000, 2000, src="pageable", dst="pinned", kind=2))
        self.assertEqual(cv.judge(FINDING, rec)["verdict"], cv.NOT_CONFIRMED)


class KernelLessLaunchFindingTest(unittest.TestCase):
    """Issue 36: findings without a kernel on a -g build were told to rebuild with -g."""

    LAUNCH = {"type": "launch", "pid": 1, "domain": "runtime", "api": "cudaLaunchKernel",
              "correlation_id": 3, "kernel": "_Z1kv", "grid": [1, 1, 1], "block": [32, 1, 1],
              "stream": "explicit", "stream_id": 13, "context_id": 1, "result": 0,
              "stack": [["app", 7]]}
    FINDING = {"rule": "default-stream-launch", "file": "src/app.cu", "line": 40,
               "launch": {"block": [32, 1, 1]}}

    def test_on_a_debug_build_a_line_without_launches_is_not_exercised(self):
        sites = {"type": "sites", "pid": 1, "correlation_id": 3, "sites": [["main.cu", 12]]}
        v = cv.judge(self.FINDING, rec_lines(PROCESS, self.LAUNCH, sites))
        self.assertEqual(v["verdict"], cv.NOT_EXERCISED)
        self.assertEqual(v["reason"], "the finding names no kernel, and no launch was made from "
                         "app.cu:40 (the launches' call stacks were placed at other source "
                         "files)")
        self.assertNotIn("-g", v["reason"])

    def test_without_debug_information_it_still_says_so(self):
        v = cv.judge(self.FINDING, rec_lines(PROCESS, self.LAUNCH))
        self.assertEqual(v["verdict"], cv.NOT_CONFIRMED)
        self.assertIn("(that needs a program built with -g)", v["reason"])

    def test_a_rule_without_a_runtime_check_is_not_sent_to_minus_g(self):
        finding = {"rule": "legacy-cuda-api", "file": "src/app.cu", "line": 3}
        v = cv.judge(finding, rec_lines(PROCESS, self.LAUNCH))
        self.assertEqual((v["verdict"], v["reason"]), (cv.NOT_CONFIRMED, "no runtime check for "
                                                       "rule 'legacy-cuda-api'"))


if __name__ == "__main__":
    unittest.main()
