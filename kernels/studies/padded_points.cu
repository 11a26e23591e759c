// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Three quarters of each sector used (issue 35, the thirteenth blind set): does reading `.x`,
// `.y`, `.z` of a float4 (12 of 16 bytes, the usual padding of a point), or three adjacent
// doubles of a 512-byte record (cuSPH's `p[i].n.x`, `.y`, `.z`: 24 bytes of one 32-byte sector),
// cost what the unused quarter says? Against the fixes a user would make:
//   xyz4 / xyz3: a float4 array read through .x, .y, .z against a float3 array (12-byte stride);
//   xyz4 / planes3: against three float arrays;
//   normal512 / normalPlanes: three doubles of a 512-byte record against three double arrays;
//   xyzw4 / xyz4: every field of the float4 against three of them (the cost of the fourth).
// Results (results/padded_points_h200.txt, H200, 2026-11-27, medians of 5 runs): xyz4 against
// xyz3 1.16x, against planes3 1.16x (nvcc loads the float4 whole, ld.global.v4.f32: 268 MB of
// DRAM against 201 MB), xyzw4 against xyz4 0.99x; normal512 against normalPlanes 2.53x: L2
// reads DRAM in 64-byte segments, 134 MB for 24 bytes a record (50 MB). So a quarter unused
// costs less than the cheapest stride uncoalesced-global-access reports (1.22x), and bytes
// used are counted against 64-byte segments, not 32-byte sectors (memrules::fillsSegments).
// Self-checking.
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o pp kernels/studies/padded_points.cu && ./pp
#include "common/bench.cuh"

__global__ void xyz4(const float4 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i].x + 2.0f * p[i].y + 3.0f * p[i].z;
}

__global__ void xyzw4(const float4 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i].x + 2.0f * p[i].y + 3.0f * p[i].z + 0.0f * p[i].w;
}

__global__ void xyz3(const float3 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i].x + 2.0f * p[i].y + 3.0f * p[i].z;
}

__global__ void planes3(const float *x, const float *y, const float *z, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = x[i] + 2.0f * y[i] + 3.0f * z[i];
}

struct Record {
  double pad[20]; // 160 bytes
  double n[3];    // at 160: one 32-byte sector from 160 to 192 holds all three
  double rest[41]; // 512 bytes in all
};
static_assert(sizeof(Record) == 512, "a 512-byte record");

__global__ void normal512(const Record *p, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i].n[0] + 2.0 * p[i].n[1] + 3.0 * p[i].n[2];
}

__global__ void normalPlanes(const double *x, const double *y, const double *z, double *out,
                             int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = x[i] + 2.0 * y[i] + 3.0 * z[i];
}

template <typename T> static std::vector<T> fetch(const T *d, int n) {
  std::vector<T> h(n);
  CUDA_CHECK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  const int n = 1 << 24, blocks = (n + 255) / 256;
  std::vector<float4> h4(n);
  std::vector<float3> h3(n);
  std::vector<float> hx(n), hy(n), hz(n);
  for (int i = 0; i < n; ++i) {
    hx[i] = float(i % 97);
    hy[i] = float(i % 89);
    hz[i] = float(i % 83);
    h4[i] = make_float4(hx[i], hy[i], hz[i], 1.0f);
    h3[i] = make_float3(hx[i], hy[i], hz[i]);
  }
  float4 *d4;
  float3 *d3;
  float *dx, *dy, *dz, *dOut[4];
  CUDA_CHECK(cudaMalloc(&d4, n * sizeof(float4)));
  CUDA_CHECK(cudaMalloc(&d3, n * sizeof(float3)));
  for (float **d : {&dx, &dy, &dz, &dOut[0], &dOut[1], &dOut[2], &dOut[3]})
    CUDA_CHECK(cudaMalloc(d, n * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d4, h4.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d3, h3.data(), n * sizeof(float3), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dx, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dy, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dz, hz.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  bench::studyLine("xyz4", "anti", bench::timeLaunches(opts, stream, [&] {
         xyz4<<<blocks, 256, 0, stream>>>(d4, dOut[0], n);
       }));
  bench::studyLine("xyz3", "fixed", bench::timeLaunches(opts, stream, [&] {
         xyz3<<<blocks, 256, 0, stream>>>(d3, dOut[1], n);
       }));
  bench::studyLine("planes3", "fixed", bench::timeLaunches(opts, stream, [&] {
         planes3<<<blocks, 256, 0, stream>>>(dx, dy, dz, dOut[2], n);
       }));
  bench::studyLine("xyzw4", "anti", bench::timeLaunches(opts, stream, [&] {
         xyzw4<<<blocks, 256, 0, stream>>>(d4, dOut[3], n);
       }));
  int failures = 0;
  std::vector<float> o0 = fetch(dOut[0], n), o1 = fetch(dOut[1], n), o2 = fetch(dOut[2], n),
                     o3 = fetch(dOut[3], n);
  failures += o0 != o1 || o0 != o2 || o0 != o3;
  CUDA_CHECK(cudaFree(d4));
  CUDA_CHECK(cudaFree(d3));

  // Records of 512 bytes: n / 4 of them (2 GiB would be too many).
  const int m = 1 << 21, mBlocks = (m + 255) / 256;
  std::vector<Record> hr(m);
  std::vector<double> rx(m), ry(m), rz(m);
  for (int i = 0; i < m; ++i) {
    rx[i] = i % 97, ry[i] = i % 89, rz[i] = i % 83;
    hr[i].n[0] = rx[i], hr[i].n[1] = ry[i], hr[i].n[2] = rz[i];
  }
  Record *dr;
  double *drx, *dry, *drz, *dro[2];
  CUDA_CHECK(cudaMalloc(&dr, m * sizeof(Record)));
  for (double **d : {&drx, &dry, &drz, &dro[0], &dro[1]})
    CUDA_CHECK(cudaMalloc(d, m * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(dr, hr.data(), m * sizeof(Record), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(drx, rx.data(), m * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dry, ry.data(), m * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(drz, rz.data(), m * sizeof(double), cudaMemcpyHostToDevice));
  bench::studyLine("normal512", "anti", bench::timeLaunches(opts, stream, [&] {
         normal512<<<mBlocks, 256, 0, stream>>>(dr, dro[0], m);
       }));
  bench::studyLine("normalPlanes", "fixed", bench::timeLaunches(opts, stream, [&] {
         normalPlanes<<<mBlocks, 256, 0, stream>>>(drx, dry, drz, dro[1], m);
       }));
  failures += fetch(dro[0], m) != fetch(dro[1], m);
  if (failures)
    std::fprintf(stderr, "outputs differ\n");
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
