#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""ncu_agreement.py on small synthetic inputs: what it counts as equal, as a documented exception
(one-block grids, grids cuda-lint does not evaluate) and as a difference (exit 1), and unusable
input (exit 2). test/lit/kernels/ncu-agreement.test runs it on the H100 recording."""

import contextlib
import io
import json
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import ncu_agreement  # noqa: E402

HEADER = ('"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream",'
          '"Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit",'
          '"Metric Value","Rule Name","Rule Type","Rule Description","Estimated Speedup Type",'
          '"Estimated Speedup"\n')
SMALL = "The grid for this launch is configured to execute only %d blocks, which is less ..."
TAIL = ("A wave of thread blocks ... This kernel launch results in %d full waves and a partial "
        "wave of %d thread blocks. Under the assumption ...")


def row(launch_id, kernel, grid, section, metric="", value="", rule="", text=""):
    cells = [str(launch_id), "1", "app", "host", kernel, "1", "13", "(256, 1, 1)",
             "(%d, 1, 1)" % grid, "0", "9.0", section, metric, "", value, rule,
             "OPT" if rule else "", text, "", ""]
    return ",".join('"%s"' % c for c in cells) + "\n"


def launch(launch_id, kernel, grid, waves, local=0, rule_text=None):
    rows = [row(launch_id, kernel, grid, "Command line profiler metrics",
                "launch__waves_per_multiprocessor", "%.2f" % waves),
            row(launch_id, kernel, grid, "Command line profiler metrics",
                "l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum", str(local)),
            row(launch_id, kernel, grid, "Command line profiler metrics",
                "l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum", "0"),
            row(launch_id, kernel, grid, "Occupancy", "Block Limit Warps", "8"),
            row(launch_id, kernel, grid, "Occupancy", "Block Limit Registers", "10")]
    if rule_text:
        rows.append(row(launch_id, kernel, grid, "LaunchStats", rule="LaunchConfiguration",
                        text=rule_text))
    return "".join(rows)


class AgreementTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        os.mkdir(os.path.join(self.dir, "ncu"))

    def tearDown(self):
        shutil.rmtree(self.dir)

    def run_case(self, csv_text, findings, sms=132):
        with open(os.path.join(self.dir, "ncu", "app.csv"), "w") as f:
            f.write("==PROF== noise\n" + HEADER + csv_text)
        with open(os.path.join(self.dir, "findings.json"), "w") as f:
            json.dump({"findings": findings}, f)
        occupancy = {"gpu": {"name": "H100 SXM", "sms": sms}, "kernels": [
            {"name": k, "rows": [{"block_size": 256, "dynamic_smem": 0, "active_blocks": 8,
                                  "blocks_per_wave": 8 * sms}]} for k in ("_Z1av", "_Z1bv")]}
        with open(os.path.join(self.dir, "occupancy.json"), "w") as f:
            json.dump(occupancy, f)
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            rc = ncu_agreement.main(["--ncu", os.path.join(self.dir, "ncu"), "--findings",
                                     os.path.join(self.dir, "findings.json"), "--occupancy",
                                     os.path.join(self.dir, "occupancy.json")])
        return rc, out.getvalue()

    def test_equal_decisions_and_waves(self):
        text = launch(0, "_Z1av", 1200, 1200 / 1056.0, rule_text=TAIL % (1, 144)) + \
            launch(1, "_Z1bv", 32, 32 / 1056.0, local=96, rule_text=SMALL % 32)
        findings = [{"rule": "tail-effect", "kernel": {"name": "_Z1av"},
                     "message": "1,200 blocks make 1.14 waves of 1,056 on an H100 SXM"},
                    {"rule": "small-grid", "kernel": {"name": "_Z1bv"},
                     "message": "grid of 32 blocks leaves 100 of 132 SMs of an H100 SXM idle"},
                    {"rule": "register-spill", "kernel": {"name": "_Z1bv"},
                     "message": "'b' spills 8 bytes"}]
        rc, out = self.run_case(text, findings)
        self.assertEqual(rc, 0, out)
        self.assertIn("_Z1av grid 1200x1x1 block 256x1x1: 8 blocks/SM, waves 1.14 (ncu 1.14); "
                      "small-grid no, tail-effect yes\n", out)
        self.assertIn("register-spill: local-memory traffic in 1 kernels (_Z1bv), register-spill "
                      "on 1 (_Z1bv)", out)
        self.assertIn("2 launches: blocks per SM equal on 2, waves equal on 2; small-grid equal on "
                      "2 (0 one-block launches exempt), tail-effect equal on 2; 0 decisions on "
                      "grids cuda-lint does not evaluate; 0 differences", out)

    def test_one_block_and_unevaluated_grids_are_named_not_hidden(self):
        text = launch(0, "_Z1av", 1, 1 / 1056.0, rule_text=SMALL % 1) + \
            launch(1, "_Z1bv", 1200, 1200 / 1056.0, rule_text=TAIL % (1, 144))
        rc, out = self.run_case(text, [])
        self.assertEqual(rc, 0, out)
        self.assertIn("small-grid: ncu yes, cuda-lint no (a one-block launch: the rule's "
                      "exception)", out)
        self.assertIn("tail-effect: ncu yes, cuda-lint no finding (a grid it does not "
                      "evaluate; its rule on these waves says yes)", out)

    def test_differences_fail(self):
        # cuda-lint reports a tail effect ncu does not see, waves differ, a spill is missed.
        text = launch(0, "_Z1av", 1056, 1.0, local=4) + launch(1, "_Z1bv", 2000, 1.50)
        findings = [{"rule": "tail-effect", "kernel": {"name": "_Z1av"},
                     "message": "1,056 blocks make 1.69 waves of 624 on an H20"}]
        rc, out = self.run_case(text, findings)
        self.assertEqual(rc, 1)
        self.assertIn("DIFFERENT: app _Z1av grid 1056x1x1 block 256x1x1: tail-effect: ncu no, "
                      "cuda-lint yes", out)
        self.assertIn("DIFFERENT: app _Z1bv grid 2000x1x1 block 256x1x1: 1.89 waves by cuda-lint, "
                      "1.50 by ncu", out)
        self.assertIn("DIFFERENT: local-memory traffic in _Z1av; register-spill on no kernel", out)

    def test_unusable_input(self):
        rc, out = self.run_case("", [])
        self.assertEqual(rc, 0)  # a header and no launch: nothing to compare, nothing different
        os.remove(os.path.join(self.dir, "ncu", "app.csv"))
        with contextlib.redirect_stderr(io.StringIO()) as err:
            rc = ncu_agreement.main(["--ncu", os.path.join(self.dir, "ncu"), "--findings",
                                     os.path.join(self.dir, "findings.json"), "--occupancy",
                                     os.path.join(self.dir, "occupancy.json")])
        self.assertEqual(rc, 2)
        self.assertIn("no ncu CSV in", err.getvalue())


if __name__ == "__main__":
    unittest.main()
