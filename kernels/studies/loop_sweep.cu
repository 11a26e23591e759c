// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a short loop over a thread's own consecutive elements costs in global memory (issue 35;
// the sixth blind set's cudpp row 2118, `blockHist[lid * 4 + i]` in a 4-trip loop that nvcc does
// not unroll, labelled `report` where uncoalesced-global-access is silent). Each trip's request
// has lanes 16 bytes apart (16 sectors for 4), but the thread's next trips read the rest of those
// sectors; the rule counts the trips of a counted loop of at most 16 trips as one request (as it
// does a pair `a[2 * i]`, `a[2 * i + 1]`, measured 1.00x against one float2 load).
// sweep<Rmw, Unroll>: thread t reads (Rmw: and writes back) elements 4t .. 4t + 3 in a 4-trip
// loop, unrolled or not (`#pragma unroll 1`); coalesced<Rmw>: the same number of elements with
// consecutive lanes on consecutive elements in every trip (elements t + i * n). Each line of
// output is one case's JSON (kernels/common/bench.cuh). Result (results/loop_sweep_h100.txt, H100,
// driver 580.159.04, nvcc 13 -O3 -arch=sm_90, 2026-11-27, medians of 5 runs of 20 launches, 256
// MiB): loads 0.1150 ms (unrolled 0.1142) against 0.1565 coalesced, 0.73x: the later trips hit L1
// (L2 read sectors 8.59M against 8.39M; L1 33.6M against 8.39M). Read and written back, not
// unrolled 0.3859 ms against 0.2380, 1.62x: each trip's partial sectors reach L2 on their own
// (35.2M L2 write sectors against 10.5M); unrolled, the four STG of a thread issue back to back
// and merge (10.9M), 0.2093 ms, 0.88x. uncoalesced-global-access sweeps a short loop's stores
// only where its trips put them back to back (no `#pragma unroll 1`, no loop in the body).
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o sweep
// kernels/studies/loop_sweep.cu && ./sweep --repeats 20
#include "common/bench.cuh"

constexpr int kTrips = 4, kThreads = 256;

template <bool Rmw, bool Unroll>
__global__ void __launch_bounds__(kThreads) sweep(float *data, float *out, size_t n) {
  size_t t = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
  float acc = 0.f;
  if (Unroll) {
#pragma unroll
    for (int i = 0; i < kTrips; ++i) {
      float v = data[t * kTrips + i];
      acc += v;
      if (Rmw)
        data[t * kTrips + i] = v + 1.f;
    }
  } else {
#pragma unroll 1
    for (int i = 0; i < kTrips; ++i) {
      float v = data[t * kTrips + i];
      acc += v;
      if (Rmw)
        data[t * kTrips + i] = v + 1.f;
    }
  }
  out[t] = acc;
}

template <bool Rmw>
__global__ void __launch_bounds__(kThreads) coalesced(float *data, float *out, size_t n) {
  size_t t = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
  float acc = 0.f;
#pragma unroll 1
  for (int i = 0; i < kTrips; ++i) {
    float v = data[t + i * n];
    acc += v;
    if (Rmw)
      data[t + i * n] = v + 1.f;
  }
  out[t] = acc;
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  const size_t threads = size_t(1) << 24; // 16M threads, 4 floats each: 256 MiB
  const unsigned blocks = static_cast<unsigned>(threads / kThreads);
  float *data, *out;
  CUDA_CHECK(cudaMalloc(&data, threads * kTrips * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&out, threads * sizeof(float)));
  CUDA_CHECK(cudaMemset(data, 0, threads * kTrips * sizeof(float)));
  struct Case {
    const char *name, *role;
    void (*kernel)(float *, float *, size_t);
  };
  const Case cases[] = {
      {"sweepLoad", "anti", sweep<false, false>},
      {"sweepLoadUnrolled", "anti", sweep<false, true>},
      {"coalescedLoad", "fixed", coalesced<false>},
      {"sweepReadWrite", "anti", sweep<true, false>},
      {"sweepReadWriteUnrolled", "anti", sweep<true, true>},
      {"coalescedReadWrite", "fixed", coalesced<true>},
  };
  for (const Case &c : cases) {
    auto launch = [&] { c.kernel<<<blocks, kThreads, 0, stream>>>(data, out, threads); };
    bench::Timing t = bench::timeLaunches(opts, stream, launch);
    bench::report("loop_sweep", c.name, c.role, dim3(blocks), dim3(kThreads), 1, t, true);
  }
  CUDA_CHECK(cudaFree(data));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
