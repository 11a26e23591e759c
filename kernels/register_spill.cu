// Register spilling (seeds: "Local Memory & Register Spilling"; issue 36). spillSqueezed carries 40
// live 32-bit values per thread but is declared __launch_bounds__(256, 8): eight 256-thread blocks
// per SM leave 65536 / 2048 = 32 registers per thread, so ptxas spills the rest to local memory
// (device memory behind L1) and reloads it in the inner loop (register-spill). Its fixed twin
// spillRoom runs the same code under __launch_bounds__(256), where ptxas keeps everything in
// registers. Both run a grid-stride loop over one wave of blocks sized with the occupancy API, so
// the grid fills the GPU whatever it is. Self-checking against the host; exit 1 on a mismatch.
#include "common/bench.cuh"

#include <vector>

constexpr int kN = 1 << 20;
constexpr int kBlock = 256;
constexpr int kLive = 40;
constexpr int kRounds = 24;

// Every one of the kLive values is read by another in each round, so all stay live at once.
__host__ __device__ inline unsigned spillBody(unsigned seed) {
  unsigned v[kLive];
#pragma unroll
  for (int j = 0; j < kLive; ++j)
    v[j] = seed * (2654435761u + 2u * j) + j;
  for (int r = 0; r < kRounds; ++r) {
#pragma unroll
    for (int j = 0; j < kLive; ++j)
      v[j] = v[j] * (v[(j + 7) % kLive] | 1u) + v[(j + 13) % kLive] + r;
  }
  unsigned out = 0;
#pragma unroll
  for (int j = 0; j < kLive; ++j)
    out ^= v[j] + j;
  return out;
}

__global__ void __launch_bounds__(kBlock, 8) spillSqueezed(unsigned *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = spillBody(static_cast<unsigned>(i));
}

__global__ void __launch_bounds__(kBlock) spillRoom(unsigned *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = spillBody(static_cast<unsigned>(i));
}

// One wave of blocks of `kernel` on this GPU: SMs x resident blocks per SM.
template <typename Kernel> int oneWave(Kernel kernel) {
  int device = 0, sms = 0, perSm = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, kernel, kBlock, 0));
  return sms * perSm;
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);

  std::vector<unsigned> want(kN), got(kN);
  for (int i = 0; i < kN; ++i)
    want[i] = spillBody(static_cast<unsigned>(i));

  unsigned *out;
  CUDA_CHECK(cudaMalloc(&out, kN * sizeof(unsigned)));
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));

  int failures = 0;
  auto check = [&](const char *name, const char *role, int grid, const bench::Timing &t) {
    bool ok = false;
    if (t.error == cudaSuccess) {
      CUDA_CHECK(cudaMemcpy(got.data(), out, kN * sizeof(unsigned), cudaMemcpyDeviceToHost));
      ok = bench::countMismatches(name, got, want) == 0;
    }
    failures += ok ? 0 : 1;
    bench::report("register_spill", name, role, dim3(grid), dim3(kBlock), 1, t, ok);
  };

  const int squeezedGrid = oneWave(spillSqueezed);
  CUDA_CHECK(cudaMemsetAsync(out, 0, kN * sizeof(unsigned), stream));
  check("spillSqueezed", "anti", squeezedGrid, bench::timeLaunches(opts, stream, [&] {
          spillSqueezed<<<squeezedGrid, kBlock, 0, stream>>>(out, kN);
        }));

  const int roomGrid = oneWave(spillRoom);
  CUDA_CHECK(cudaMemsetAsync(out, 0, kN * sizeof(unsigned), stream));
  check("spillRoom", "fixed", roomGrid, bench::timeLaunches(opts, stream, [&] {
          spillRoom<<<roomGrid, kBlock, 0, stream>>>(out, kN);
        }));

  CUDA_CHECK(cudaStreamDestroy(stream));
  CUDA_CHECK(cudaFree(out));
  return failures == 0 ? 0 : 1;
}
