// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the tenth blind set's idioms cost (issue 35), each against its fixed twin:
//   byteRows:   an 8-bit image copied in 8x8 blocks (jetson-utils' crop, overlay and resize):
//               a warp is 4 rows of 8 bytes a run-time pitch apart, 4 sectors per request for
//               32 bytes; fixed: the same kernel in 32x8 blocks (one row of 32 bytes a warp).
//   floatRows:  a float image copied in 4x8 blocks: 8 rows of 16 bytes, 8 sectors for 4; fixed:
//               32x8 blocks.
//   depthX:     `*elementAt(map, pitch, x, y)` copied as a float2 and read through `.x` only, in
//               8x8 blocks over a pitched map (AliceVision's depth/thickness maps): nvcc loads
//               `.x` alone, 8 sectors for 4; fixed: the depths in a float map of their own.
//   voxelLoop:  each thread reads its own 32 consecutive float4s in a loop (PointPillars'
//               `voxels[voxel_index * 32 + i]`): lanes 512 bytes apart, each request 32 sectors
//               for 16, the next trip reading the other half of each sector; fixed: the points
//               interleaved (`voxels[i * n + voxel]`), lanes consecutive in every trip.
// Results: results/narrow_rows_h100.txt (H100, 2026-11-27, medians of 5 runs).
// Each line of output is one case's JSON (kernels/common/bench.cuh). Self-checking.
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o nr kernels/studies/narrow_rows.cu && ./nr
#include "common/bench.cuh"

constexpr int kW = 4096, kH = 4096;

template <typename T>
__global__ void copyImage(const T *in, T *out, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  out[y * width + x] = in[y * width + x];
}

template <typename T> __device__ inline T *elementAt(T *ptr, size_t pitch, int x, int y) {
  return (T *)((unsigned char *)ptr + y * pitch) + x;
}

__global__ void depthX(const float2 *map, size_t pitch, float *out, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  const float2 d = *elementAt(map, pitch, x, y);
  out[y * width + x] = d.x > 0.0f ? d.x : 0.0f;
}

__global__ void depthOnly(const float *depth, size_t pitch, float *out, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height)
    return;
  const float d = *elementAt(depth, pitch, x, y);
  out[y * width + x] = d > 0.0f ? d : 0.0f;
}

constexpr int kPoints = 32;

__device__ inline void accumulate(float4 &acc, float4 p) {
  acc.x += p.x;
  acc.y += p.y;
  acc.z += p.z;
  acc.w += p.w;
}
__device__ inline void accumulate(float4 &acc, float2 p) {
  acc.x += p.x;
  acc.y += p.y;
}
__device__ inline void accumulate(float4 &acc, float p) { acc.x += p; }

template <bool Interleaved, typename T>
__global__ void voxelLoop(const T *voxels, const unsigned *counts, float4 *sums, int n) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  const unsigned count = min(counts[v], static_cast<unsigned>(kPoints));
  float4 acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  for (unsigned i = 0; i < count; ++i)
    accumulate(acc, Interleaved ? voxels[i * n + v] : voxels[v * kPoints + i]);
  sums[v] = acc;
}

template <typename T>
static int copyCase(const bench::Options &opts, cudaStream_t stream, const char *anti,
                    const char *sameCount, const char *fixed, dim3 narrow) {
  const size_t pixels = static_cast<size_t>(kW) * kH;
  std::vector<T> h(pixels);
  for (size_t i = 0; i < pixels; ++i)
    h[i] = static_cast<T>(i % 251);
  T *dIn, *dOut[3];
  CUDA_CHECK(cudaMalloc(&dIn, pixels * sizeof(T)));
  for (T *&O : dOut)
    CUDA_CHECK(cudaMalloc(&O, pixels * sizeof(T)));
  CUDA_CHECK(cudaMemcpy(dIn, h.data(), pixels * sizeof(T), cudaMemcpyHostToDevice));
  // The narrow block, a block as many threads one warp wide (as many blocks), 32x8.
  dim3 shapes[3] = {narrow, dim3(32, narrow.x * narrow.y / 32), dim3(32, 8)};
  const char *names[3] = {anti, sameCount, fixed};
  const char *roles[3] = {"anti", "fixed", "fixed"};
  int failures = 0;
  for (int k = 0; k < 3; ++k) {
    dim3 b = shapes[k];
    bench::studyLine(names[k], roles[k], bench::timeLaunches(opts, stream, [&] {
           copyImage<<<dim3(kW / b.x, kH / b.y), b, 0, stream>>>(dIn, dOut[k], kW, kH);
         }));
    std::vector<T> a(pixels);
    CUDA_CHECK(cudaMemcpy(a.data(), dOut[k], pixels * sizeof(T), cudaMemcpyDeviceToHost));
    if (a != h) {
      std::fprintf(stderr, "%s: copy differs\n", names[k]);
      ++failures;
    }
  }
  CUDA_CHECK(cudaFree(dIn));
  for (T *O : dOut)
    CUDA_CHECK(cudaFree(O));
  return failures;
}

template <typename T>
static int voxelCase(const bench::Options &opts, cudaStream_t stream, const char *anti,
                     const char *fixed, int n, const std::vector<unsigned> &hCounts,
                     T (*point)(int v, int i)) {
  std::vector<T> hVox(static_cast<size_t>(n) * kPoints), hInter(hVox.size());
  for (int v = 0; v < n; ++v)
    for (int i = 0; i < kPoints; ++i) {
      hVox[static_cast<size_t>(v) * kPoints + i] = point(v, i);
      hInter[static_cast<size_t>(i) * n + v] = point(v, i);
    }
  T *dVox[2];
  float4 *dSums[2];
  unsigned *dCounts;
  for (int k = 0; k < 2; ++k) {
    CUDA_CHECK(cudaMalloc(&dVox[k], hVox.size() * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&dSums[k], n * sizeof(float4)));
  }
  CUDA_CHECK(cudaMalloc(&dCounts, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(dVox[0], hVox.data(), hVox.size() * sizeof(T), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dVox[1], hInter.data(), hInter.size() * sizeof(T),
                        cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dCounts, hCounts.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  bench::studyLine(anti, "anti", bench::timeLaunches(opts, stream, [&] {
         voxelLoop<false><<<n / 256, 256, 0, stream>>>(dVox[0], dCounts, dSums[0], n);
       }));
  bench::studyLine(fixed, "fixed", bench::timeLaunches(opts, stream, [&] {
         voxelLoop<true><<<n / 256, 256, 0, stream>>>(dVox[1], dCounts, dSums[1], n);
       }));
  std::vector<float4> s0(n), s1(n);
  CUDA_CHECK(cudaMemcpy(s0.data(), dSums[0], n * sizeof(float4), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(s1.data(), dSums[1], n * sizeof(float4), cudaMemcpyDeviceToHost));
  int failures = 0;
  for (int v = 0; v < n; ++v)
    if (s0[v].x != s1[v].x || s0[v].y != s1[v].y || s0[v].z != s1[v].z || s0[v].w != s1[v].w) {
      std::fprintf(stderr, "%s: sums differ at %d\n", anti, v);
      ++failures;
      break;
    }
  for (int k = 0; k < 2; ++k) {
    CUDA_CHECK(cudaFree(dVox[k]));
    CUDA_CHECK(cudaFree(dSums[k]));
  }
  CUDA_CHECK(cudaFree(dCounts));
  return failures;
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  int failures = 0;
  failures += copyCase<unsigned char>(opts, stream, "byteRows8x8", "byteRows32x2",
                                      "byteRows32x8", dim3(8, 8));
  failures += copyCase<float>(opts, stream, "floatRows4x8", "floatRows32x1", "floatRows32x8",
                              dim3(4, 8));

  // depthX against a float map of its own.
  const size_t pixels = static_cast<size_t>(kW) * kH;
  std::vector<float2> hMap(pixels);
  std::vector<float> hDepth(pixels);
  for (size_t i = 0; i < pixels; ++i) {
    hDepth[i] = (i % 5 == 0) ? -1.0f : static_cast<float>(i % 13);
    hMap[i] = make_float2(hDepth[i], 0.5f);
  }
  float2 *dMap;
  float *dDepth, *dOut[2];
  CUDA_CHECK(cudaMalloc(&dMap, pixels * sizeof(float2)));
  CUDA_CHECK(cudaMalloc(&dDepth, pixels * sizeof(float)));
  for (float *&O : dOut)
    CUDA_CHECK(cudaMalloc(&O, pixels * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dMap, hMap.data(), pixels * sizeof(float2), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dDepth, hDepth.data(), pixels * sizeof(float), cudaMemcpyHostToDevice));
  for (dim3 block : {dim3(8, 8), dim3(32, 8)}) {
    dim3 grid(kW / block.x, kH / block.y);
    bool narrow = block.x == 8;
    bench::studyLine(narrow ? "depthX8x8" : "depthX32x8", "anti",
                     bench::timeLaunches(opts, stream, [&] {
                       depthX<<<grid, block, 0, stream>>>(dMap, kW * sizeof(float2), dOut[0], kW,
                                                          kH);
                     }));
    bench::studyLine(narrow ? "depthOnly8x8" : "depthOnly32x8", "fixed",
         bench::timeLaunches(opts, stream, [&] {
           depthOnly<<<grid, block, 0, stream>>>(dDepth, kW * sizeof(float), dOut[1], kW, kH);
         }));
    std::vector<float> o0(pixels), o1(pixels);
    CUDA_CHECK(cudaMemcpy(o0.data(), dOut[0], pixels * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(o1.data(), dOut[1], pixels * sizeof(float), cudaMemcpyDeviceToHost));
    if (o0 != o1) {
      std::fprintf(stderr, "depthX: outputs differ\n");
      ++failures;
    }
  }

  // voxelLoop: 2^18 voxels of up to 32 points (counts 1..32, a fifth of them full), points of
  // 16, 8 and 4 bytes: each request 2, 4 and 8 times the sectors it uses.
  const int n = 1 << 18;
  std::vector<unsigned> hCounts(n);
  for (int v = 0; v < n; ++v)
    hCounts[v] = v % 5 == 0 ? kPoints : 1 + (v * 7) % kPoints;
  failures += voxelCase<float4>(opts, stream, "voxelLoopFloat4", "voxelInterleavedFloat4", n,
                                hCounts, [](int v, int i) {
                                  return make_float4(float(i), float(v % 17), 1.0f,
                                                     float((v + i) % 3));
                                });
  failures += voxelCase<float2>(opts, stream, "voxelLoopFloat2", "voxelInterleavedFloat2", n,
                                hCounts, [](int v, int i) {
                                  return make_float2(float(i), float(v % 17));
                                });
  failures += voxelCase<float>(opts, stream, "voxelLoopFloat", "voxelInterleavedFloat", n,
                               hCounts, [](int v, int i) { return float((v + i) % 9); });

  CUDA_CHECK(cudaFree(dMap));
  CUDA_CHECK(cudaFree(dDepth));
  for (float *O : dOut)
    CUDA_CHECK(cudaFree(O));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
