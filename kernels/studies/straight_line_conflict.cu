// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a 2- to 3-way conflict costs in straight-line shared-memory code (issue 35; question 4 of
// the session-22 note): cuSZ's spline3 interpolates a 9x9x33 tile in shared memory between one
// global load phase and one global store, with no loop around most of its stages; its unit-1
// BLUE stage maps 340 of 384 threads with x = 2 * (t % 17), y = 2 * (t / 17 % 5), z = 2 * (t /
// 85) + 1, which puts 2 or 3 lanes of each warp in one bank. stencil<true> reads 16 such words a
// thread (an unrolled z-stencil: straight-line code, 2- to 3-way in every warp), stencil<false>
// the same number with consecutive lanes on consecutive words (conflict-free); both load the tile
// from global memory first and store one float a thread after. shared-memory-bank-conflict
// reports such reads as notes (outside any loop, beside global memory). Each line of output is
// one case's JSON (kernels/common/bench.cuh). Result (results/straight_line_conflict_h100.txt,
// H100, driver 580.159.04, nvcc 13 -O3 -arch=sm_90, 2026-11-27, 5 runs of 20 timed launches each):
// medians 0.0570 to 0.0575 ms against 0.0533 to 0.0542 ms, 1.06x; ncu: 3,459,420 load wavefronts
// for 1,622,016 LDS against 1,905,554 (the fixed twin's `(y + 1) % 9` row wraps in a few warps).
// The ranges of single runs overlap (0.0541-0.0789 against 0.0499-0.0571). The rule reports these
// reads as notes: an unrolled 8-trip loop with no loop around it is straight-line code (until
// 2026-11-27 it counted as the loop that bounds the time, and they were warnings).
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o slc2
// kernels/studies/straight_line_conflict.cu && ./slc2
#include "common/bench.cuh"

constexpr int kTile = 9 * 9 * 33, kThreads = 384;

template <bool Conflict>
__global__ void __launch_bounds__(kThreads) stencil(const float *in, float *out) {
  __shared__ float s[9][9][33];
  float *flat = &s[0][0][0];
  const float *src = in + static_cast<size_t>(blockIdx.x) * kTile;
  for (int i = threadIdx.x; i < kTile; i += kThreads)
    flat[i] = src[i];
  __syncthreads();
  int t = threadIdx.x % 340, x, y, z;
  if (Conflict) {
    x = 2 * (t % 17);
    y = 2 * (t / 17 % 5);
    z = 2 * (t / 85) + 1;
  } else {
    x = t % 32;
    y = t / 32 % 9;
    z = t / 288;
  }
  float acc = 0.f;
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    int zz = (z + k) % 9;
    acc += s[zz][y][x] * static_cast<float>(k + 1) + s[zz][(y + 1) % 9][x];
  }
  out[static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x] = acc;
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  const int blocks = 132 * 64;
  size_t nIn = static_cast<size_t>(blocks) * kTile, nOut = static_cast<size_t>(blocks) * kThreads;
  float *dIn, *dOut;
  CUDA_CHECK(cudaMalloc(&dIn, nIn * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dOut, nOut * sizeof(float)));
  CUDA_CHECK(cudaMemset(dIn, 0, nIn * sizeof(float)));
  for (int fixed = 0; fixed < 2; ++fixed) {
    auto launch = [&] {
      if (fixed)
        stencil<false><<<blocks, kThreads, 0, stream>>>(dIn, dOut);
      else
        stencil<true><<<blocks, kThreads, 0, stream>>>(dIn, dOut);
    };
    bench::Timing t = bench::timeLaunches(opts, stream, launch);
    std::printf("{\"case\": \"%s\", \"role\": \"%s\", \"median_ms\": %.4f, \"min_ms\": %.4f, "
                "\"max_ms\": %.4f}\n",
                fixed ? "straightLineConflictFree" : "straightLine2to3way", fixed ? "fixed" : "anti",
                t.medianMs, t.minMs, t.maxMs);
  }
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dOut));
  return 0;
}
