// Warp divergence (seeds: mathKernel1..4). Each kernel sends half of its threads through arm A and
// half through arm B; both arms are loops of dependent integer math, so nvcc cannot turn the branch
// into predicated selects. Anti-patterns split every warp by lane parity (warp-divergent-branch):
// laneSplitBranch (`tid % 2 == 0`, mathKernel1) and laneSplitPredicate (two ifs on one lane-parity
// predicate, mathKernel3). Fixed twins split by warp: warpAlignedBranch (`(tid / warpSize) % 2`,
// mathKernel2) and warpShiftBranch (`(tid >> 5) & 1`, mathKernel4 with its precedence bug fixed).
// Self-checking: every output is compared with the host's result; exit 1 on a mismatch.
#include "common/bench.cuh"

#include <cstdint>
#include <vector>

constexpr int kBlock = 256;
constexpr int kN = 1 << 20;
constexpr int kIters = 512;

__host__ __device__ inline unsigned seedOf(int i) {
  return 2654435761u * static_cast<unsigned>(i) + 1u;
}

__host__ __device__ inline unsigned armA(unsigned x, int iters) {
  for (int i = 0; i < iters; ++i)
    x = (x * 1664525u + 1013904223u) ^ (x >> 13);
  return x;
}

__host__ __device__ inline unsigned armB(unsigned x, int iters) {
  for (int i = 0; i < iters; ++i)
    x = ((x ^ (x << 7)) * 2246822519u) + (x >> 11) + static_cast<unsigned>(i);
  return x;
}

__global__ void __launch_bounds__(kBlock) laneSplitBranch(unsigned *out, int n, int iters) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n)
    return;
  unsigned x = seedOf(tid);
  if (tid % 2 == 0) {
    x = armA(x, iters);
  } else {
    x = armB(x, iters);
  }
  out[tid] = x;
}

__global__ void __launch_bounds__(kBlock) laneSplitPredicate(unsigned *out, int n, int iters) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n)
    return;
  unsigned x = seedOf(tid);
  bool even = (tid % 2 == 0);
  if (even) {
    x = armA(x, iters);
  }
  if (!even) {
    x = armB(x, iters);
  }
  out[tid] = x;
}

__global__ void __launch_bounds__(kBlock) warpAlignedBranch(unsigned *out, int n, int iters) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n)
    return;
  unsigned x = seedOf(tid);
  if ((tid / warpSize) % 2 == 0) {
    x = armA(x, iters);
  } else {
    x = armB(x, iters);
  }
  out[tid] = x;
}

__global__ void __launch_bounds__(kBlock) warpShiftBranch(unsigned *out, int n, int iters) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n)
    return;
  unsigned x = seedOf(tid);
  if (((tid >> 5) & 1) == 0) {
    x = armA(x, iters);
  } else {
    x = armB(x, iters);
  }
  out[tid] = x;
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);

  std::vector<unsigned> wantA(kN), wantB(kN);
  for (int i = 0; i < kN; ++i) {
    wantA[i] = armA(seedOf(i), kIters);
    wantB[i] = armB(seedOf(i), kIters);
  }
  std::vector<unsigned> wantLane(kN), wantWarp(kN), got(kN);
  for (int i = 0; i < kN; ++i) {
    wantLane[i] = i % 2 == 0 ? wantA[i] : wantB[i];
    wantWarp[i] = (i / 32) % 2 == 0 ? wantA[i] : wantB[i];
  }

  unsigned *out;
  CUDA_CHECK(cudaMalloc(&out, kN * sizeof(unsigned)));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  const dim3 grid((kN + kBlock - 1) / kBlock);

  int failures = 0;
  auto check = [&](const char *name, const char *role, const std::vector<unsigned> &want,
                   const bench::Timing &t) {
    bool ok = false;
    if (t.error == cudaSuccess) {
      CUDA_CHECK(cudaMemcpy(got.data(), out, kN * sizeof(unsigned), cudaMemcpyDeviceToHost));
      ok = bench::countMismatches(name, got, want) == 0;
    }
    failures += ok ? 0 : 1;
    bench::report("divergence", name, role, grid, dim3(kBlock), 1, t, ok);
  };

  CUDA_CHECK(cudaMemsetAsync(out, 0, kN * sizeof(unsigned), stream));
  check("laneSplitBranch", "anti", wantLane, bench::timeLaunches(opts, stream, [&] {
          laneSplitBranch<<<grid, kBlock, 0, stream>>>(out, kN, kIters);
        }));
  CUDA_CHECK(cudaMemsetAsync(out, 0, kN * sizeof(unsigned), stream));
  check("laneSplitPredicate", "anti", wantLane, bench::timeLaunches(opts, stream, [&] {
          laneSplitPredicate<<<grid, kBlock, 0, stream>>>(out, kN, kIters);
        }));
  CUDA_CHECK(cudaMemsetAsync(out, 0, kN * sizeof(unsigned), stream));
  check("warpAlignedBranch", "fixed", wantWarp, bench::timeLaunches(opts, stream, [&] {
          warpAlignedBranch<<<grid, kBlock, 0, stream>>>(out, kN, kIters);
        }));
  CUDA_CHECK(cudaMemsetAsync(out, 0, kN * sizeof(unsigned), stream));
  check("warpShiftBranch", "fixed", wantWarp, bench::timeLaunches(opts, stream, [&] {
          warpShiftBranch<<<grid, kBlock, 0, stream>>>(out, kN, kIters);
        }));

  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(out));
  return failures == 0 ? 0 : 1;
}
