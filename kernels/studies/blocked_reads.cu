// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a 4- or 8-way conflict costs in straight-line shared-memory code (issue 35; question 4 of
// the session-23 note): a thread reads its Seq consecutive elements of a block's tile once, in an
// unrolled loop with no loop around it (cuSZ's `scratch[threadIdx.x * Seq + i]`, cudpp's
// `tmpPreviouslySeen[lid * 8 + i]`), between a global load phase and one global store. Lanes are
// Seq words apart: Seq-way as scalar reads. blocked<Seq, Wide> reads the tile that way (Wide:
// as written, which nvcc may turn into 16-byte loads; !Wide: through a volatile pointer, which
// keeps one 4-byte load per element); striped<Seq> reads the same number of elements with
// consecutive lanes on consecutive words (conflict-free). Each line of output is one case's JSON
// (kernels/common/bench.cuh). Result (results/blocked_reads_h100.txt, H100, driver 580.159.04,
// nvcc 13 -O3 -arch=sm_90, 2026-11-27, medians of 5 runs of 20 launches; 33,792 blocks):
//   Seq 2: scalar 2-way 0.0569 ms, as written (one LDS.64) 0.0572, striped 0.0568: 1.00x
//   Seq 4: scalar 4-way 0.0653 ms (1.02x), as written (one LDS.128, conflict-free) 0.0641,
//          striped 0.0641
//   Seq 8: scalar 8-way 0.1192 ms (1.11x; 17.4M load wavefronts against 2.18M), as written
//          (two LDS.128, 2-way per quarter-warp, 4.35M) 0.1076 (1.00x), striped 0.1074
// So shared-memory-bank-conflict makes conflicts up to 4-way in such code notes, counts a
// thread's 8 or more consecutive elements in an unrolled loop as 16-byte accesses, and keeps an
// 8-way scalar read a warning (1.11x, the runs' ranges apart).
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o blocked
// kernels/studies/blocked_reads.cu && ./blocked --repeats 20
#include "common/bench.cuh"

constexpr int kThreads = 256;

template <int Seq, bool Wide>
__global__ void __launch_bounds__(kThreads) blocked(const float *in, float *out) {
  __shared__ float s[kThreads * Seq];
  const float *src = in + static_cast<size_t>(blockIdx.x) * kThreads * Seq;
  for (int i = threadIdx.x; i < kThreads * Seq; i += kThreads)
    s[i] = src[i];
  __syncthreads();
  float acc = 0.f;
  if (Wide) {
#pragma unroll
    for (int i = 0; i < Seq; ++i)
      acc += s[threadIdx.x * Seq + i] * static_cast<float>(i + 1);
  } else {
    volatile float *v = s;
#pragma unroll
    for (int i = 0; i < Seq; ++i)
      acc += v[threadIdx.x * Seq + i] * static_cast<float>(i + 1);
  }
  out[static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x] = acc;
}

template <int Seq>
__global__ void __launch_bounds__(kThreads) striped(const float *in, float *out) {
  __shared__ float s[kThreads * Seq];
  const float *src = in + static_cast<size_t>(blockIdx.x) * kThreads * Seq;
  for (int i = threadIdx.x; i < kThreads * Seq; i += kThreads)
    s[i] = src[i];
  __syncthreads();
  float acc = 0.f;
  volatile float *v = s;
#pragma unroll
  for (int i = 0; i < Seq; ++i)
    acc += v[i * kThreads + threadIdx.x] * static_cast<float>(i + 1);
  out[static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x] = acc;
}

template <int Seq> void run(const bench::Options &opts, cudaStream_t stream) {
  const unsigned blocks = 132 * 256;
  size_t nIn = size_t(blocks) * kThreads * Seq, nOut = size_t(blocks) * kThreads;
  float *in, *out;
  CUDA_CHECK(cudaMalloc(&in, nIn * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&out, nOut * sizeof(float)));
  CUDA_CHECK(cudaMemset(in, 0, nIn * sizeof(float)));
  struct Case {
    const char *role;
    void (*kernel)(const float *, float *);
    const char *what;
  };
  const Case cases[] = {{"anti", blocked<Seq, true>, "blockedAsWritten"},
                        {"anti", blocked<Seq, false>, "blockedScalar"},
                        {"fixed", striped<Seq>, "striped"}};
  for (const Case &c : cases) {
    auto launch = [&] { c.kernel<<<blocks, kThreads, 0, stream>>>(in, out); };
    bench::Timing t = bench::timeLaunches(opts, stream, launch);
    std::string name = std::string(c.what) + "Seq" + std::to_string(Seq);
    bench::report("blocked_reads", name.c_str(), c.role, dim3(blocks), dim3(kThreads), 1, t, true);
  }
  CUDA_CHECK(cudaFree(in));
  CUDA_CHECK(cudaFree(out));
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  run<2>(opts, stream);
  run<4>(opts, stream);
  run<8>(opts, stream);
  return 0;
}
