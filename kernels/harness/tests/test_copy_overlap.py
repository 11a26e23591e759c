#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""copy_overlap.py on a recording of kernels/pageable_copy.cu's two uploads (made-up times)."""
import contextlib
import io
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import copy_overlap  # noqa: E402

RECORDS = os.path.join(HERE, "Inputs", "records", "pageable_copy.jsonl")


class CopyOverlapTest(unittest.TestCase):
    def test_overlap_with_kernels_of_other_streams(self):
        copies, kernels = copy_overlap.load(RECORDS)
        self.assertEqual(len(copies), 3)
        # The pageable upload (25 ms) ran 14.8 ms under the kernel; the pinned one (4.85 ms) all.
        self.assertEqual(copy_overlap.overlap_ns(copies[0], kernels), 14800000)
        self.assertEqual(copy_overlap.overlap_ns(copies[1], kernels), 4850000)
        same_stream = dict(copies[1], stream_id=13)
        self.assertEqual(copy_overlap.overlap_ns(same_stream, kernels), 0)

    def test_report_skips_small_copies(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            copy_overlap.main([RECORDS])
        lines = out.getvalue().splitlines()
        self.assertEqual(len(lines), 3)
        self.assertRegex(lines[1], r"^HtoD\s+pageable\s+256\.0\s+25\.000\s+14\.800\s+59\.2$")
        self.assertRegex(lines[2], r"^HtoD\s+pinned\s+256\.0\s+4\.850\s+4\.850\s+100\.0$")


if __name__ == "__main__":
    unittest.main()
