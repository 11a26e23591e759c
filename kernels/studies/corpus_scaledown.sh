#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Measures the cost of the 2-way bank conflicts of CudaSift's ScaleDown (`inrow[2*tx + k]`, read by
# the 32 lanes of a warp: words 2 apart) against the same kernel with `inrow` split into its even
# and odd elements (`inrow[tx]` and `inrow[48 + tx]`: consecutive words, no conflict). The second
# blind memory set (docs/precision/blind-2026-11-26-mem) labels those reads `report`;
# shared-memory-bank-conflict makes a 2-way conflict in a loop with global accesses a note. The
# kernel is taken from a CudaSift checkout at run time (its code is not part of cuda-lint); the
# driver below is this project's. Prints, per image size, the median and range of 5 runs of 200
# launches each and the ratio, checks that both kernels write the same image, then ncu's counters.
# Usage: corpus_scaledown.sh CUDASIFT_DIR OUTDIR (needs nvcc, ncu and a GPU of compute capability 9.0).
set -euo pipefail
src=${1:?usage: corpus_scaledown.sh CUDASIFT_DIR OUTDIR}/cudaSiftD.cu
out=${2:?usage: corpus_scaledown.sh CUDASIFT_DIR OUTDIR}
mkdir -p "$out"
start=$(grep -n '^__global__ void ScaleDown(' "$src" | cut -d: -f1)
end=$(grep -n '^__global__ void ScaleUp(' "$src" | cut -d: -f1)
sed -n "${start},$((end - 1))p" "$src" > "$out/scaledown.cuh"
# The split copy: element i of the row at (i & 1) * 48 + i / 2, so inrow[2*tx + k] is
# inrow[(k & 1) * 48 + tx + k / 2]. Every read and the store are rewritten (checked below).
sed -e 's/__global__ void ScaleDown(/__global__ void ScaleDownSplit(/' \
    -e 's/__shared__ float inrow\[SCALEDOWN_W+4\];/__shared__ float inrow[84];/' \
    -e 's/^ *#define dx2 .*//' \
    -e 's/inrow\[tx\] =/inrow[(tx \& 1) * 48 + (tx >> 1)] =/' \
    -e 's/inrow\[2\*tx\]/inrow[tx]/g' -e 's/inrow\[2\*tx+1\]/inrow[48 + tx]/g' \
    -e 's/inrow\[2\*tx+2\]/inrow[tx + 1]/g' -e 's/inrow\[2\*tx+3\]/inrow[48 + tx + 1]/g' \
    -e 's/inrow\[2\*tx+4\]/inrow[tx + 2]/g' "$out/scaledown.cuh" > "$out/scaledown_split.cuh"
test "$(grep -c 'inrow\[2\*tx' "$out/scaledown_split.cuh")" = 0
test "$(grep -c 'inrow\[tx\] =' "$out/scaledown_split.cuh")" = 0
cat > "$out/bench.cu" <<'CU'
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#define SCALEDOWN_W 64
#define SCALEDOWN_H 16
__constant__ float d_ScaleDownKernel[5];
#include "scaledown.cuh"
#include "scaledown_split.cuh"
static int iDivUp(int a, int b) { return (a + b - 1) / b; }
int main(int argc, char **argv) {
  int width = atoi(argv[1]), height = atoi(argv[2]), reps = 200;
  int pitch = iDivUp(width, 32) * 32, newpitch = iDivUp(width / 2, 32) * 32;
  size_t outSize = sizeof(float) * newpitch * (height / 2 + 8);
  float *src, *out[2];
  cudaMalloc(&src, sizeof(float) * pitch * height);
  std::vector<float> h(size_t(pitch) * height);
  for (size_t i = 0; i < h.size(); ++i)
    h[i] = float((i * 2654435761u) % 1000) / 1000.f;
  cudaMemcpy(src, h.data(), sizeof(float) * h.size(), cudaMemcpyHostToDevice);
  const float k[5] = {0.054f, 0.244f, 0.403f, 0.244f, 0.054f};
  cudaMemcpyToSymbol(d_ScaleDownKernel, k, sizeof(k));
  dim3 blocks(iDivUp(width, SCALEDOWN_W), iDivUp(height, SCALEDOWN_H)), threads(SCALEDOWN_W + 4);
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  float med[2];
  for (int v = 0; v < 2; ++v) {
    cudaMalloc(&out[v], outSize);
    cudaMemset(out[v], 0, outSize);
    auto launch = [&] {
      if (v == 0)
        ScaleDown<<<blocks, threads>>>(out[v], src, width, pitch, height, newpitch);
      else
        ScaleDownSplit<<<blocks, threads>>>(out[v], src, width, pitch, height, newpitch);
    };
    std::vector<float> ms;
    for (int run = 0; run < 5; ++run) {
      for (int w = 0; w < 10; ++w)
        launch();
      cudaEventRecord(e0);
      for (int r = 0; r < reps; ++r)
        launch();
      cudaEventRecord(e1);
      cudaEventSynchronize(e1);
      float t;
      cudaEventElapsedTime(&t, e0, e1);
      ms.push_back(t / reps);
    }
    std::sort(ms.begin(), ms.end());
    med[v] = ms[2];
    printf("%dx%d %-28s median %.4f ms (range %.4f-%.4f) per launch\n", width, height,
           v ? "ScaleDownSplit (no conflict)" : "ScaleDown (CudaSift)", ms[2], ms[0], ms[4]);
  }
  std::vector<float> a(outSize / sizeof(float)), b(a.size());
  cudaMemcpy(a.data(), out[0], outSize, cudaMemcpyDeviceToHost);
  cudaMemcpy(b.data(), out[1], outSize, cudaMemcpyDeviceToHost);
  cudaError_t err = cudaGetLastError();
  printf("%dx%d ScaleDown / ScaleDownSplit = %.3f; outputs %s; %s\n", width, height,
         med[0] / med[1], a == b ? "identical" : "DIFFER", cudaGetErrorString(err));
  return a == b && err == cudaSuccess ? 0 : 1;
}
CU
nvcc=${NVCC:-nvcc}
"$nvcc" -O3 -arch=sm_90 -lineinfo -I "$out" -o "$out/bench" "$out/bench.cu"
echo "device: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader), $("$nvcc" --version | grep -o 'release [0-9.]*'), $(date -u +%F)"
for size in "1920 1080" "3840 2160" "7680 4320"; do
  "$out/bench" $size
done
metrics=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
metrics+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
metrics+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
for k in 'regex:^ScaleDown$' ScaleDownSplit; do
  ncu --metrics "$metrics" -k "$k" -s 5 -c 1 "$out/bench" 3840 2160 |
    grep -E '^  ScaleDown|__' || true
done
