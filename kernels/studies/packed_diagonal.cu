// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the diagonal of a packed triangular matrix costs (issue 35; kaldi's _scale_diag_packed,
// _set_diag_packed, _add_diag_packed): lane i reads and writes element (i + 1) * (i + 2) / 2 - 1,
// i + 2 elements past lane i - 1's, so a warp's request touches 29 sectors (the first warp) to
// 32 (every later one) where the same 32 floats kept in an array of their own need 4.
// uncoalesced-global-access reports it with "at least 29 sectors" (rules/analysis/lanes: the
// gaps of a product of two values that grow with the lane, known from below).
// Cases: one matrix per launch (dim 4096 and 46340, the largest whose index fits in an int) and
// a batch of 64 matrices of 2048 in one launch, each against the diagonal kept densely. Result
// (results/packed_diagonal_h100.txt, H100): one matrix per launch costs about what a launch costs
// either way (1.01x at dim 4096, 1.08x at 46340: a few thousand elements); in the batch, where the
// accesses weigh more, the packed diagonal takes 1.32x the dense one's time. Self-checking.
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o pd kernels/studies/packed_diagonal.cu && ./pd
#include "common/bench.cuh"

#include <vector>

__global__ void __launch_bounds__(256) scaleDiagPacked(float *mat, float value, int dim, size_t stride, int batch) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int index = ((i + 1) * (i + 2) / 2) - 1;
  for (int b = blockIdx.y; b < batch; b += gridDim.y)
    if (i < dim)
      mat[b * stride + index] = value * mat[b * stride + index];
}

__global__ void __launch_bounds__(256) scaleDiagDense(float *diag, float value, int dim, int batch) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int b = blockIdx.y; b < batch; b += gridDim.y)
    if (i < dim)
      diag[static_cast<size_t>(b) * dim + i] = value * diag[static_cast<size_t>(b) * dim + i];
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  int failures = 0;
  struct Case {
    int dim, batch;
  };
  for (Case c : {Case{4096, 1}, Case{46340, 1}, Case{2048, 64}}) {
    size_t stride = static_cast<size_t>(c.dim) * (c.dim + 1) / 2;
    float *packed, *dense;
    CUDA_CHECK(cudaMalloc(&packed, stride * c.batch * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dense, static_cast<size_t>(c.dim) * c.batch * sizeof(float)));
    std::vector<float> ones(static_cast<size_t>(c.dim) * c.batch, 1.f);
    CUDA_CHECK(cudaMemcpy(dense, ones.data(), ones.size() * sizeof(float), cudaMemcpyHostToDevice));
    for (int b = 0; b < c.batch; ++b)
      for (int i = 0; i < c.dim; ++i)
        CUDA_CHECK(cudaMemcpy(packed + b * stride + (static_cast<size_t>(i) + 1) * (i + 2) / 2 - 1,
                              ones.data(), sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid((c.dim + 255) / 256, c.batch);
    unsigned launches[2] = {0, 0};
    for (int fixed = 0; fixed < 2; ++fixed) {
      auto launch = [&] {
        ++launches[fixed];
        if (fixed)
          scaleDiagDense<<<grid, 256, 0, stream>>>(dense, 1.0001f, c.dim, c.batch);
        else
          scaleDiagPacked<<<grid, 256, 0, stream>>>(packed, 1.0001f, c.dim, stride, c.batch);
      };
      bench::Timing t = bench::timeLaunches(opts, stream, launch);
      std::printf("{\"case\": \"%s\", \"dim\": %d, \"batch\": %d, \"role\": \"%s\", \"median_ms\": %.4f, "
                  "\"min_ms\": %.4f, \"max_ms\": %.4f}\n",
                  fixed ? "diagDense" : "diagPacked", c.dim, c.batch, fixed ? "fixed" : "anti",
                  t.medianMs, t.minMs, t.maxMs);
    }
    // Both scaled every diagonal element as often as they were launched.
    std::vector<float> d(ones.size()), p(ones.size());
    CUDA_CHECK(cudaMemcpy(d.data(), dense, d.size() * sizeof(float), cudaMemcpyDeviceToHost));
    for (int b = 0; b < c.batch; ++b)
      for (int i = 0; i < c.dim; ++i)
        CUDA_CHECK(cudaMemcpy(&p[static_cast<size_t>(b) * c.dim + i],
                              packed + b * stride + (static_cast<size_t>(i) + 1) * (i + 2) / 2 - 1,
                              sizeof(float), cudaMemcpyDeviceToHost));
    float want[2] = {1.f, 1.f};
    for (int f = 0; f < 2; ++f)
      for (unsigned k = 0; k < launches[f]; ++k)
        want[f] *= 1.0001f;
    for (size_t k = 0; k < d.size(); ++k)
      if (p[k] != want[0] || d[k] != want[1]) {
        std::fprintf(stderr, "dim %d: element %zu is %g / %g, not %g / %g\n", c.dim, k, p[k], d[k],
                     want[0], want[1]);
        ++failures;
        break;
      }
    CUDA_CHECK(cudaFree(packed));
    CUDA_CHECK(cudaFree(dense));
  }
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
