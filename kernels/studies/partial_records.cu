// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the twelfth blind set's CenterPoint idiom costs (issue 35): a thread reads some fields of
// its own record (11 floats, 44 bytes; 8 floats; 2 floats), lanes a record apart, against the
// same fields in arrays of their own (a struct of arrays):
//   fields7: fields 0-6 of 11 (nms_cuda, permute_cuda: the bytes used fill 64% of what the
//            sectors bring);
//   fields5: fields 0, 1, 3, 4, 6 (devIoU, check_box2d: 45%);
//   fields6, fields8, fields9, fields10, fields11: the first 6, 8, 9, 10 and all 11 of 11;
//   rec8fields4, rec8fields6: the first 4 and 6 of 8 (50%, 75%);
//   rec2fields1: one float of two (a lane stride of two floats, the cheapest stride
//                uncoalesced-global-access reports);
//   rec9fields5: fields 0, 1, 3, 4, 6 of 9 (PointPillars' check_box2d, devIoU: 56%);
//   rec3fields2: the first 2 of 3 (OpenPose's x and y of (x, y, score) peaks: 67%).
// Results (results/partial_records_h200.txt, H200, 2026-11-27, medians of 5 runs): 45% used
// 1.79x, 55% 1.61x, 56% (rec9fields5) 1.50x, 64% 1.41x, 67% (rec3fields2) 1.14x, 73% 1.31x, 75%
// 1.23x, 82% 1.19x, 91% 1.10x, 100% 1.02x, and the stride of two 1.22x: the cost follows the DRAM
// bytes nobody uses, most where the records bound the kernel by DRAM, so the rule reports
// sibling fields that fill less than two thirds of their segments (memrules::fillsSegments).
// Self-checking.
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o pr kernels/studies/partial_records.cu && ./pr
#include "common/bench.cuh"

/// The k-th field a case of N fields of R-float records reads: the first N, or devIoU's 0, 1,
/// 3, 4, 6 of 11 (and of PointPillars' 9).
__host__ __device__ constexpr int fieldOf(int R, int N, int k) {
  return (R != 11 && R != 9) || N != 5 ? k : k < 2 ? k : k == 2 ? 3 : k == 3 ? 4 : 6;
}

template <int R, int N> __global__ void aos(const float *boxes, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < N; ++k)
    s += boxes[i * R + fieldOf(R, N, k)] * (k + 1);
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

template <int R, int N>
static int compare(const bench::Options &opts, cudaStream_t stream, const char *anti,
                   const char *fixed, const float *dBoxes, const std::vector<float> &hBoxes,
                   int n) {
  // The fields the AoS kernel reads, as planes.
  std::vector<float> hPlanes(static_cast<size_t>(N) * n);
  for (int k = 0; k < N; ++k)
    for (int i = 0; i < n; ++i)
      hPlanes[static_cast<size_t>(k) * n + i] =
          hBoxes[static_cast<size_t>(i) * R + fieldOf(R, N, k)];
  float *dPlanes, *dOut[2];
  CUDA_CHECK(cudaMalloc(&dPlanes, hPlanes.size() * sizeof(float)));
  for (float *&O : dOut)
    CUDA_CHECK(cudaMalloc(&O, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dPlanes, hPlanes.data(), hPlanes.size() * sizeof(float),
                        cudaMemcpyHostToDevice));
  bench::studyLine(anti, "anti", bench::timeLaunches(opts, stream, [&] {
         aos<R, N><<<(n + 255) / 256, 256, 0, stream>>>(dBoxes, dOut[0], n);
       }));
  bench::studyLine(fixed, "fixed", bench::timeLaunches(opts, stream, [&] {
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
  std::vector<float> hBoxes(static_cast<size_t>(n) * 11);
  for (size_t i = 0; i < hBoxes.size(); ++i)
    hBoxes[i] = static_cast<float>(i % 97) * 0.5f;
  float *dBoxes;
  CUDA_CHECK(cudaMalloc(&dBoxes, hBoxes.size() * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dBoxes, hBoxes.data(), hBoxes.size() * sizeof(float),
                        cudaMemcpyHostToDevice));
  int failures = 0;
  failures += compare<11, 7>(opts, stream, "fields7", "planes7", dBoxes, hBoxes, n);
  failures += compare<11, 5>(opts, stream, "fields5", "planes5", dBoxes, hBoxes, n);
  failures += compare<11, 11>(opts, stream, "fields11", "planes11", dBoxes, hBoxes, n);
  // The curve between: the first 6, 8, 9 and 10 of 11; 4 and 6 of a 32-byte record; one
  // float of two (a lane stride of two floats, the weakest stride the rule reports).
  failures += compare<11, 6>(opts, stream, "fields6", "planes6", dBoxes, hBoxes, n);
  failures += compare<11, 8>(opts, stream, "fields8", "planes8", dBoxes, hBoxes, n);
  failures += compare<11, 9>(opts, stream, "fields9", "planes9", dBoxes, hBoxes, n);
  failures += compare<11, 10>(opts, stream, "fields10", "planes10", dBoxes, hBoxes, n);
  failures += compare<8, 4>(opts, stream, "rec8fields4", "rec8planes4", dBoxes, hBoxes, n);
  failures += compare<8, 6>(opts, stream, "rec8fields6", "rec8planes6", dBoxes, hBoxes, n);
  failures += compare<2, 1>(opts, stream, "rec2fields1", "rec2planes1", dBoxes, hBoxes, n);
  // The tenth set's silent labels: PointPillars' check_box2d and devIoU, fields 0, 1, 3, 4, 6 of
  // a 9-float box (56%); OpenPose's x and y of (x, y, score) triplets (67%).
  failures += compare<9, 5>(opts, stream, "rec9fields5", "rec9planes5", dBoxes, hBoxes, n);
  failures += compare<3, 2>(opts, stream, "rec3fields2", "rec3planes2", dBoxes, hBoxes, n);
  CUDA_CHECK(cudaFree(dBoxes));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
