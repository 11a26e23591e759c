#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Measures the twins of kernels/memory_idioms.cu on this machine's GPU into OUTDIR, as recorded in
# docs/measurements/memory-*/: env.txt (GPU, driver, nvcc, ncu), runs.jsonl (5 runs of the
# program, each case the median of 10 timed repeats after 3 warm-ups) and ncu.csv (one run under
# Nsight Compute with the counters kernels/harness/memory_cost_table.py reads). Then prints the
# table:  kernels/harness/measure_memory_idioms.sh OUTDIR [RUNS]
set -eu
out=${1:?usage: measure_memory_idioms.sh OUTDIR [RUNS]}
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
kernels=$(dirname "$here")
mkdir -p "$out"
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.memory --format=csv
  nvcc --version | tail -1; ncu --version | tail -1; } >"$out/env.txt" 2>&1
bin=$out/memory_idioms
nvcc -std=c++17 -O3 -arch=native -I"$kernels" -o "$bin" "$kernels/memory_idioms.cu"
: >"$out/runs.jsonl"
for r in $(seq 1 "$runs"); do
  "$bin" --warmup 3 --repeats 10 | sed "s/^{/{\"run\": $r, /" >>"$out/runs.jsonl"
done
metrics=dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum
metrics=$metrics,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
metrics=$metrics,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
metrics=$metrics,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
metrics=$metrics,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics=$metrics,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
metrics=$metrics,smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum
metrics=$metrics,lts__t_sectors_srcunit_tex_op_read.sum,smsp__sass_sectors_mem_global.sum
(cd "$out" && ncu --csv --metrics "$metrics" ./memory_idioms --warmup 0 --repeats 1 2>&1 |
  sed 's|^\(==PROF== Connected to process [0-9]*\) (.*)|\1 (./memory_idioms)|' >ncu.csv)
rm -f "$bin"
python3 "$here/memory_cost_table.py" "$out/runs.jsonl" "$out/ncu.csv"
