// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// When ptxas makes a thread's adjacent scalar shared accesses, written as separate statements,
// one wide access (issue 35; pointnet2's cumsumKernel stores `buffer4[k] = v1; ... buffer4[k+3] =
// v4;` with k = 4 * threadIdx.x + ..., in a blind set whose labeller read one STS.128 there, and
// adds `buffer4[k] += buffer[k2]; ... buffer4[k+3] += ...` a few lines on, which stayed four
// scalar read-modify-writes). The PTX of every kernel below has scalar st.shared.f32 at [r],
// [r+4], [r+8], [r+12]: any merging is ptxas's, from the address it places the array at. Each
// kernel runs one block of 256 threads over 8192 floats (8 trips of its loop), lanes 16 bytes
// apart: four scalar accesses are 4-way each, one STS.128 conflict-free per quarter-warp, a
// pair (STS.64) 2-way per half-warp.
// Result (results/adjacent_stores_h100.txt, H100, nvcc 13.0 -O3 -arch=sm_90): quadStore,
// quadStoreDynamic and quadStoreSplit store with one STS.128 (0 bank conflicts, 4 wavefronts per
// instruction), quadLoad reads with one LDS.128, pairStore with one STS.64 (128 conflicts: 2-way
// per half-warp); quadRmw and pairRmw keep scalar LDS and STS (768 and 384 conflicts each way:
// 4-way), as does quadStoreAfterPad (four STS, 768 conflicts). In dynamic memory nvcc's PTX
// already holds four read-modify-writes as ld/st.shared.v4.f32 (not run here: see the rule's
// page). shared-memory-bank-conflict follows this (rules/MemoryAccessMerges.cpp,
// mergedPairConflict; test/lit/memory/shared-memory-adjacent-stores.cu).
// Pairs the compiled code branches between (results/adjacent_stores_h200.txt, H200, 2026-11-29):
// pairBothConditional and pairSecondConditional keep two STS, pairGuardedLoads two LDS (2-way
// each); pairValuesFirst stores with one STS.64, pairOneGuardedLoad reads with one LDS.64
// (conflict-free per half-warp; test/lit/memory/shared-memory-pair-branches.cu). windowThree
// reads its three floats with one LDS.128 (0 conflicts), windowTwo its two with two LDS (4-way
// each; test/lit/memory/shared-memory-short-loop-bounds.cu).
// Build and run: nvcc -std=c++17 -O3 -arch=sm_90 -o ads kernels/studies/adjacent_stores.cu &&
// cuobjdump -sass ads | grep -E 'Function|STS|LDS' && ncu --metrics
// smsp__inst_executed_op_shared_st.sum,smsp__inst_executed_op_shared_ld.sum,
// l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,
// l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum ./ads
#include <cstdio>

constexpr int kN = 8192;

// pointnet2's stores: four statements, the first static array of the kernel (placed at 0).
__global__ void quadStore(const float *in, float *out) {
  __shared__ float b4[kN];
  for (int k = threadIdx.x * 4; k < kN; k += blockDim.x * 4) {
    float v1 = in[k], v2 = in[k + 1];
    b4[k] = v1;
    b4[k + 1] = v2;
    b4[k + 2] = v1 * v2;
    b4[k + 3] = v2 - v1;
  }
  __syncthreads();
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    out[k] = b4[k];
}

// pointnet2's read-modify-writes of the same four elements.
__global__ void quadRmw(const float *in, float *out) {
  __shared__ float b4[kN];
  __shared__ float b[kN / 4];
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    b4[k] = in[k];
  for (int k = threadIdx.x; k < kN / 4; k += blockDim.x)
    b[k] = in[k] * 2.f;
  __syncthreads();
  for (int k = threadIdx.x * 4; k < kN; k += blockDim.x * 4) {
    int k2 = k >> 2;
    b4[k] += b[k2];
    b4[k + 1] += b[k2];
    b4[k + 2] += b[k2];
    b4[k + 3] += b[k2];
  }
  __syncthreads();
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    out[k] = b4[k];
}

// Four loads of adjacent elements.
__global__ void quadLoad(const float *in, float *out) {
  __shared__ float b4[kN];
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    b4[k] = in[k];
  __syncthreads();
  for (int k = threadIdx.x * 4; k < kN; k += blockDim.x * 4)
    out[k / 4] = b4[k] * b4[k + 1] + b4[k + 2] - b4[k + 3];
}

// A pair of stores, lanes 16 bytes apart.
__global__ void pairStore(const float *in, float *out) {
  __shared__ float b4[kN];
  for (int k = threadIdx.x * 4; k < kN; k += blockDim.x * 4) {
    b4[k] = in[k];
    b4[k + 1] = in[k + 1];
  }
  __syncthreads();
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    out[k] = k % 4 < 2 ? b4[k] : 0.f;
}

// A pair of read-modify-writes.
__global__ void pairRmw(const float *in, float *out) {
  __shared__ float b4[kN];
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    b4[k] = in[k];
  __syncthreads();
  for (int k = threadIdx.x * 4; k < kN; k += blockDim.x * 4) {
    b4[k] += 1.f;
    b4[k + 1] += 2.f;
  }
  __syncthreads();
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    out[k] = b4[k];
}

// The stores of quadStore into an array placed after a 12-byte one (at offset 12).
__global__ void quadStoreAfterPad(const float *in, float *out) {
  __shared__ float pad[3];
  __shared__ float b4[kN];
  if (threadIdx.x < 3)
    pad[threadIdx.x] = in[threadIdx.x];
  for (int k = threadIdx.x * 4; k < kN; k += blockDim.x * 4) {
    float v1 = in[k], v2 = in[k + 1];
    b4[k] = v1;
    b4[k + 1] = v2;
    b4[k + 2] = v1 * v2;
    b4[k + 3] = v2 - v1;
  }
  __syncthreads();
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    out[k] = b4[k] + pad[k % 3];
}

// The stores of quadStore into dynamic shared memory (declared .align 16).
__global__ void quadStoreDynamic(const float *in, float *out) {
  extern __shared__ float d4[];
  for (int k = threadIdx.x * 4; k < kN; k += blockDim.x * 4) {
    float v1 = in[k], v2 = in[k + 1];
    d4[k] = v1;
    d4[k + 1] = v2;
    d4[k + 2] = v1 * v2;
    d4[k + 3] = v2 - v1;
  }
  __syncthreads();
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    out[k] = d4[k];
}

// The four stores with another shared store between the second and the third.
__global__ void quadStoreSplit(const float *in, float *out) {
  __shared__ float b4[kN];
  __shared__ float other[256];
  for (int k = threadIdx.x * 4; k < kN; k += blockDim.x * 4) {
    float v1 = in[k], v2 = in[k + 1];
    b4[k] = v1;
    b4[k + 1] = v2;
    other[threadIdx.x] = v1;
    b4[k + 2] = v1 * v2;
    b4[k + 3] = v2 - v1;
  }
  __syncthreads();
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    out[k] = b4[k] + other[threadIdx.x];
}

// cholla's Scan_Kernel (particles_boundaries_gpu.cu): two ints a thread, each value read under
// its own bound (`... < n ? flags[j] : 0`), lanes 8 bytes apart. The read under a condition
// between the stores is a branch in nvcc's PTX, and the two stores stay STS (2-way each) where
// the plain pair is one STS.64 (conflict-free per half-warp).
__global__ void pairBothConditional(const float *in, float *out, int n) {
  __shared__ float b2[kN];
  for (int k = threadIdx.x * 2; k < kN; k += blockDim.x * 2) {
    b2[k] = k < n ? in[k] : 0.f;
    b2[k + 1] = k + 1 < n ? in[k + 1] : 0.f;
  }
  __syncthreads();
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    out[k] = b2[k];
}

// Only the second value read under a condition.
__global__ void pairSecondConditional(const float *in, float *out, int n) {
  __shared__ float b2[kN];
  for (int k = threadIdx.x * 2; k < kN; k += blockDim.x * 2) {
    b2[k] = in[k];
    b2[k + 1] = k + 1 < n ? in[k + 1] : 0.f;
  }
  __syncthreads();
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    out[k] = b2[k];
}

// The fix: both values read first, then stored.
__global__ void pairValuesFirst(const float *in, float *out, int n) {
  __shared__ float b2[kN];
  for (int k = threadIdx.x * 2; k < kN; k += blockDim.x * 2) {
    float x = k < n ? in[k] : 0.f;
    float y = k + 1 < n ? in[k + 1] : 0.f;
    b2[k] = x;
    b2[k + 1] = y;
  }
  __syncthreads();
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    out[k] = b2[k];
}

// cholla's write-back: each load under its own bound (two LDS), and one of them unconditional
// (one LDS.64).
__global__ void pairGuardedLoads(const float *in, float *out, int n) {
  __shared__ float b2[kN];
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    b2[k] = in[k];
  __syncthreads();
  for (int k = threadIdx.x * 2; k < kN; k += blockDim.x * 2) {
    if (k < n)
      out[k] = b2[k];
    if (k + 1 < n)
      out[k + 1] = b2[k + 1];
  }
}

__global__ void pairOneGuardedLoad(const float *in, float *out, int n) {
  __shared__ float b2[kN];
  for (int k = threadIdx.x; k < kN; k += blockDim.x)
    b2[k] = in[k];
  __syncthreads();
  for (int k = threadIdx.x * 2; k < kN; k += blockDim.x * 2) {
    out[k] = b2[k];
    if (k + 1 < n)
      out[k + 1] = b2[k + 1];
  }
}

// warp-ctc's reduce_cols: a thread's row of 4 floats (lanes 16 bytes apart), read from its
// second element in a loop of at most 3 trips, bounded by a constant and a run-time value. nvcc
// reads the aligned 16 bytes around the three with one LDS.128 (conflict-free per quarter-warp);
// from the second element for 2 trips it keeps two LDS (4-way each).
__global__ void windowThree(const float *in, float *out, int n) {
  __shared__ float s[1024];
  for (int k = threadIdx.x; k < 1024; k += blockDim.x)
    s[k] = in[k];
  __syncthreads();
  float acc = 0.f;
#pragma unroll
  for (int i = 1; i < 4 && i < n; ++i)
    acc += s[i + threadIdx.x * 4];
  out[threadIdx.x] = acc;
}

__global__ void windowTwo(const float *in, float *out, int n) {
  __shared__ float s[1024];
  for (int k = threadIdx.x; k < 1024; k += blockDim.x)
    s[k] = in[k];
  __syncthreads();
  float acc = 0.f;
#pragma unroll
  for (int i = 1; i < 3 && i < n; ++i)
    acc += s[i + threadIdx.x * 4];
  out[threadIdx.x] = acc;
}

int main() {
  float *in, *out;
  cudaMalloc(&in, kN * sizeof(float));
  cudaMalloc(&out, kN * sizeof(float));
  cudaMemset(in, 0, kN * sizeof(float));
  quadStore<<<1, 256>>>(in, out);
  quadRmw<<<1, 256>>>(in, out);
  quadLoad<<<1, 256>>>(in, out);
  pairStore<<<1, 256>>>(in, out);
  pairRmw<<<1, 256>>>(in, out);
  quadStoreAfterPad<<<1, 256>>>(in, out);
  quadStoreDynamic<<<1, 256, kN * sizeof(float)>>>(in, out);
  quadStoreSplit<<<1, 256>>>(in, out);
  pairBothConditional<<<1, 256>>>(in, out, kN - 1);
  pairSecondConditional<<<1, 256>>>(in, out, kN - 1);
  pairValuesFirst<<<1, 256>>>(in, out, kN - 1);
  pairGuardedLoads<<<1, 256>>>(in, out, kN - 1);
  pairOneGuardedLoad<<<1, 256>>>(in, out, kN - 1);
  windowThree<<<1, 256>>>(in, out, kN);
  windowTwo<<<1, 256>>>(in, out, kN);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
