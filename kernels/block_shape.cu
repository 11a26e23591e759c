// Block size not a multiple of 32 (seeds: the 40x2 block). A 40x2 block has 80 threads and fills
// 3 warps: 16 of 96 lanes idle on every block. hashBlock40x2 (anti-pattern,
// block-size-not-multiple-of-32) and hashBlock32x2 (fixed twin, 64 threads = 2 full warps) run the
// same compute-bound per-element hash over the same n elements, so the cost of the idle lanes shows
// up as time. Self-checking against the host's hashes; exit 1 on a mismatch.
#include "common/bench.cuh"

#include <vector>

constexpr int kN = 1 << 22;
constexpr int kIters = 256;

__host__ __device__ inline unsigned hashElement(unsigned x, int iters) {
  for (int i = 0; i < iters; ++i)
    x = (x ^ (x >> 15)) * 2246822519u + 374761393u;
  return x;
}

__device__ inline void hashBody(unsigned *out, int n, int iters) {
  int inBlock = threadIdx.y * blockDim.x + threadIdx.x;
  int i = blockIdx.x * (blockDim.x * blockDim.y) + inBlock;
  if (i < n)
    out[i] = hashElement(static_cast<unsigned>(i), iters);
}

__global__ void __launch_bounds__(80) hashBlock40x2(unsigned *out, int n, int iters) {
  hashBody(out, n, iters);
}

__global__ void __launch_bounds__(64) hashBlock32x2(unsigned *out, int n, int iters) {
  hashBody(out, n, iters);
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);

  std::vector<unsigned> want(kN), got(kN);
  for (int i = 0; i < kN; ++i)
    want[i] = hashElement(static_cast<unsigned>(i), kIters);

  unsigned *out;
  CUDA_CHECK(cudaMalloc(&out, kN * sizeof(unsigned)));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));

  int failures = 0;
  auto check = [&](const char *name, const char *role, dim3 grid, dim3 block,
                   const bench::Timing &t) {
    bool ok = false;
    if (t.error == cudaSuccess) {
      CUDA_CHECK(cudaMemcpy(got.data(), out, kN * sizeof(unsigned), cudaMemcpyDeviceToHost));
      ok = bench::countMismatches(name, got, want) == 0;
    }
    failures += ok ? 0 : 1;
    bench::report("block_shape", name, role, grid, block, 1, t, ok);
  };

  const dim3 grid80((kN + 80 - 1) / 80);
  CUDA_CHECK(cudaMemsetAsync(out, 0, kN * sizeof(unsigned), stream));
  check("hashBlock40x2", "anti", grid80, dim3(40, 2), bench::timeLaunches(opts, stream, [&] {
          hashBlock40x2<<<grid80, dim3(40, 2), 0, stream>>>(out, kN, kIters);
        }));

  const dim3 grid64((kN + 64 - 1) / 64);
  CUDA_CHECK(cudaMemsetAsync(out, 0, kN * sizeof(unsigned), stream));
  check("hashBlock32x2", "fixed", grid64, dim3(32, 2), bench::timeLaunches(opts, stream, [&] {
          hashBlock32x2<<<grid64, dim3(32, 2), 0, stream>>>(out, kN, kIters);
        }));

  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(out));
  return failures == 0 ? 0 : 1;
}
