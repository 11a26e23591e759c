// A tail effect (seeds: "BlockNum = BlocksPerSM * NumOfSM"; issue 36). A GPU runs a grid in waves
// of SMs x resident blocks per SM; blocks of one kernel take about equally long, so a last,
// partial wave takes a whole block's time on a mostly idle GPU. Both kernels mix the same
// 145 x 1024 x 8 items, 1024-thread blocks whose ~40 registers per thread let one block reside on
// an SM (so a block runs equally fast in a full wave and in the tail). hashTailGrid
// (anti-pattern, tail-effect) gives each thread 8 items in 145 blocks: 1.10 waves of 132 blocks on
// an H100 SXM. Its fixed twin hashWholeWaves runs a grid-stride loop over one whole wave of
// blocks sized from the SM count and the occupancy API, so every SM has the same share of the
// work. Self-checking against the host; exit 1 on a mismatch.
#include "common/bench.cuh"

#include <vector>

constexpr int kBlock = 1024;
constexpr int kTailGrid = 145;
constexpr int kItemsPerThread = 8;
constexpr int kN = kTailGrid * kBlock * kItemsPerThread;
constexpr int kLive = 24;
constexpr int kRounds = 48;

// kLive values that each read another every round: about 40 registers per thread, so that two
// 1024-thread blocks do not fit the SM's 65536 registers.
__host__ __device__ inline unsigned hashItem(unsigned seed) {
  unsigned v[kLive];
#pragma unroll
  for (int j = 0; j < kLive; ++j)
    v[j] = seed * (2654435761u + 2u * j) + j;
  for (int r = 0; r < kRounds; ++r) {
#pragma unroll
    for (int j = 0; j < kLive; ++j)
      v[j] = v[j] * (v[(j + 5) % kLive] | 1u) + v[(j + 11) % kLive] + r;
  }
  unsigned out = 0;
#pragma unroll
  for (int j = 0; j < kLive; ++j)
    out ^= v[j] + j;
  return out;
}

// Each thread of the 145-block grid mixes kItemsPerThread items, one grid's width apart.
__global__ void __launch_bounds__(kBlock) hashTailGrid(unsigned *out) {
  const int threads = kTailGrid * kBlock;
  const int first = blockIdx.x * kBlock + threadIdx.x;
  for (int k = 0; k < kItemsPerThread; ++k)
    out[first + k * threads] = hashItem(static_cast<unsigned>(first + k * threads));
}

__global__ void __launch_bounds__(kBlock) hashWholeWaves(unsigned *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = hashItem(static_cast<unsigned>(i));
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);

  std::vector<unsigned> want(kN), got(kN);
  for (int i = 0; i < kN; ++i)
    want[i] = hashItem(static_cast<unsigned>(i));

  const size_t bytes = size_t(kN) * sizeof(unsigned);
  unsigned *out;
  CUDA_CHECK(cudaMalloc(&out, bytes));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));

  int failures = 0;
  auto check = [&](const char *name, const char *role, int grid, const bench::Timing &t) {
    bool ok = false;
    if (t.error == cudaSuccess) {
      CUDA_CHECK(cudaMemcpy(got.data(), out, bytes, cudaMemcpyDeviceToHost));
      ok = bench::countMismatches(name, got, want) == 0;
    }
    failures += ok ? 0 : 1;
    bench::report("tail_effect", name, role, dim3(grid), dim3(kBlock), 1, t, ok);
  };

  CUDA_CHECK(cudaMemsetAsync(out, 0, bytes, stream));
  check("hashTailGrid", "anti", kTailGrid, bench::timeLaunches(opts, stream, [&] {
          hashTailGrid<<<kTailGrid, kBlock, 0, stream>>>(out);
        }));

  int device = 0, sms = 0, perSm = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, hashWholeWaves, kBlock, 0));
  const int wave = sms * perSm;
  CUDA_CHECK(cudaMemsetAsync(out, 0, bytes, stream));
  check("hashWholeWaves", "fixed", wave, bench::timeLaunches(opts, stream, [&] {
          hashWholeWaves<<<wave, kBlock, 0, stream>>>(out, kN);
        }));

  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(out));
  return failures == 0 ? 0 : 1;
}
