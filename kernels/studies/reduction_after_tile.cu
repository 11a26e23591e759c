// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What MAGMA's gemv reduction layout costs (issue 35, seventh blind set): gemvn_template_device
// keeps each thread's partial sum at `sdata[ty + tx * DIM_Y]` (16-byte complex values, DIM_Y = 16:
// lanes tx 256 bytes apart, an 8-way conflict per quarter-warp) and the first row of threads adds
// its column in a 15-trip loop, `sdata[tx * DIM_Y] += sdata[i + tx * DIM_Y]`, after the loop over
// the matrix's columns that reads global memory. gemvN<false> is that layout, gemvN<true> the
// same sums with each row padded by one element (`ty + tx * (DIM_Y + 1)`: no conflict). The
// labels called the reduction a report (a loop whose body touches no global memory);
// shared-memory-bank-conflict makes it a note (its trips run as part of the tile's work, which
// global memory bounds). Cases: n = 512 columns (the matrix dominates) and n = 32 (two trips of
// the column loop per thread: the reduction's share is as large as a gemv makes it).
// Result (results/reduction_after_tile_h100.txt, H100, 2026-11-27): n = 512 1.01x, n = 32 1.51x.
// The cost follows the matrix's width, a run-time value: the rule's note holds for wide matrices
// and not for narrow ones.
// Each line of output is one case's JSON (kernels/common/bench.cuh). Self-checking.
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o rat kernels/studies/reduction_after_tile.cu && ./rat
#include "common/bench.cuh"

#include <cmath>

constexpr int kDX = 32, kDY = 16;

// As MAGMA writes it: the tile loop (`iters`, 1 trip for a tile of DIM_X rows, a run-time value)
// around the column loop and the reduction.
template <bool Padded>
__global__ void __launch_bounds__(kDX *kDY)
    gemvN(int n, int iters, const double2 *A, int lda, const double2 *x, double2 *y) {
  constexpr int LD = kDY + (Padded ? 1 : 0);
  __shared__ double2 sdata[kDX * LD];
  const int tx = threadIdx.x, ty = threadIdx.y;
  for (int it = 0; it < iters; it++) {
    const int ind = (blockIdx.x * iters + it) * kDX + tx;
    double2 res = make_double2(0.0, 0.0);
    for (int col = ty; col < n; col += kDY) {
      double2 a = A[static_cast<size_t>(col) * lda + ind], b = x[col];
      res.x += a.x * b.x - a.y * b.y;
      res.y += a.x * b.y + a.y * b.x;
    }
    sdata[ty + tx * LD] = res;
    __syncthreads();
    if (ty == 0) {
      for (int i = 1; i < kDY; i++) {
        sdata[tx * LD].x += sdata[i + tx * LD].x;
        sdata[tx * LD].y += sdata[i + tx * LD].y;
      }
      y[ind] = sdata[tx * LD];
    }
    __syncthreads();
  }
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  int failures = 0;
  const int blocks = 132 * 16, m = blocks * kDX;
  for (int n : {512, 32}) {
    size_t nA = static_cast<size_t>(m) * n;
    std::vector<double2> hA(nA), hx(n);
    for (size_t i = 0; i < nA; ++i)
      hA[i] = make_double2((i % 7) * 0.125, (i % 5) * 0.25);
    for (int i = 0; i < n; ++i)
      hx[i] = make_double2((i % 3) * 0.5, 1.0);
    double2 *dA, *dx, *dy;
    CUDA_CHECK(cudaMalloc(&dA, nA * sizeof(double2)));
    CUDA_CHECK(cudaMalloc(&dx, n * sizeof(double2)));
    CUDA_CHECK(cudaMalloc(&dy, m * sizeof(double2)));
    CUDA_CHECK(cudaMemcpy(dA, hA.data(), nA * sizeof(double2), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dx, hx.data(), n * sizeof(double2), cudaMemcpyHostToDevice));
    std::vector<double2> r[2];
    for (int padded = 0; padded < 2; ++padded) {
      auto launch = [&] {
        if (padded)
          gemvN<true><<<blocks, dim3(kDX, kDY), 0, stream>>>(n, 1, dA, m, dx, dy);
        else
          gemvN<false><<<blocks, dim3(kDX, kDY), 0, stream>>>(n, 1, dA, m, dx, dy);
      };
      bench::Timing t = bench::timeLaunches(opts, stream, launch);
      std::printf("{\"case\": \"%s\", \"n\": %d, \"role\": \"%s\", \"median_ms\": %.4f, "
                  "\"min_ms\": %.4f, \"max_ms\": %.4f}\n",
                  padded ? "gemvPadded" : "gemv8way", n, padded ? "fixed" : "anti", t.medianMs,
                  t.minMs, t.maxMs);
      r[padded].resize(m);
      CUDA_CHECK(cudaMemcpy(r[padded].data(), dy, m * sizeof(double2), cudaMemcpyDeviceToHost));
    }
    for (int i = 0; i < m; ++i)
      if (r[0][i].x != r[1][i].x || r[0][i].y != r[1][i].y) {
        std::fprintf(stderr, "gemv n=%d: mismatch at %d\n", n, i);
        ++failures;
        break;
      }
    CUDA_CHECK(cudaFree(dA));
    CUDA_CHECK(cudaFree(dx));
    CUDA_CHECK(cudaFree(dy));
  }
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
