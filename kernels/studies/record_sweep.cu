// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// How many loads a thread may read its own record in before it costs (issue 35): gsplat's SH
// encoder reads each Gaussian's 48 coefficients as `src[k * 3 + c]`, 3 loads in each of 16
// unrolled trips, the lanes 192 bytes apart. loop_sweep.cu measured a 4-element walk (0.73x:
// the later trips hit L1) and narrow_rows.cu a row of 1,024 floats per thread (3.11x); this
// measures the records between. record<T, B>: thread t reads its record of B bytes (B /
// sizeof(T) elements of T: float, double, half) one load a trip of an unrolled loop (what the SH
// form's 3 loads in each of 16 trips compile to); vec<T, B>: the same record as 16-byte vectors;
// soa<T, B>: as many elements with consecutive lanes on consecutive elements in every load
// (element t + k * n, a struct of arrays). Every case reads 256 MiB and writes one float a
// thread. Each line of output is one case's JSON (kernels/common/bench.cuh).
// Result (results/record_sweep_h200.txt, H200, driver 580.159.04, nvcc 13 -O3 -arch=sm_90,
// 2026-11-28, medians of 5 runs of 20 launches), record against soa: up to 12 loads a record
// 0.99x to 1.08x; 16 loads and more 1.13x to 6.08x (floats: 64 bytes 1.93x, 80 1.13x, 96 1.46x,
// 128 3.79x, 192 2.20x; halves from 32 bytes, 1.15x to 6.08x; doubles from 128 bytes), the
// costliest where the lanes are 64 or 128 bytes apart. L2 read sectors are those of the struct
// of arrays (8.4M) up to 192-byte records; every record load touches 32 sectors in L1 against 4.
// vec against soa: 0.83x to 1.28x. uncoalesced-global-access counts a record read whole in at
// most 12 loads as covered (memrules::MaxRecordLoads) and reports one read in more.
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o record_sweep
// kernels/studies/record_sweep.cu && ./record_sweep --repeats 20
#include "common/bench.cuh"

#include <cuda_fp16.h>

constexpr int kThreads = 256;
constexpr size_t kBytes = size_t(256) << 20;

template <typename T> __device__ float asFloat(T v) { return static_cast<float>(v); }
template <> __device__ float asFloat(__half v) { return __half2float(v); }

// Thread t's record of Bytes bytes, as R = Bytes / sizeof(T) elements, one load a trip.
template <typename T, int Bytes>
__global__ void __launch_bounds__(kThreads) record(const T *__restrict__ data, float *out) {
  constexpr int R = Bytes / sizeof(T);
  size_t t = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
  const T *src = data + t * R;
  float acc[3] = {0.f, 0.f, 0.f};
#pragma unroll
  for (int k = 0; k < R; ++k)
    acc[k % 3] += asFloat(src[k]);
  out[t] = acc[0] * acc[1] + acc[2];
}

// The same record as 16-byte vectors.
template <typename T, int Bytes>
__global__ void __launch_bounds__(kThreads) vec(const T *__restrict__ data, float *out) {
  constexpr int R = Bytes / sizeof(T), PerVec = 16 / sizeof(T);
  size_t t = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
  const uint4 *src = reinterpret_cast<const uint4 *>(data + t * R);
  float acc[3] = {0.f, 0.f, 0.f};
#pragma unroll
  for (int k = 0; k < Bytes / 16; ++k) {
    uint4 v = src[k];
    const T *e = reinterpret_cast<const T *>(&v);
#pragma unroll
    for (int j = 0; j < PerVec; ++j)
      acc[(k * PerVec + j) % 3] += asFloat(e[j]);
  }
  out[t] = acc[0] * acc[1] + acc[2];
}

// The same number of elements as a struct of arrays: element t + k * n.
template <typename T, int Bytes>
__global__ void __launch_bounds__(kThreads) soa(const T *__restrict__ data, float *out, size_t n) {
  constexpr int R = Bytes / sizeof(T);
  size_t t = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
  float acc[3] = {0.f, 0.f, 0.f};
#pragma unroll
  for (int k = 0; k < R; ++k)
    acc[k % 3] += asFloat(data[t + k * n]);
  out[t] = acc[0] * acc[1] + acc[2];
}

template <typename T, int Bytes>
void run(const char *type, const bench::Options &opts, cudaStream_t stream, const void *raw,
         float *out) {
  const T *data = static_cast<const T *>(raw);
  const size_t threads = kBytes / Bytes;
  const unsigned blocks = static_cast<unsigned>(threads / kThreads);
  const std::string suffix = std::string("_") + type + "_" + std::to_string(Bytes) + "B";
  for (int kind = 0; kind < 3; ++kind) {
    auto launch = [&] {
      if (kind == 0)
        record<T, Bytes><<<blocks, kThreads, 0, stream>>>(data, out);
      else if (kind == 1)
        vec<T, Bytes><<<blocks, kThreads, 0, stream>>>(data, out);
      else
        soa<T, Bytes><<<blocks, kThreads, 0, stream>>>(data, out, threads);
    };
    bench::Timing t = bench::timeLaunches(opts, stream, launch);
    const char *name[] = {"record", "vec", "soa"};
    bench::report("record_sweep", (name[kind] + suffix).c_str(), kind == 0 ? "anti" : "fixed",
                  dim3(blocks), dim3(kThreads), 1, t, true);
  }
}

template <typename T> void runAll(const char *type, const bench::Options &opts,
                                  cudaStream_t stream, const void *data, float *out) {
  run<T, 16>(type, opts, stream, data, out);
  run<T, 32>(type, opts, stream, data, out);
  run<T, 48>(type, opts, stream, data, out);
  run<T, 64>(type, opts, stream, data, out);
  run<T, 80>(type, opts, stream, data, out);
  run<T, 96>(type, opts, stream, data, out);
  run<T, 128>(type, opts, stream, data, out);
  run<T, 192>(type, opts, stream, data, out);
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  void *data;
  float *out;
  CUDA_CHECK(cudaMalloc(&data, kBytes));
  CUDA_CHECK(cudaMalloc(&out, kBytes / 16 * sizeof(float)));
  CUDA_CHECK(cudaMemset(data, 0, kBytes));
  runAll<float>("float", opts, stream, data, out);
  runAll<double>("double", opts, stream, data, out);
  runAll<__half>("half", opts, stream, data, out);
  CUDA_CHECK(cudaFree(data));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
