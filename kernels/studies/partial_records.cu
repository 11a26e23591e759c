// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the twelfth blind set's CenterPoint idiom costs (issue 35): a thread reads some fields of
// its own 44-byte record (11 floats), lanes 44 bytes apart, against the same fields in arrays of
// their own (a struct of arrays):
//   fields7: fields 0-6 of 11 (nms_cuda, permute_cuda: the bytes used fill 64% of what the
//            sectors bring; uncoalesced-global-access leaves sibling fields that fill half or
//            more of their sectors silent);
//   fields5: fields 0, 1, 3, 4, 6 (devIoU, check_box2d: 45%; reported);
//   fields11: every field (the measured silent case of the first study: 1.00x).
// Results (results/partial_records_h200.txt, H200, 2026-11-27, medians of 5 runs): fields7 1.44x,
// fields5 1.82x, fields11 1.01x: sibling fields that fill 64% of their sectors cost what the DRAM
// bytes say, and the rule's half-filled threshold leaves such an access silent that costs 1.44x.
// Self-checking.
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o pr kernels/studies/partial_records.cu && ./pr
#include "common/bench.cuh"

constexpr int kCh = 11;

/// The k-th field a case of N fields reads: 0-6, 0-10, or 0, 1, 3, 4, 6 (devIoU's).
__host__ __device__ constexpr int fieldOf(int N, int k) {
  return N != 5 ? k : k < 2 ? k : k == 2 ? 3 : k == 3 ? 4 : 6;
}

template <int N> __global__ void aos(const float *boxes, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < N; ++k)
    s += boxes[i * kCh + fieldOf(N, k)] * (k + 1);
  out[i] = s;
}

template <int N>
__global__ void soa(const float *planes, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < N; ++k)
    s += planes[static_cast<size_t>(k) * n + i] * (k + 1);
  out[i] = s;
}

static void line(const char *name, const char *role, const bench::Timing &t) {
  std::printf("{\"case\": \"%s\", \"role\": \"%s\", \"median_ms\": %.4f, \"min_ms\": %.4f, "
              "\"max_ms\": %.4f}\n",
              name, role, t.medianMs, t.minMs, t.maxMs);
}

template <int N>
static int compare(const bench::Options &opts, cudaStream_t stream, const char *anti,
                   const char *fixed, const float *dBoxes, const std::vector<float> &hBoxes,
                   int n) {
  // The fields the AoS kernel reads, as planes.
  std::vector<float> hPlanes(static_cast<size_t>(N) * n);
  for (int k = 0; k < N; ++k)
    for (int i = 0; i < n; ++i)
      hPlanes[static_cast<size_t>(k) * n + i] =
          hBoxes[static_cast<size_t>(i) * kCh + fieldOf(N, k)];
  float *dPlanes, *dOut[2];
  CUDA_CHECK(cudaMalloc(&dPlanes, hPlanes.size() * sizeof(float)));
  for (float *&O : dOut)
    CUDA_CHECK(cudaMalloc(&O, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dPlanes, hPlanes.data(), hPlanes.size() * sizeof(float),
                        cudaMemcpyHostToDevice));
  line(anti, "anti", bench::timeLaunches(opts, stream, [&] {
         aos<N><<<(n + 255) / 256, 256, 0, stream>>>(dBoxes, dOut[0], n);
       }));
  line(fixed, "fixed", bench::timeLaunches(opts, stream, [&] {
         soa<N><<<(n + 255) / 256, 256, 0, stream>>>(dPlanes, dOut[1], n);
       }));
  std::vector<float> a(n), b(n);
  CUDA_CHECK(cudaMemcpy(a.data(), dOut[0], n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(b.data(), dOut[1], n * sizeof(float), cudaMemcpyDeviceToHost));
  int failures = a != b;
  if (failures)
    std::fprintf(stderr, "%s: outputs differ\n", anti);
  CUDA_CHECK(cudaFree(dPlanes));
  for (float *O : dOut)
    CUDA_CHECK(cudaFree(O));
  return failures;
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  const int n = 1 << 22;
  std::vector<float> hBoxes(static_cast<size_t>(n) * kCh);
  for (size_t i = 0; i < hBoxes.size(); ++i)
    hBoxes[i] = static_cast<float>(i % 97) * 0.5f;
  float *dBoxes;
  CUDA_CHECK(cudaMalloc(&dBoxes, hBoxes.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dBoxes, hBoxes.data(), hBoxes.size() * sizeof(float),
                        cudaMemcpyHostToDevice));
  int failures = 0;
  failures += compare<7>(opts, stream, "fields7", "planes7", dBoxes, hBoxes, n);
  failures += compare<5>(opts, stream, "fields5", "planes5", dBoxes, hBoxes, n);
  failures += compare<11>(opts, stream, "fields11", "planes11", dBoxes, hBoxes, n);
  CUDA_CHECK(cudaFree(dBoxes));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
