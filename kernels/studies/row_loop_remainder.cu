// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a loop of run-time trips over a thread's row of shared memory costs when the row's stride
// is even (issue 35). nvcc unrolls `for (i = 0; i < n; i++) acc += s[threadIdx.x * S + i]` by 4
// and reads each aligned pair of neighbouring floats with one LDS.64 (record_unpack.cu), which a
// half-warp serves without conflict, and the last n % 4 trips with scalar loads, 2-way when S is
// even. The rule reported every such loop as the scalar loads' 2-way conflict; this measures what
// it costs against the fix a user would write, in a loop that does nothing but read shared
// memory (the rule's worst case; the record unpack of FasterTransformer, 0.99x, reads local
// memory too):
// - rows: FasterTransformer's layout, rows of 18 floats a thread (anti) against rows padded to 19
//   (fixed: conflict-free scalar loads), n = 2 .. 18 trips;
// - window: AstroAccelerate's FIR (PD_FIR_GPU, two windows a thread), `s[2 * threadIdx.x + t]`
//   for t < nTaps (anti: lanes 2 floats apart) against `s[threadIdx.x + t]` (fixed: one window a
//   lane, unit stride, the layout of its PD_FIR_GPUv1), nTaps = 2 .. 64.
// Blocks of 64 threads, 256 passes over the row between barriers (the barrier keeps each pass's
// loads), 132 * 32 blocks; each thread's sum is checked against the host's.
// Result (results/row_loop_remainder_h200.txt, H200, driver 580.159.04, nvcc 13.0, 2026-11-29,
// median of the medians of 5 runs): the anti-pattern is never slower. rows 0.91x to 1.00x
// (n = 3: 0.94x, n = 17: 1.00x), window 0.92x to 1.00x (taps = 64: 0.98x). nvcc reads both
// even-stride loops with LDS.64 (unrolled by 16, then 8, 4 and 2 trips) and the one trip left
// when the count is odd with a scalar LDS, 2-way: ncu counts 2.17 million bank conflicts for
// rows n = 3 against none for n = 2, and 8.66 million wavefronts against the padded rows' 6.49
// million, yet with 4.33 million shared load instructions against 6.49 million it runs 0.94x.
// The padded rows and the unit-stride windows are read with scalar LDS only (the compiler cannot
// align `threadIdx.x + t` or an odd stride). SASS only: a loop that can leave early
// (rowsLeaves) and a stride the launch passes (rowsStride) stay scalar; AstroAccelerate's FIR as
// written (firDynamic: dynamic shared memory, `pos = 2 * threadIdx.x` assigned before the loop)
// is read with LDS.64.
// Build and run: nvcc -std=c++17 -O3 -arch=sm_90 -I kernels -o rlr
// kernels/studies/row_loop_remainder.cu && cuobjdump -sass rlr | grep -E 'Function|LDS' && ./rlr
// && ncu --metrics smsp__inst_executed_op_shared_ld.sum,
// l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,
// l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum ./rlr --warmup 0 --repeats 1
#include "common/bench.cuh"

#include <cstdint>
#include <string>
#include <vector>

constexpr int kThreads = 64, kRow = 18, kMaxTaps = 64, kPasses = 256, kBlocks = 132 * 32;
constexpr int kRowsWords = kThreads * kRow;             // what one block of `rows` reads
constexpr int kWindowWords = 2 * kThreads + kMaxTaps;   // what one block of `window` reads

template <int S>
__global__ void rows(const float *g, float *out, int n) {
  __shared__ float s[kThreads * S];
  g += static_cast<size_t>(blockIdx.x) * kRowsWords;
  for (int idx = threadIdx.x; idx < kRowsWords; idx += blockDim.x)
    s[idx / kRow * S + idx % kRow] = g[idx];
  __syncthreads();
  float acc = 0.f;
  for (int p = 0; p < kPasses; ++p) {
    for (int i = 0; i < n; i++)
      acc += s[threadIdx.x * S + i];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

template <int Stride>
__global__ void window(const float *g, float *out, int nTaps) {
  __shared__ float s[kWindowWords];
  g += static_cast<size_t>(blockIdx.x) * kWindowWords;
  for (int idx = threadIdx.x; idx < kWindowWords; idx += blockDim.x)
    s[idx] = g[idx];
  __syncthreads();
  float acc = 0.f;
  for (int p = 0; p < kPasses; ++p) {
    for (int t = 0; t < nTaps; t++)
      acc += s[Stride * threadIdx.x + t];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// nvcc 13's code for the loops shared-memory-bank-conflict keeps scalar or pairs (SASS only,
// test/lit/memory/shared-memory-runtime-loop-pairs.cu): a loop that can leave early, a row
// stride only the launch gives, and the FIR as AstroAccelerate writes it (dynamic shared
// memory, `pos` assigned before the loop).
__global__ void rowsLeaves(const float *g, float *out, int n) {
  __shared__ float s[kThreads * kRow];
  for (int idx = threadIdx.x; idx < kRowsWords; idx += blockDim.x)
    s[idx] = g[idx];
  __syncthreads();
  float acc = 0.f;
  for (int i = 0; i < n; i++) {
    if (acc > 100.f)
      break;
    acc += s[threadIdx.x * kRow + i];
  }
  out[threadIdx.x] = acc;
}
__global__ void rowsStride(const float *g, float *out, int n, int stride) {
  extern __shared__ float s[];
  for (int idx = threadIdx.x; idx < kThreads * stride; idx += blockDim.x)
    s[idx] = g[idx];
  __syncthreads();
  float acc = 0.f;
  for (int i = 0; i < n; i++)
    acc += s[threadIdx.x * stride + i];
  out[threadIdx.x] = acc;
}
__global__ void firDynamic(const float *g, float *out, int nTaps) {
  extern __shared__ float s_input[];
  int pos;
  for (int i = 0; i < 3; i++) {
    pos = i * kThreads + threadIdx.x;
    s_input[pos] = g[pos];
  }
  __syncthreads();
  pos = 2 * threadIdx.x;
  float sum = 0.f;
  for (int t = 0; t < nTaps; t++)
    sum += s_input[pos + t];
  out[threadIdx.x] = sum;
}

// The host's sums: each pass adds the same integers, so every partial sum is exact and the
// result is kPasses times the row's sum whatever the order.
static std::vector<float> expected(const std::vector<float> &h, int words, int stride, int n) {
  std::vector<float> r(static_cast<size_t>(kBlocks) * kThreads);
  for (int b = 0; b < kBlocks; ++b)
    for (int t = 0; t < kThreads; ++t) {
      const float *row = h.data() + static_cast<size_t>(b) * words + t * stride;
      float sum = 0.f;
      for (int i = 0; i < n; ++i)
        sum += row[i];
      r[static_cast<size_t>(b) * kThreads + t] = kPasses * sum;
    }
  return r;
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  const size_t nIn = static_cast<size_t>(kBlocks) * kRowsWords;
  static_assert(kRowsWords >= kWindowWords, "one input serves both families");
  std::vector<float> h(nIn);
  uint32_t seed = 12345;
  for (size_t i = 0; i < nIn; ++i) {
    seed = seed * 1664525u + 1013904223u;
    h[i] = static_cast<float>(seed >> 28); // 0..15: every sum is exact
  }
  float *dIn, *dOut;
  const size_t nOut = static_cast<size_t>(kBlocks) * kThreads;
  CUDA_CHECK(cudaMalloc(&dIn, nIn * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dOut, nOut * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dIn, h.data(), nIn * sizeof(float), cudaMemcpyHostToDevice));
  size_t failures = 0;
  std::vector<float> got(nOut);
  auto run = [&](const std::string &name, const char *role, auto launch,
                 const std::vector<float> &want) {
    bench::Timing t = bench::timeLaunches(opts, stream, launch);
    bench::studyLine(name.c_str(), role, t);
    CUDA_CHECK(cudaMemcpy(got.data(), dOut, nOut * sizeof(float), cudaMemcpyDeviceToHost));
    failures += bench::countMismatches(name.c_str(), got, want);
  };
  for (int n : {2, 3, 4, 5, 7, 8, 11, 16, 17, 18}) {
    std::vector<float> want = expected(h, kRowsWords, kRow, n);
    std::string name = "rows n=" + std::to_string(n);
    run(name, "anti", [&] { rows<kRow><<<kBlocks, kThreads, 0, stream>>>(dIn, dOut, n); }, want);
    run(name, "fixed", [&] { rows<kRow + 1><<<kBlocks, kThreads, 0, stream>>>(dIn, dOut, n); },
        want);
  }
  for (int taps : {2, 3, 4, 5, 7, 8, 11, 16, 17, 32, 35, 64}) {
    std::string name = "window taps=" + std::to_string(taps);
    run(name, "anti", [&] { window<2><<<kBlocks, kThreads, 0, stream>>>(dIn, dOut, taps); },
        expected(h, kWindowWords, 2, taps));
    run(name, "fixed", [&] { window<1><<<kBlocks, kThreads, 0, stream>>>(dIn, dOut, taps); },
        expected(h, kWindowWords, 1, taps));
  }
  CUDA_CHECK(cudaFree(dIn));
  CUDA_CHECK(cudaFree(dOut));
  return failures ? 1 : 0;
}
