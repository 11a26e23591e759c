// A grid smaller than the GPU (seeds: "BlockNum = BlocksPerSM * NumOfSM"; issue 36). A block runs
// on one SM from start to end, so a grid of 32 blocks keeps at most 32 SMs busy. axpySmallGrid
// (anti-pattern, small-grid) runs a memory-bound integer axpy, z = a * x + y over 32 Mi elements,
// as a grid-stride loop over 32 blocks of 256 threads; its fixed twin axpyFullGrid runs the same
// loop over one wave of blocks sized from the SM count and the occupancy API, which fills
// whatever GPU it runs on. Self-checking against the host; exit 1 on a mismatch.
#include "common/bench.cuh"

#include <vector>

constexpr int kN = 1 << 25;
constexpr int kBlock = 256;
constexpr unsigned kA = 2654435761u;

__device__ inline void axpyBody(const unsigned *x, const unsigned *y, unsigned *z, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    z[i] = kA * x[i] + y[i];
}

__global__ void __launch_bounds__(kBlock) axpySmallGrid(const unsigned *x, const unsigned *y,
                                                        unsigned *z, int n) {
  axpyBody(x, y, z, n);
}

__global__ void __launch_bounds__(kBlock) axpyFullGrid(const unsigned *x, const unsigned *y,
                                                       unsigned *z, int n) {
  axpyBody(x, y, z, n);
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);

  std::vector<unsigned> hx(kN), hy(kN), want(kN), got(kN);
  for (int i = 0; i < kN; ++i) {
    hx[i] = static_cast<unsigned>(i) * 2246822519u;
    hy[i] = static_cast<unsigned>(i) ^ 0x9e3779b9u;
    want[i] = kA * hx[i] + hy[i];
  }
  const size_t bytes = kN * sizeof(unsigned);
  unsigned *x, *y, *z;
  CUDA_CHECK(cudaMalloc(&x, bytes));
  CUDA_CHECK(cudaMalloc(&y, bytes));
  CUDA_CHECK(cudaMalloc(&z, bytes));
  CUDA_CHECK(cudaMemcpy(x, hx.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(y, hy.data(), bytes, cudaMemcpyHostToDevice));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));

  int failures = 0;
  auto check = [&](const char *name, const char *role, int grid, const bench::Timing &t) {
    bool ok = false;
    if (t.error == cudaSuccess) {
      CUDA_CHECK(cudaMemcpy(got.data(), z, bytes, cudaMemcpyDeviceToHost));
      ok = bench::countMismatches(name, got, want) == 0;
    }
    failures += ok ? 0 : 1;
    bench::report("small_grid", name, role, dim3(grid), dim3(kBlock), 1, t, ok);
  };

  CUDA_CHECK(cudaMemsetAsync(z, 0, bytes, stream));
  check("axpySmallGrid", "anti", 32, bench::timeLaunches(opts, stream, [&] {
          axpySmallGrid<<<32, kBlock, 0, stream>>>(x, y, z, kN);
        }));

  int device = 0, sms = 0, perSm = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, axpyFullGrid, kBlock, 0));
  const int fullGrid = sms * perSm;
  CUDA_CHECK(cudaMemsetAsync(z, 0, bytes, stream));
  check("axpyFullGrid", "fixed", fullGrid, bench::timeLaunches(opts, stream, [&] {
          axpyFullGrid<<<fullGrid, kBlock, 0, stream>>>(x, y, z, kN);
        }));

  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  CUDA_CHECK(cudaFree(z));
  return failures == 0 ? 0 : 1;
}
