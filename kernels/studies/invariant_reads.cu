// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a partial-record read costs when its address is the same on every trip of the loop around
// it (the thread's own record, read inside a loop over other data): an all-pairs n-body loop that
// reads x, y, z of the thread's 32-byte body on every trip (nothing stored in the loop: nvcc can
// keep them in registers), and a loop that stores a row of outputs each trip while reading two
// fields of the thread's record (the store may alias the record, so each trip loads them again),
// each against the same kernel reading those fields from arrays of their own.
// Result (results/invariant_reads_h100.txt, H100, 2026-11-28, medians of 5 runs): the n-body loop
// 1.00x with 8,192 bodies and 1.01x with 32,768 (nvcc loads the three fields once, before the
// loop; ncu counts the sectors of one request per thread), the loop that stores 1.47x with one
// trip, 1.87x, 1.35x and 1.54x with 4, 16 and 64 (the loads are in every trip's SASS, and ncu
// counts 5.3x the ideal L2 sectors). Self-checking.
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o ir kernels/studies/invariant_reads.cu && ./ir
#include "common/bench.cuh"

#include <string>
#include <vector>

struct Body {
  float x, y, z, m, vx, vy, vz, pad;
};

// Each thread sums the pull of every body on its own; p[j] is one address for the whole warp.
template <bool SoA>
__global__ void nbody(int n, const Body *p, const float *px, const float *py, const float *pz,
                      float *acc) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float a = 0.f;
  for (int j = 0; j < n; ++j) {
    float dx = p[j].x - (SoA ? px[i] : p[i].x);
    float dy = p[j].y - (SoA ? py[i] : p[i].y);
    float dz = p[j].z - (SoA ? pz[i] : p[i].z);
    a += p[j].m * rsqrtf(dx * dx + dy * dy + dz * dz + 1e-3f);
  }
  acc[i] = a;
}

// Each thread writes `trips` outputs, one per trip, from two fields of its own record.
template <bool SoA>
__global__ void rows(int n, int trips, const Body *r, const float *ra, const float *rb,
                     const float *w, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  for (int j = 0; j < trips; ++j)
    out[static_cast<size_t>(j) * n + i] = (SoA ? ra[i] : r[i].x) * w[j] + (SoA ? rb[i] : r[i].m);
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  int failures = 0;
  auto upload = [](const auto &h) {
    using T = typename std::decay_t<decltype(h)>::value_type;
    T *d;
    CUDA_CHECK(cudaMalloc(&d, h.size() * sizeof(T)));
    CUDA_CHECK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
  };
  auto download = [](const float *d, size_t n) {
    std::vector<float> h(n);
    CUDA_CHECK(cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
    return h;
  };
  for (int n : {8192, 32768}) {
    std::vector<Body> hb(n);
    std::vector<float> hx(n), hy(n), hz(n);
    for (int b = 0; b < n; ++b) {
      hb[b] = {float(b % 97), float(b % 89), float(b % 83), 1.f + b % 7, 0, 0, 0, 0};
      hx[b] = hb[b].x, hy[b] = hb[b].y, hz[b] = hb[b].z;
    }
    Body *dB = upload(hb);
    float *dX = upload(hx), *dY = upload(hy), *dZ = upload(hz), *dA[2];
    for (auto *&A : dA)
      CUDA_CHECK(cudaMalloc(&A, n * sizeof(float)));
    int blocks = (n + 255) / 256;
    std::string a = "nbodyAos_" + std::to_string(n), s = "nbodySoa_" + std::to_string(n);
    bench::studyLine(a.c_str(), "anti", bench::timeLaunches(opts, stream, [&] {
                       nbody<false><<<blocks, 256, 0, stream>>>(n, dB, dX, dY, dZ, dA[0]);
                     }));
    bench::studyLine(s.c_str(), "fixed", bench::timeLaunches(opts, stream, [&] {
                       nbody<true><<<blocks, 256, 0, stream>>>(n, dB, dX, dY, dZ, dA[1]);
                     }));
    failures += bench::countMismatches("nbody", download(dA[0], n), download(dA[1], n)) != 0;
    CUDA_CHECK(cudaFree(dB));
    for (float *P : {dX, dY, dZ, dA[0], dA[1]})
      CUDA_CHECK(cudaFree(P));
  }
  const int n = 1 << 20;
  std::vector<Body> hb(n);
  std::vector<float> ha(n), hm(n), hw(64);
  for (int b = 0; b < n; ++b) {
    hb[b] = {float(b % 97), 0, 0, float(b % 13), 0, 0, 0, 0};
    ha[b] = hb[b].x, hm[b] = hb[b].m;
  }
  for (int j = 0; j < 64; ++j)
    hw[j] = 0.5f + j;
  Body *dB = upload(hb);
  float *dA = upload(ha), *dM = upload(hm), *dW = upload(hw), *dO[2];
  for (auto *&O : dO)
    CUDA_CHECK(cudaMalloc(&O, static_cast<size_t>(n) * 64 * sizeof(float)));
  for (int trips : {1, 4, 16, 64}) {
    std::string a = "rowsAos_" + std::to_string(trips), s = "rowsSoa_" + std::to_string(trips);
    bench::studyLine(a.c_str(), "anti", bench::timeLaunches(opts, stream, [&] {
                       rows<false><<<n / 256, 256, 0, stream>>>(n, trips, dB, dA, dM, dW, dO[0]);
                     }));
    bench::studyLine(s.c_str(), "fixed", bench::timeLaunches(opts, stream, [&] {
                       rows<true><<<n / 256, 256, 0, stream>>>(n, trips, dB, dA, dM, dW, dO[1]);
                     }));
    size_t N = static_cast<size_t>(n) * trips;
    failures += bench::countMismatches("rows", download(dO[0], N), download(dO[1], N)) != 0;
  }
  CUDA_CHECK(cudaFree(dB));
  for (float *P : {dA, dM, dW, dO[0], dO[1]})
    CUDA_CHECK(cudaFree(P));
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
