// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What cuda-convnet2's filterActs tile layout costs (issue 35): it stores and reads its image
// tile as `shImages[c][tx * imgsPerThread + i]` (imgsPerThread = 4: lanes 4 words apart, a 4-way
// conflict if each float were its own access) in 4-trip loops nested in the loop over pixels that
// loads the next images and filters from global memory. convPreload<false> is that layout,
// convPreload<true> the tile laid out `shImages[c][i * 32 + tx]` (conflict-free per float); both
// compute the same sums. Result (results/short_loop_conflict_h100.txt): ptxas makes the thread's
// four consecutive floats one 16-byte access (STS.128 / LDS.128 in the SASS; the PTX has four
// scalar ones), which is conflict-free; ncu counts no more bank conflicts than in the padded twin,
// and the layout runs 0.98x the padded one's time. So shared-memory-bank-conflict counts a
// 2- or 4-trip loop over consecutive elements of one thread as one wide access.
// accumulate128 is llm.c's layernorm_backward_kernel10 accumulation (`load128(dbias_shared +
// global_index + f128::size * o)`, o < 2): two 16-byte accesses per lane at a lane stride of 32
// bytes (2-way per quarter-warp, ncu: 33,792 conflicts per direction) against the halves 512
// bytes apart (none), inside a loop of global loads: 0.98x, i.e. nothing measurable.
// Each line of output is one case's JSON (kernels/common/bench.cuh). Self-checking.
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o slc kernels/studies/short_loop_conflict.cu && ./slc
#include "common/bench.cuh"

#include <cmath>

constexpr int kBX = 32, kBY = 4, kImgs = 4, kFilters = 16, kColors = 4, kIters = 256;

template <bool Padded>
__global__ void __launch_bounds__(kBX *kBY) convPreload(const float *images, const float *filters,
                                                       float *out) {
  __shared__ float shImages[kColors][kBX * kImgs];
  __shared__ float shFilters[kColors][kBY * kFilters];
  const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * kBX + tx;
  float prod[kImgs][kFilters] = {};
  for (int it = 0; it < kIters; ++it) {
    // The next pixel's images (coalesced: consecutive tx, consecutive images) and filters.
    const float *im = images + (static_cast<size_t>(it) * gridDim.x + blockIdx.x) * kColors * kBX * kImgs;
#pragma unroll
    for (int i = 0; i < kImgs; i++) {
      float v = im[ty * kBX * kImgs + i * kBX + tx];
      shImages[ty][Padded ? i * kBX + tx : tx * kImgs + i] = v;
    }
    if (tid < kColors * kBY * kFilters / 2) {
      const float *fi = filters + static_cast<size_t>(it) * kColors * kBY * kFilters;
      shFilters[tid / (kBY * kFilters / 2)][tid % (kBY * kFilters / 2) * 2] = fi[2 * tid];
      shFilters[tid / (kBY * kFilters / 2)][tid % (kBY * kFilters / 2) * 2 + 1] = fi[2 * tid + 1];
    }
    __syncthreads();
#pragma unroll
    for (int c = 0; c < kColors; c++)
#pragma unroll
      for (int i = 0; i < kImgs; i++) {
        float a = shImages[c][Padded ? i * kBX + tx : tx * kImgs + i];
#pragma unroll
        for (int f = 0; f < kFilters; f++)
          prod[i][f] += a * shFilters[c][ty * kFilters + f];
      }
    __syncthreads();
  }
  // Image i of this thread is image i * kBX + tx in both layouts' sums: the padded twin reads
  // column i * 32 + tx, the other tx * 4 + i, of a tile stored the same way, so both see the
  // value loaded from im[... + i * kBX + tx].
  float *o = out + (static_cast<size_t>(blockIdx.x) * kBY + ty) * kBX * kImgs * kFilters;
  for (int i = 0; i < kImgs; i++)
    for (int f = 0; f < kFilters; f++)
      o[(i * kFilters + f) * kBX + tx] = prod[i][f];
}

// llm.c's accumulation: per trip of a loop over global rows, each lane adds its 32 bytes of a
// row into a shared accumulator as two 16-byte accesses (o = 0, 1) at lane stride 32 bytes
// (2-way per quarter-warp), against the same sums with the two halves 512 bytes apart (lane
// stride 16 bytes: conflict-free).
template <bool Split>
__global__ void __launch_bounds__(256) accumulate128(const float4 *rows, float *out, int nrows) {
  __shared__ float4 acc[2 * 256];
  const int t = threadIdx.x, warp = t / 32, lane = t % 32;
  for (int k = t; k < 2 * 256; k += blockDim.x)
    acc[k] = make_float4(0.f, 0.f, 0.f, 0.f);
  __syncthreads();
  for (int r = blockIdx.x * 8 + warp; r < nrows; r += gridDim.x * 8) {
    float4 g[2];
#pragma unroll
    for (int o = 0; o < 2; ++o)
      g[o] = rows[static_cast<size_t>(r) * 64 + lane * 2 + o];
#pragma unroll
    for (int o = 0; o < 2; ++o) {
      float4 &a = acc[warp * 64 + (Split ? o * 32 + lane : lane * 2 + o)];
      a.x += g[o].x;
      a.y += g[o].y;
      a.z += g[o].z;
      a.w += g[o].w;
    }
  }
  __syncthreads();
  for (int k = t; k < 2 * 256; k += blockDim.x) {
    // Undo the layout: element (warp, lane, o) is at warp*64 + lane*2 + o or warp*64 + o*32 + lane.
    int w = k / 64, rest = k % 64, ln = Split ? rest % 32 : rest / 2, o = Split ? rest / 32 : rest % 2;
    float4 v = acc[k];
    size_t dst = (static_cast<size_t>(blockIdx.x) * 8 + w) * 64 + ln * 2 + o;
    out[dst * 4 + 0] = v.x;
    out[dst * 4 + 1] = v.y;
    out[dst * 4 + 2] = v.z;
    out[dst * 4 + 3] = v.w;
  }
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  int failures = 0;
  auto compare = [&](const char *name, const std::vector<float> &a, const std::vector<float> &b) {
    for (size_t i = 0; i < a.size(); ++i)
      if (std::fabs(a[i] - b[i]) > 1e-3f * (1.f + std::fabs(a[i]))) {
        std::fprintf(stderr, "%s: mismatch at %zu: %g vs %g\n", name, i, a[i], b[i]);
        ++failures;
        return;
      }
  };
  {
    const int blocks = 132 * 8;
    size_t nIm = static_cast<size_t>(kIters) * blocks * kColors * kBX * kImgs;
    size_t nFi = static_cast<size_t>(kIters) * kColors * kBY * kFilters;
    size_t nOut = static_cast<size_t>(blocks) * kBY * kBX * kImgs * kFilters;
    std::vector<float> h(nIm), hf(nFi);
    for (size_t i = 0; i < nIm; ++i)
      h[i] = static_cast<float>((i * 37) % 101) / 101.f;
    for (size_t i = 0; i < nFi; ++i)
      hf[i] = static_cast<float>((i * 13) % 17) / 17.f;
    float *dIm, *dFi, *dOut;
    CUDA_CHECK(cudaMalloc(&dIm, nIm * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dFi, nFi * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dOut, nOut * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dIm, h.data(), nIm * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dFi, hf.data(), nFi * sizeof(float), cudaMemcpyHostToDevice));
    std::vector<float> r[2];
    for (int padded = 0; padded < 2; ++padded) {
      auto launch = [&] {
        if (padded)
          convPreload<true><<<blocks, dim3(kBX, kBY), 0, stream>>>(dIm, dFi, dOut);
        else
          convPreload<false><<<blocks, dim3(kBX, kBY), 0, stream>>>(dIm, dFi, dOut);
      };
      bench::Timing t = bench::timeLaunches(opts, stream, launch);
      std::printf("{\"case\": \"%s\", \"role\": \"%s\", \"median_ms\": %.4f, \"min_ms\": %.4f, \"max_ms\": %.4f}\n",
                  padded ? "convPreloadPadded" : "convPreload4way", padded ? "fixed" : "anti",
                  t.medianMs, t.minMs, t.maxMs);
      r[padded].resize(nOut);
      CUDA_CHECK(cudaMemcpy(r[padded].data(), dOut, nOut * sizeof(float), cudaMemcpyDeviceToHost));
    }
    compare("convPreload", r[0], r[1]);
    CUDA_CHECK(cudaFree(dIm));
    CUDA_CHECK(cudaFree(dFi));
    CUDA_CHECK(cudaFree(dOut));
  }
  {
    const int blocks = 132 * 4, nrows = blocks * 8 * 64;
    size_t nIn = static_cast<size_t>(nrows) * 64, nOut = static_cast<size_t>(blocks) * 8 * 64 * 4;
    std::vector<float4> h(nIn);
    for (size_t i = 0; i < nIn; ++i)
      h[i] = make_float4((i % 7) * 0.125f, (i % 5) * 0.25f, (i % 3) * 0.5f, 1.f);
    float4 *dIn;
    float *dOut;
    CUDA_CHECK(cudaMalloc(&dIn, nIn * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&dOut, nOut * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dIn, h.data(), nIn * sizeof(float4), cudaMemcpyHostToDevice));
    std::vector<float> r[2];
    for (int split = 0; split < 2; ++split) {
      auto launch = [&] {
        if (split)
          accumulate128<true><<<blocks, 256, 0, stream>>>(dIn, dOut, nrows);
        else
          accumulate128<false><<<blocks, 256, 0, stream>>>(dIn, dOut, nrows);
      };
      bench::Timing t = bench::timeLaunches(opts, stream, launch);
      std::printf("{\"case\": \"%s\", \"role\": \"%s\", \"median_ms\": %.4f, \"min_ms\": %.4f, \"max_ms\": %.4f}\n",
                  split ? "accumulate128Split" : "accumulate128Pairs", split ? "fixed" : "anti",
                  t.medianMs, t.minMs, t.maxMs);
      r[split].resize(nOut);
      CUDA_CHECK(cudaMemcpy(r[split].data(), dOut, nOut * sizeof(float), cudaMemcpyDeviceToHost));
    }
    compare("accumulate128", r[0], r[1]);
    CUDA_CHECK(cudaFree(dIn));
    CUDA_CHECK(cudaFree(dOut));
  }
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
