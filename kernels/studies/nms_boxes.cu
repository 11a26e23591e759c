// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What reading 4 of the 7 floats of each thread's box costs in a non-maximum-suppression kernel
// whose loop compares the box against the block's 64 boxes in shared memory (the seventeenth
// blind set's OpenPCDet nms_normal_kernel: cur_box = boxes + idx * 7 read through a[0], a[1],
// a[3], a[4] inside the loop, lanes 28 bytes apart, 28 sectors per request for 4), against the
// same kernel reading those four fields from arrays of their own (a struct of arrays).
// Result (results/nms_boxes_h100.txt, H100, 2026-11-28, medians of 5 runs): 0.99x with 4096
// boxes, 1.01x with 16384, although ncu counts 1.39x the L2 sectors (the box is read once per
// thread; the loop's 64 comparisons against shared memory take the time). Self-checking.
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o nb kernels/studies/nms_boxes.cu && ./nb
#include "common/bench.cuh"

#include <vector>

constexpr int kT = 64;

__device__ inline float iouNormal(float ax, float ay, float adx, float ady, const float *b) {
  float left = fmaxf(ax - adx / 2, b[0] - b[3] / 2), right = fminf(ax + adx / 2, b[0] + b[3] / 2);
  float top = fmaxf(ay - ady / 2, b[1] - b[4] / 2), bottom = fminf(ay + ady / 2, b[1] + b[4] / 2);
  float w = fmaxf(right - left, 0.f), h = fmaxf(bottom - top, 0.f);
  float inter = w * h;
  return inter / fmaxf(adx * ady + b[3] * b[4] - inter, 1e-8f);
}

template <bool SoA>
__global__ void nms(int n, float thresh, const float *boxes, const float *soa,
                    unsigned long long *mask) {
  const int rowStart = blockIdx.y, colStart = blockIdx.x;
  const int rowSize = min(n - rowStart * kT, kT), colSize = min(n - colStart * kT, kT);
  __shared__ float block[kT * 7];
  if (threadIdx.x < colSize)
    for (int f = 0; f < 7; ++f)
      block[threadIdx.x * 7 + f] = boxes[(kT * colStart + threadIdx.x) * 7 + f];
  __syncthreads();
  if (threadIdx.x < rowSize) {
    const int idx = kT * rowStart + threadIdx.x;
    const float *a = boxes + idx * 7;
    unsigned long long t = 0;
    int start = rowStart == colStart ? threadIdx.x + 1 : 0;
    for (int i = start; i < colSize; i++) {
      float v = SoA ? iouNormal(soa[idx], soa[n + idx], soa[2 * n + idx], soa[3 * n + idx],
                                block + i * 7)
                    : iouNormal(a[0], a[1], a[3], a[4], block + i * 7);
      if (v > thresh)
        t |= 1ULL << i;
    }
    mask[idx * ((n + kT - 1) / kT) + colStart] = t;
  }
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  int failures = 0;
  for (int n : {4096, 16384}) {
    std::vector<float> h(static_cast<size_t>(n) * 7), hs(static_cast<size_t>(n) * 4);
    for (int b = 0; b < n; ++b) {
      float v[7] = {float(b % 97), float(b % 89), 0.f, 1.f + b % 7, 1.f + b % 5, 1.f, 0.f};
      for (int f = 0; f < 7; ++f)
        h[static_cast<size_t>(b) * 7 + f] = v[f];
      hs[b] = v[0], hs[n + b] = v[1], hs[2 * n + b] = v[3], hs[3 * n + b] = v[4];
    }
    int blocks = (n + kT - 1) / kT;
    size_t maskN = static_cast<size_t>(n) * blocks;
    float *dB, *dS;
    unsigned long long *dM[2];
    CUDA_CHECK(cudaMalloc(&dB, h.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dS, hs.size() * sizeof(float)));
    for (auto *&M : dM)
      CUDA_CHECK(cudaMalloc(&M, maskN * sizeof(unsigned long long)));
    CUDA_CHECK(cudaMemcpy(dB, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dS, hs.data(), hs.size() * sizeof(float), cudaMemcpyHostToDevice));
    dim3 grid(blocks, blocks);
    std::string a = "aosBoxes_" + std::to_string(n), s = "soaBoxes_" + std::to_string(n);
    bench::studyLine(a.c_str(), "anti", bench::timeLaunches(opts, stream, [&] {
                       nms<false><<<grid, kT, 0, stream>>>(n, 0.3f, dB, dS, dM[0]);
                     }));
    bench::studyLine(s.c_str(), "fixed", bench::timeLaunches(opts, stream, [&] {
                       nms<true><<<grid, kT, 0, stream>>>(n, 0.3f, dB, dS, dM[1]);
                     }));
    std::vector<unsigned long long> m0(maskN), m1(maskN);
    CUDA_CHECK(cudaMemcpy(m0.data(), dM[0], maskN * 8, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(m1.data(), dM[1], maskN * 8, cudaMemcpyDeviceToHost));
    failures += m0 != m1;
    CUDA_CHECK(cudaFree(dB));
    CUDA_CHECK(cudaFree(dS));
    for (auto *M : dM)
      CUDA_CHECK(cudaFree(M));
  }
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
