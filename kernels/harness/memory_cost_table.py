#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The measured-cost table of uncoalesced-global-access and shared-memory-bank-conflict idioms
(kernels/memory_idioms.cu): for each case, the median and the range over the process runs of the
per-run median time, the ratio against its twin, and the Nsight Compute counters of one profiled
launch (global sectors per request, DRAM bytes, shared wavefronts per shared instruction).

  memory_cost_table.py RUNS.jsonl NCU.csv

RUNS.jsonl: the program's JSON lines of several runs (each line may carry "run": N); NCU.csv:
`ncu --csv --metrics ...` of one run. Prints a Markdown table; exit 1 when a case failed.
"""

import csv
import json
import statistics
import sys

# case -> (twin, section)
PAIRS = {
    "stride2": "unitStride", "stride4": "unitStride", "stride32": "unitStride",
    "pairAdjacent": "pairVector", "pairAdjacentStore": "pairVectorStore",
    "guardedFieldsRare": "guardedFieldsRareSoa", "guardedFieldsAll": "guardedFieldsAllSoa",
    "aosOneField": "soaOneField", "aosAllFields": "soaAllFields",
    "aosUpdateOneField": "soaUpdateOneField", "rowPerThread": "colPerThread",
    "naiveTranspose": "tiledTranspose33",
    "tiledTranspose32": "tiledTranspose33", "tiledTranspose34": "tiledTranspose33",
    "tiledTranspose36": "tiledTranspose33", "tiledTranspose40": "tiledTranspose33",
    "tiledTranspose48": "tiledTranspose33",
    "sharedStride2": "sharedStride1", "sharedStride4": "sharedStride1",
    "sharedStride8": "sharedStride1", "sharedStride16": "sharedStride1",
    "sharedStride32": "sharedStride1", "reduceInterleaved": "reduceSequential",
}

# ncu kernel name prefix -> case
KERNELS = {
    "unitStride": "unitStride", "void stridedLoad<2>": "stride2", "void stridedLoad<4>": "stride4",
    "void stridedLoad<32>": "stride32", "pairAdjacent": "pairAdjacent", "pairVector": "pairVector",
    "pairAdjacentStore": "pairAdjacentStore", "pairVectorStore": "pairVectorStore",
    "void guardedFields<5>": "guardedFieldsRare", "void guardedFieldsSoa<5>": "guardedFieldsRareSoa",
    "void guardedFields<(int)-1>": "guardedFieldsAll",
    "void guardedFieldsSoa<(int)-1>": "guardedFieldsAllSoa",
    "aosOneField": "aosOneField", "soaOneField": "soaOneField", "aosAllFields": "aosAllFields",
    "soaAllFields": "soaAllFields", "aosUpdateOneField": "aosUpdateOneField",
    "soaUpdateOneField": "soaUpdateOneField", "rowPerThread": "rowPerThread",
    "colPerThread": "colPerThread",
    "naiveTranspose": "naiveTranspose", "reduceInterleaved": "reduceInterleaved",
    "reduceSequential": "reduceSequential",
}
for p in (32, 33, 34, 36, 40, 48):
    KERNELS["void tiledTranspose<%d>" % p] = "tiledTranspose%d" % p
for s in (1, 2, 4, 8, 16, 32):
    KERNELS["void sharedStride<%d>" % s] = "sharedStride%d" % s


def case_of(kernel):
    for prefix, case in KERNELS.items():
        if kernel.startswith(prefix + "(") or kernel == prefix:
            return case
    return None


def num(v):
    try:
        return float(v.replace(",", ""))
    except (ValueError, AttributeError):
        return None


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    times, failed = {}, []
    with open(argv[1]) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            r = json.loads(line)
            if r.get("status") != "ok":
                failed.append(r["case"])
                continue
            times.setdefault(r["case"], []).append(r["median_ms"])
    counters = {}
    with open(argv[2]) as f:
        rows = csv.DictReader(l for l in f if l.startswith('"'))
        for r in rows:
            case = case_of(r["Kernel Name"])
            if case:
                counters.setdefault(case, {})[r["Metric Name"]] = num(r["Metric Value"])

    def med(case):
        return statistics.median(times[case])

    def counter_text(case):
        c = counters.get(case, {})
        parts = []
        ld_req = c.get("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum") or 0
        st_req = c.get("l1tex__t_requests_pipe_lsu_mem_global_op_st.sum") or 0
        if ld_req:
            parts.append("ld %.1f sect/req" % (c["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"] / ld_req))
        if st_req:
            parts.append("st %.1f sect/req" % (c["l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"] / st_req))
        dram = (c.get("dram__bytes_read.sum") or 0) + (c.get("dram__bytes_write.sum") or 0)
        parts.append("DRAM %.0f MB" % (dram / 1e6))
        sh_inst = (c.get("smsp__sass_inst_executed_op_shared_ld.sum") or 0) + \
            (c.get("smsp__sass_inst_executed_op_shared_st.sum") or 0)
        if sh_inst:
            wf = (c.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum") or 0) + \
                (c.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum") or 0)
            bc = (c.get("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum") or 0) + \
                (c.get("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum") or 0)
            parts.append("shared %.2f wavefronts/inst, %.0f conflicts" % (wf / sh_inst, bc))
        return ", ".join(parts)

    print("| case | twin | median ms (range, %s runs) | twin median ms (range) | ratio | counters (case / twin) |"
          % max(len(v) for v in times.values()))
    print("|---|---|---|---|---|---|")
    for case, twin in PAIRS.items():
        if case not in times or twin not in times:
            print("| %s | %s | missing | | | |" % (case, twin))
            continue
        a, b = times[case], times[twin]
        print("| %s | %s | %.4f (%.4f-%.4f) | %.4f (%.4f-%.4f) | %.2fx | %s / %s |" % (
            case, twin, med(case), min(a), max(a), med(twin), min(b), max(b), med(case) / med(twin),
            counter_text(case), counter_text(twin)))
    for case in failed:
        print("FAILED: %s" % case, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
