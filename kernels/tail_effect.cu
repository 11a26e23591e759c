// A tail effect (seeds: "BlockNum = BlocksPerSM * NumOfSM"; issue 36). A GPU runs a grid in waves
// of SMs x resident blocks per SM; blocks of one kernel take about equally long, so a last,
// partial wave takes a whole block's time on a mostly idle GPU. Both kernels hash the same
// 1162 x 256 x 32 items. hashTailGrid (anti-pattern, tail-effect) gives each thread 32 of them in
// 1162 blocks of 256 threads: 1.10 waves of 1056 blocks on an H100 SXM (132 SMs x 8 blocks).
// Its fixed twin hashWholeWaves runs a grid-stride loop over one whole wave of blocks sized from
// the SM count and the occupancy API, so every SM has the same share of the work. Self-checking
// against the host; exit 1 on a mismatch.
#include "common/bench.cuh"

#include <vector>

constexpr int kBlock = 256;
constexpr int kTailGrid = 1162;
constexpr int kItemsPerThread = 32;
constexpr int kN = kTailGrid * kBlock * kItemsPerThread;
constexpr int kIters = 256;

__host__ __device__ inline unsigned hashItem(unsigned x) {
  for (int i = 0; i < kIters; ++i)
    x = (x ^ (x >> 15)) * 2246822519u + 374761393u;
  return x;
}

// Each thread of the 1162-block grid hashes kItemsPerThread consecutive strides of the grid.
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
