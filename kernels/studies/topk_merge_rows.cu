// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What fastllm's per-thread top-k rows cost (issue 35; FastllmLayerNormKernelTopK<64, 50> in a
// blind set). Each of 64 threads keeps its best K = 50 values in `maxData[tid][0..49]` (and their
// indices in idData), a row of 50 floats: lanes 50 words apart, 2-way (16 banks for 32 lanes).
// The insertion pass over the row's channels reads and shifts the rows in every trip; the merge
// tree `for (s = 32; s > 0; s >>= 1) if (tid < s) ...` writes `maxData[tid][pos]` 2-way only in
// its trip s = 32 (16 lanes 50 words apart fall in 16 different banks). topk<50> is that layout,
// topk<51> the rows padded to 51 floats (conflict-free), same results. mergeOnly<> runs the merge
// tree alone, from rows filled in sorted order, to show what the trip s = 32 costs by itself.
// Result (results/topk_merge_rows_h100.txt, H100, median of 5 runs): mergeOnly 1.01x (18.6 M
// against 0.07 M bank conflicts in ncu); topk 1.16x for rows of 4,096 channels, 0.98x for
// 32,000. So shared-memory-bank-conflict weighs a conflict in some trips of a loop walked trip by
// trip by those trips' share of the warps the loop runs: the merge's findings are notes.
// Each line of output is one case's JSON (kernels/common/bench.cuh). Self-checking.
// Build and run: nvcc -std=c++17 -O3 -arch=sm_90 -I kernels -o tkm kernels/studies/topk_merge_rows.cu && ./tkm
#include "common/bench.cuh"

#include <cmath>
#include <cstdint>

constexpr int kThreads = 64, kK = 50;

template <int Row> __device__ void mergeTree(float (*maxData)[Row], float (*idData)[Row], int tid) {
  for (unsigned int s = kThreads / 2; s > 0; s >>= 1) {
    if (tid < s) {
      int pos0 = 0, pos1 = 0;
      while (pos0 + pos1 < kK) {
        if (maxData[tid][pos0] > maxData[tid + s][pos1])
          pos0++;
        else
          pos1++;
      }
      pos0--;
      pos1--;
      int pos = kK - 1;
      while (pos >= 0) {
        if (pos1 < 0 || (pos0 >= 0 && maxData[tid][pos0] < maxData[tid + s][pos1])) {
          maxData[tid][pos] = maxData[tid][pos0];
          idData[tid][pos] = idData[tid][pos0];
          pos0--;
        } else {
          maxData[tid][pos] = maxData[tid + s][pos1];
          idData[tid][pos] = idData[tid + s][pos1];
          pos1--;
        }
        pos--;
      }
    }
    __syncthreads();
  }
}

// fastllm's kernel with its rows Row floats long.
template <int Row> __global__ void topk(const float *input, float *output, int channels) {
  __shared__ float idData[kThreads][Row];
  __shared__ float maxData[kThreads][Row];
  const float *inputData = input + static_cast<size_t>(blockIdx.x) * channels;
  float *outputData = output + static_cast<size_t>(blockIdx.x) * 2 * kK;
  int tid = threadIdx.x;
  idData[tid][0] = tid;
  for (int i = 0; i < kK; i++)
    maxData[tid][i] = -1e30f;
  for (int j = tid; j < channels; j += kThreads) {
    float cur = inputData[j];
    for (int l = 0; l < kK; l++) {
      if (cur > maxData[tid][l]) {
        for (int x = kK - 1; x > l; x--) {
          maxData[tid][x] = maxData[tid][x - 1];
          idData[tid][x] = idData[tid][x - 1];
        }
        maxData[tid][l] = cur;
        idData[tid][l] = j;
        break;
      }
    }
  }
  __syncthreads();
  mergeTree<Row>(maxData, idData, tid);
  if (tid == 0)
    for (int i = 0; i < kK; i++) {
      outputData[i * 2] = idData[0][i];
      outputData[i * 2 + 1] = maxData[0][i];
    }
}

// The merge tree alone, from rows filled in descending order (thread t's row holds
// seed - t - 64 * i, so merged rows interleave).
template <int Row> __global__ void mergeOnly(float *output, int rounds) {
  __shared__ float idData[kThreads][Row];
  __shared__ float maxData[kThreads][Row];
  int tid = threadIdx.x;
  float acc = 0.f;
  for (int r = 0; r < rounds; ++r) {
    for (int i = 0; i < kK; i++) {
      maxData[tid][i] = static_cast<float>(100000 - tid - kThreads * i - r);
      idData[tid][i] = static_cast<float>(tid + kThreads * i);
    }
    __syncthreads();
    mergeTree<Row>(maxData, idData, tid);
    acc += maxData[0][tid % kK] + idData[0][tid % kK];
    __syncthreads();
  }
  output[blockIdx.x * kThreads + tid] = acc;
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  size_t failures = 0;
  // A batch of 1024 rows of a 32,000-word vocabulary (fastllm's use), and rows of 4,096.
  for (int channels : {32000, 4096}) {
    const int rows = 1024;
    size_t nIn = static_cast<size_t>(rows) * channels, nOut = static_cast<size_t>(rows) * 2 * kK;
    std::vector<float> h(nIn);
    uint32_t x = 12345;
    for (size_t i = 0; i < nIn; ++i) {
      x = x * 1664525u + 1013904223u;
      h[i] = static_cast<float>(x >> 8) / 16777216.f;
    }
    float *dIn, *dOut;
    CUDA_CHECK(cudaMalloc(&dIn, nIn * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dOut, nOut * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dIn, h.data(), nIn * sizeof(float), cudaMemcpyHostToDevice));
    std::vector<float> r[2];
    for (int padded = 0; padded < 2; ++padded) {
      auto launch = [&] {
        if (padded)
          topk<kK + 1><<<rows, kThreads, 0, stream>>>(dIn, dOut, channels);
        else
          topk<kK><<<rows, kThreads, 0, stream>>>(dIn, dOut, channels);
      };
      bench::Timing t = bench::timeLaunches(opts, stream, launch);
      bench::studyLine(channels == 32000 ? "topk32000" : "topk4096", padded ? "fixed" : "anti", t);
      r[padded].resize(nOut);
      CUDA_CHECK(cudaMemcpy(r[padded].data(), dOut, nOut * sizeof(float), cudaMemcpyDeviceToHost));
    }
    failures += bench::countMismatches("topk", r[1], r[0]);
    CUDA_CHECK(cudaFree(dIn));
    CUDA_CHECK(cudaFree(dOut));
  }
  {
    const int blocks = 132 * 16, rounds = 16;
    size_t nOut = static_cast<size_t>(blocks) * kThreads;
    float *dOut;
    CUDA_CHECK(cudaMalloc(&dOut, nOut * sizeof(float)));
    std::vector<float> r[2];
    for (int padded = 0; padded < 2; ++padded) {
      auto launch = [&] {
        if (padded)
          mergeOnly<kK + 1><<<blocks, kThreads, 0, stream>>>(dOut, rounds);
        else
          mergeOnly<kK><<<blocks, kThreads, 0, stream>>>(dOut, rounds);
      };
      bench::Timing t = bench::timeLaunches(opts, stream, launch);
      bench::studyLine("mergeOnly", padded ? "fixed" : "anti", t);
      r[padded].resize(nOut);
      CUDA_CHECK(cudaMemcpy(r[padded].data(), dOut, nOut * sizeof(float), cudaMemcpyDeviceToHost));
    }
    failures += bench::countMismatches("mergeOnly", r[1], r[0]);
    CUDA_CHECK(cudaFree(dOut));
  }
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
