// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What FasterTransformer's record unpack costs (issue 35; beam_online_softmax_topk_stage2_kernel
// in online_softmax_beamsearch_kernels.cu, a production trial on 2026-11-29). Each thread of a
// block of 32 reads its own packed top-k record of 2 * MAX_K + 2 = 18 words from shared memory,
// `p[i] = ((int *)b_s)[i]; u[i] = b_s[MAX_K + i];` for i < 2 * K, into arrays of its own indexed
// at run time, then the records are reduced. Lanes 18 words apart: a 2-way conflict per load,
// in a loop that reads no global memory, which shared-memory-bank-conflict weighs as a loop over
// shared memory (measured there: 2-way 1.26x). unpack<18> is that layout, unpack<19> the records
// padded to 19 words (conflict-free), same results.
// Result (results/record_unpack_h200.txt, H200, driver 580.159.04, nvcc 13.0, 2026-11-29, median
// and range of the medians of 5 runs): anti 0.0744 ms (0.0739-0.0748), fixed 0.0748 ms
// (0.0740-0.0751): 0.99x. The SASS shows why: nvcc unrolls the loop of unknown trips by 4 and
// reads each pair of neighbouring words with one LDS.64, 8 bytes a lane 72 bytes apart, which a
// half-warp serves without conflict (304,128 shared load instructions against the padded
// layout's 608,256 scalar ones). The loops below (compiled, not run) give the rule for such
// loops over a thread's row, `for (i = 0; i < n; i++) s[threadIdx.x * S + i]`: floats in pairs
// with one LDS.64 (or STS.64) where the row is 8-byte aligned (S = 16, 18, 20; never LDS.128),
// scalar where it is not (S = 17); doubles in pairs with one LDS.128 where the row is 16-byte
// aligned (S = 10), one LDS.64 each where it is not (S = 9); a global read in the body changes
// nothing; a counter from 1 gives other code (LDS.128 and scalar LDS). The trips left over run
// as scalar loads, which still conflict; row_loop_remainder.cu measures what they cost (nothing
// measurable), and shared-memory-bank-conflict counts such loops as their pairs.
// Build and run: nvcc -std=c++17 -O3 -arch=sm_90 -I kernels -o rup kernels/studies/record_unpack.cu
// && ./rup && cuobjdump -sass rup | grep -E 'Function|LDS|STS' && ncu --metrics
// l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_ld.sum,
// smsp__inst_executed_op_local_st.sum ./rup --warmup 0 --repeats 1
#include "common/bench.cuh"

#include <cstdint>

constexpr int kMaxK = 8, kRecord = 2 * kMaxK + 2, kThreads = 32;

template <int Stride>
__global__ void unpack(const float *x, float *out, int K) {
  __shared__ float buf[kThreads * Stride];
  x += static_cast<size_t>(blockIdx.x) * kThreads * kRecord;
  for (int idx = threadIdx.x; idx < kRecord * kThreads; idx += blockDim.x)
    buf[idx / kRecord * Stride + idx % kRecord] = x[idx];
  __syncthreads();
  int p[kMaxK];
  float u[kMaxK];
  for (int i = 0; i < kMaxK; ++i) {
    p[i] = -1;
    u[i] = -1e30f;
  }
  const float *b = buf + threadIdx.x * Stride;
  for (int i = 0; i < 2 * K; i++) {
    p[i] = reinterpret_cast<const int *>(b)[i];
    u[i] = b[kMaxK + i];
  }
  float d = b[2 * kMaxK], m = b[2 * kMaxK + 1];
  float acc = d - m;
  for (int i = 0; i < 2 * K; i++)
    acc += u[i] * static_cast<float>(p[i] & 0xff);
  for (int o = 16; o > 0; o >>= 1)
    acc += __shfl_xor_sync(0xffffffffu, acc, o);
  if (threadIdx.x == 0)
    out[blockIdx.x] = acc;
}

// nvcc 13's code for runtime-bound loops over a thread's row (SASS only).
template <int S, typename T>
__global__ void rowLoop(const T *g, T *out, int n) {
  __shared__ T s[32 * S];
  for (int i = threadIdx.x; i < 32 * S; i += 32)
    s[i] = g[i];
  __syncthreads();
  T acc = 0;
  for (int i = 0; i < n; i++)
    acc += s[threadIdx.x * S + i];
  out[threadIdx.x] = acc;
}
template <int S>
__global__ void rowLoopFrom1(const float *g, float *out, int n) {
  __shared__ float s[32 * S];
  for (int i = threadIdx.x; i < 32 * S; i += 32)
    s[i] = g[i];
  __syncthreads();
  float acc = 0.f;
  for (int i = 1; i < n; i++)
    acc += s[threadIdx.x * S + i];
  out[threadIdx.x] = acc;
}
template <int S>
__global__ void rowLoopGlobal(const float *g, float *out, int n) {
  __shared__ float s[32 * S];
  for (int i = threadIdx.x; i < 32 * S; i += 32)
    s[i] = g[i];
  __syncthreads();
  float acc = 0.f;
  for (int i = 0; i < n; i++)
    acc += s[threadIdx.x * S + i] * g[i];
  out[threadIdx.x] = acc;
}
template <int S>
__global__ void rowLoopStore(const float *g, float *out, int n) {
  __shared__ float s[32 * S];
  for (int i = 0; i < n; i++)
    s[threadIdx.x * S + i] = g[i] + threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 3];
}
template __global__ void rowLoop<16, float>(const float *, float *, int);
template __global__ void rowLoop<17, float>(const float *, float *, int);
template __global__ void rowLoop<18, float>(const float *, float *, int);
template __global__ void rowLoop<20, float>(const float *, float *, int);
template __global__ void rowLoop<9, double>(const double *, double *, int);
template __global__ void rowLoop<10, double>(const double *, double *, int);
template __global__ void rowLoopFrom1<16>(const float *, float *, int);
template __global__ void rowLoopGlobal<16>(const float *, float *, int);
template __global__ void rowLoopStore<16>(const float *, float *, int);
template __global__ void rowLoopStore<18>(const float *, float *, int);

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  const int blocks = 132 * 256, K = 4;
  size_t nIn = static_cast<size_t>(blocks) * kThreads * kRecord;
  std::vector<float> h(nIn);
  uint32_t s = 12345;
  for (size_t i = 0; i < nIn; ++i) {
    s = s * 1664525u + 1013904223u;
    h[i] = static_cast<float>(s >> 20);
  }
  float *dIn, *dOut;
  CUDA_CHECK(cudaMalloc(&dIn, nIn * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dOut, blocks * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dIn, h.data(), nIn * sizeof(float), cudaMemcpyHostToDevice));
  std::vector<float> r[2];
  for (int padded = 0; padded < 2; ++padded) {
    auto launch = [&] {
      if (padded)
        unpack<kRecord + 1><<<blocks, kThreads, 0, stream>>>(dIn, dOut, K);
      else
        unpack<kRecord><<<blocks, kThreads, 0, stream>>>(dIn, dOut, K);
    };
    bench::Timing t = bench::timeLaunches(opts, stream, launch);
    bench::studyLine("unpack", padded ? "fixed" : "anti", t);
    r[padded].resize(blocks);
    CUDA_CHECK(cudaMemcpy(r[padded].data(), dOut, blocks * sizeof(float), cudaMemcpyDeviceToHost));
  }
  size_t failures = bench::countMismatches("unpack", r[1], r[0]);
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dOut));
  return failures ? 1 : 0;
}
