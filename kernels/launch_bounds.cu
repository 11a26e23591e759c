// Register-heavy kernel launched with 1024 threads (seeds: "too many resources requested for
// launch"). heavyMix keeps kLive values live across a loop, so ptxas gives the kernel far more than
// the 64 registers a 1024-thread block can have on an SM with 64K registers. heavyNoBounds is the
// anti-pattern (missing-launch-bounds, launch-out-of-resources): its launch fails. heavyBounded is
// the fixed twin: the same body with __launch_bounds__(1024), which makes ptxas fit it in 64
// registers (spilling where it must), and it runs. Self-checking: heavyBounded's output is compared
// with the host's; heavyNoBounds either fails to launch (reported, not an error) or must also be
// right. Exit 1 on a wrong result or if the fixed twin fails to launch.
#include "common/bench.cuh"

#include <vector>

constexpr int kBlock = 1024;
constexpr int kGrid = 132;
constexpr int kN = kGrid * kBlock;
constexpr int kLive = 80;
constexpr int kRounds = 24;

__host__ __device__ inline unsigned heavyMix(unsigned seed, int rounds) {
  unsigned v[kLive];
#pragma unroll
  for (int j = 0; j < kLive; ++j)
    v[j] = seed * (2u * j + 1u) + static_cast<unsigned>(j);
  for (int r = 0; r < rounds; ++r) {
#pragma unroll
    for (int j = 0; j < kLive; ++j)
      v[j] = ((v[j] ^ (v[(j + 1) % kLive] >> 3)) * 0x9E3779B1u) + v[(j + 7) % kLive];
  }
  unsigned s = 0;
#pragma unroll
  for (int j = 0; j < kLive; ++j)
    s = s * 31u + v[j];
  return s;
}

__global__ void heavyNoBounds(unsigned *out, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = heavyMix(static_cast<unsigned>(i), rounds);
}

__global__ void __launch_bounds__(kBlock) heavyBounded(unsigned *out, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = heavyMix(static_cast<unsigned>(i), rounds);
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);

  std::vector<unsigned> want(kN), got(kN);
  for (int i = 0; i < kN; ++i)
    want[i] = heavyMix(static_cast<unsigned>(i), kRounds);

  unsigned *out;
  CUDA_CHECK(cudaMalloc(&out, kN * sizeof(unsigned)));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));

  int failures = 0;
  auto check = [&](const char *name, const char *role, const bench::Timing &t) {
    bool ok = false;
    if (t.error == cudaSuccess) {
      CUDA_CHECK(cudaMemcpy(got.data(), out, kN * sizeof(unsigned), cudaMemcpyDeviceToHost));
      ok = bench::countMismatches(name, got, want) == 0;
    }
    bool expectedFailure = t.error == cudaErrorLaunchOutOfResources && role[0] == 'a';
    failures += (ok || expectedFailure) ? 0 : 1;
    bench::report("launch_bounds", name, role, dim3(kGrid), dim3(kBlock), 1, t, ok);
    CUDA_CHECK(cudaMemsetAsync(out, 0, kN * sizeof(unsigned), stream));
  };

  CUDA_CHECK(cudaMemsetAsync(out, 0, kN * sizeof(unsigned), stream));
  check("heavyNoBounds", "anti", bench::timeLaunches(opts, stream, [&] {
          heavyNoBounds<<<kGrid, kBlock, 0, stream>>>(out, kN, kRounds);
        }));
  check("heavyBounded", "fixed", bench::timeLaunches(opts, stream, [&] {
          heavyBounded<<<kGrid, kBlock, 0, stream>>>(out, kN, kRounds);
        }));

  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(out));
  return failures == 0 ? 0 : 1;
}
