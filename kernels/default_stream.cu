// Many small kernels on the legacy default stream (seeds: concurrent kernel execution). Sixteen
// independent kernels of two blocks each could share the GPU, but launched without a stream they
// all go to the legacy default stream and run one after another. busyKernelDefaultStream is the
// anti-pattern (default-stream-launch); busyKernelOwnStream is its fixed twin, identical work, each
// launch on its own cudaStreamCreate'd stream so the sixteen overlap. One timed repeat is all
// sixteen launches, between events on the legacy stream (which waits for every blocking stream).
// Self-checking against the host's results; exit 1 on a mismatch.
#include "common/bench.cuh"

#include <vector>

constexpr int kKernels = 16;
constexpr int kBlock = 128;
constexpr int kGrid = 2;
constexpr int kPerKernel = kGrid * kBlock;
constexpr int kIters = 100000;

__host__ __device__ inline unsigned spin(unsigned x, int iters) {
  for (int i = 0; i < iters; ++i)
    x = x * 747796405u + 2891336453u;
  return x;
}

__device__ inline void busyBody(unsigned *out, int k, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kPerKernel)
    out[i] = spin(static_cast<unsigned>(k * kPerKernel + i), iters);
}

__global__ void __launch_bounds__(kBlock) busyKernelDefaultStream(unsigned *out, int k, int iters) {
  busyBody(out, k, iters);
}

__global__ void __launch_bounds__(kBlock) busyKernelOwnStream(unsigned *out, int k, int iters) {
  busyBody(out, k, iters);
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  const int total = kKernels * kPerKernel;

  std::vector<unsigned> want(total), got(total);
  for (int j = 0; j < total; ++j)
    want[j] = spin(static_cast<unsigned>(j), kIters);

  unsigned *out;
  CUDA_CHECK(cudaMalloc(&out, total * sizeof(unsigned)));
  cudaStream_t streams[kKernels];
  for (int k = 0; k < kKernels; ++k)
    CUDA_CHECK(cudaStreamCreate(&streams[k]));

  int failures = 0;
  auto check = [&](const char *name, const char *role, const bench::Timing &t) {
    bool ok = false;
    if (t.error == cudaSuccess) {
      CUDA_CHECK(cudaMemcpy(got.data(), out, total * sizeof(unsigned), cudaMemcpyDeviceToHost));
      ok = bench::countMismatches(name, got, want) == 0;
    }
    failures += ok ? 0 : 1;
    bench::report("default_stream", name, role, dim3(kGrid), dim3(kBlock), kKernels, t, ok);
    CUDA_CHECK(cudaMemset(out, 0, total * sizeof(unsigned)));
  };

  CUDA_CHECK(cudaMemset(out, 0, total * sizeof(unsigned)));
  check("busyKernelDefaultStream", "anti", bench::timeLaunches(opts, cudaStreamLegacy, [&] {
          for (int k = 0; k < kKernels; ++k)
            busyKernelDefaultStream<<<kGrid, kBlock>>>(out + k * kPerKernel, k, kIters);
        }));
  check("busyKernelOwnStream", "fixed", bench::timeLaunches(opts, cudaStreamLegacy, [&] {
          for (int k = 0; k < kKernels; ++k)
            busyKernelOwnStream<<<kGrid, kBlock, 0, streams[k]>>>(out + k * kPerKernel, k, kIters);
        }));

  for (int k = 0; k < kKernels; ++k)
    CUDA_CHECK(cudaStreamDestroy(streams[k]));
  CUDA_CHECK(cudaFree(out));
  return failures == 0 ? 0 : 1;
}
