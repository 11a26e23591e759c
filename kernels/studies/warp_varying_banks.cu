// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Bank conflicts whose lanes differ from warp to warp (issue 35; cuSZ's spline3 maps a block of
// 384 threads onto a 9x9x33 tile with `tid % 5`, `% 9`, `% 17`). shared-memory-bank-conflict
// judges such an access warp by warp from each thread's value (ExactThreads) and reports the
// worst warp; this study checks the per-warp degrees against the hardware's wavefronts.
// Predicted by cuda-lint (test/lit/memory/shared-warp-varying.cu has the same kernels):
//   columnRead (576 threads, a 24x24 tile read by column): warps 0, 2, 3, 5, 6, ... 6-way,
//     warps 1, 4, 7, ... 4-way: 12 * 6 + 6 * 4 = 96 load wavefronts a block for 18 requests;
//     its row-major store 18 wavefronts;
//   tileStencil (384 threads, x = 2 * (t % 5), y = t / 5 % 9, z = t / 45 in a [9][9][33] tile):
//     4-way in every warp, 48 wavefronts a block for 12 requests, loads and stores alike;
//   rowRead (the fix, tile[r][c]): 18 load wavefronts a block.
// Result (results/warp_varying_banks_h100.txt, H100, driver 580.159.04, nvcc 13 -O3 -arch=sm_90,
// ncu, 2026-11-26, 1000 blocks): columnRead 96,471 load wavefronts for 18,000 LDS (96,000
// predicted; rowRead's 18,250 for 18,000 shows the same small excess on a conflict-free load) and
// 18,000 store wavefronts; tileStencil 48,337 load and 48,000 store wavefronts for 12,000 of each
// (48,000 predicted, 4 a request).
// Build and run: nvcc -std=c++17 -O3 -arch=sm_90 -o wvb kernels/studies/warp_varying_banks.cu &&
// ncu --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,
// l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed_op_shared_ld.sum,
// smsp__inst_executed_op_shared_st.sum ./wvb
#include <cstdio>

constexpr int W = 24;
constexpr int Blocks = 1000;

__global__ void columnRead(const float *in, float *out) {
  __shared__ float tile[W][W];
  int t = threadIdx.x, r = t / W, c = t % W;
  tile[r][c] = in[blockIdx.x * W * W + t];
  __syncthreads();
  out[blockIdx.x * W * W + t] = tile[c][r];
}

__global__ void rowRead(const float *in, float *out) {
  __shared__ float tile[W][W];
  int t = threadIdx.x, r = t / W, c = t % W;
  tile[r][c] = in[blockIdx.x * W * W + t];
  __syncthreads();
  out[blockIdx.x * W * W + t] = tile[r][c] * 2.f;
}

__global__ void tileStencil(const float *in, float *out) {
  __shared__ float s[9][9][33];
  int t = threadIdx.x;
  int x = 2 * (t % 5), y = t / 5 % 9, z = t / 45;
  s[z][y][x] = in[blockIdx.x * 384 + t];
  __syncthreads();
  out[blockIdx.x * 384 + t] = s[z][y][x + 1];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, Blocks * W * W * sizeof(float));
  cudaMalloc(&out, Blocks * W * W * sizeof(float));
  cudaMemset(in, 0, Blocks * W * W * sizeof(float));
  columnRead<<<Blocks, W * W>>>(in, out);
  rowRead<<<Blocks, W * W>>>(in, out);
  tileStencil<<<Blocks, 384>>>(in, out);
  cudaError_t E = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(E));
  cudaFree(in);
  cudaFree(out);
  return E == cudaSuccess ? 0 : 1;
}
