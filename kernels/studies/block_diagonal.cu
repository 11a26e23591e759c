// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the diagonal of per-thread blocks costs (issue 35; the sixteenth blind set's
// cuda-bundle-adjustment, addLambdaKernel<DIM> and restoreDiagonalKernel<DIM>): thread i reads
// and writes element k * DIM + k of block j = i / DIM (k = i % DIM) of DIM x DIM doubles: a
// warp's 32 lanes fall in 11 blocks of 72 bytes (DIM 3) or 6 of 288 (DIM 6), 24 or 32 sectors
// per request for 8. Fixed twin: the diagonal kept in an array of its own (diag[i]).
// uncoalesced-global-access follows i / DIM and i % DIM although 3 and 6 do not divide the
// block's offset (blocks of 512 threads): each thread's value in one block for each remainder.
// Cases: 2^17 and 2^20 blocks, DIM 3 and 6, the two kernels launched back to back (add, then
// restore) against the same on the dense diagonal. Self-checking.
// Result (results/block_diagonal_h100.txt, H100, 2026-11-28, medians of 5 runs): 1.34x and
// 3.18x with 2^17 blocks, 2.53x and 4.00x with 2^20 (DIM 3 and 6); ncu: 24 and 32 sectors per
// request of the diagonal, 8 for the dense one.
// Build and run: nvcc -std=c++17 -O3 -arch=native -I kernels -o bd kernels/studies/block_diagonal.cu && ./bd
#include "common/bench.cuh"

#include <vector>

template <int DIM>
__global__ void addLambda(int size, double *D, double lambda, double *backup) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size)
    return;
  const int j = i / DIM;
  const int k = i % DIM;
  double *ptrBlock = D + j * DIM * DIM;
  backup[i] = ptrBlock[k * DIM + k];
  ptrBlock[k * DIM + k] += lambda;
}

template <int DIM>
__global__ void restoreDiagonal(int size, double *D, const double *backup) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size)
    return;
  const int j = i / DIM;
  const int k = i % DIM;
  double *ptrBlock = D + j * DIM * DIM;
  ptrBlock[k * DIM + k] = backup[i];
}

__global__ void addLambdaDense(int size, double *diag, double lambda, double *backup) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size)
    return;
  backup[i] = diag[i];
  diag[i] += lambda;
}

__global__ void restoreDense(int size, double *diag, const double *backup) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= size)
    return;
  diag[i] = backup[i];
}

template <int DIM>
static int diagonalCase(const bench::Options &opts, cudaStream_t stream, int blocks) {
  const int size = blocks * DIM;
  const size_t elems = static_cast<size_t>(blocks) * DIM * DIM;
  std::vector<double> hD(elems), hDiag(size);
  for (size_t e = 0; e < elems; ++e)
    hD[e] = static_cast<double>(e % 97);
  for (int i = 0; i < size; ++i)
    hDiag[i] = hD[static_cast<size_t>(i / DIM) * DIM * DIM + (i % DIM) * DIM + i % DIM];
  double *dD, *dDiag, *dBackup[2];
  CUDA_CHECK(cudaMalloc(&dD, elems * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dDiag, size * sizeof(double)));
  for (double *&B : dBackup)
    CUDA_CHECK(cudaMalloc(&B, size * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(dD, hD.data(), elems * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dDiag, hDiag.data(), size * sizeof(double), cudaMemcpyHostToDevice));
  const int threads = 512, grid = (size + threads - 1) / threads;
  std::string anti = "blockDiag" + std::to_string(DIM) + "_" + std::to_string(blocks);
  std::string fixed = "denseDiag" + std::to_string(DIM) + "_" + std::to_string(blocks);
  bench::studyLine(anti.c_str(), "anti", bench::timeLaunches(opts, stream, [&] {
                     addLambda<DIM><<<grid, threads, 0, stream>>>(size, dD, 1.0, dBackup[0]);
                     restoreDiagonal<DIM><<<grid, threads, 0, stream>>>(size, dD, dBackup[0]);
                   }));
  bench::studyLine(fixed.c_str(), "fixed", bench::timeLaunches(opts, stream, [&] {
                     addLambdaDense<<<grid, threads, 0, stream>>>(size, dDiag, 1.0, dBackup[1]);
                     restoreDense<<<grid, threads, 0, stream>>>(size, dDiag, dBackup[1]);
                   }));
  // Both leave their diagonal as it was and back it up alike.
  std::vector<double> gotD(elems), gotDiag(size), b0(size), b1(size);
  CUDA_CHECK(cudaMemcpy(gotD.data(), dD, elems * sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(gotDiag.data(), dDiag, size * sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(b0.data(), dBackup[0], size * sizeof(double), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(b1.data(), dBackup[1], size * sizeof(double), cudaMemcpyDeviceToHost));
  int failures = 0;
  failures += bench::countMismatches(anti.c_str(), gotD, hD) != 0;
  failures += bench::countMismatches(fixed.c_str(), gotDiag, hDiag) != 0;
  failures += bench::countMismatches("backups", b0, b1) != 0;
  CUDA_CHECK(cudaFree(dD));
  CUDA_CHECK(cudaFree(dDiag));
  for (double *B : dBackup)
    CUDA_CHECK(cudaFree(B));
  return failures;
}

int main(int argc, char **argv) {
  bench::Options opts = bench::parseOptions(argc, argv);
  cudaStream_t stream;
  CUDA_CHECK(cudaStreamCreate(&stream));
  int failures = 0;
  for (int blocks : {1 << 17, 1 << 20}) {
    failures += diagonalCase<3>(opts, stream, blocks);
    failures += diagonalCase<6>(opts, stream, blocks);
  }
  CUDA_CHECK(cudaStreamDestroy(stream));
  return failures ? 1 : 0;
}
