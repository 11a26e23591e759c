// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kernels with distinct resource footprints for the ptxas report parser tests: static shared
// memory, a constant bank, a non-inlined device function, a template, a namespace, a kernel that
// spills under __launch_bounds__(1024) and one with a named barrier.
#include <cstdio>

__constant__ float Coefficients[64];

__device__ __noinline__ float pick(float X, int N) {
  float Local[32];
  for (int I = 0; I < 32; ++I)
    Local[I] = X * I + N;
  return Local[N & 31];
}

__global__ void scale(float *Out) { Out[threadIdx.x] = 2.f * Coefficients[threadIdx.x & 63]; }

__global__ void tiled(float *Data) {
  __shared__ float Tile[1024];
  Tile[threadIdx.x] = Data[threadIdx.x];
  __syncthreads();
  Data[threadIdx.x] = Tile[1023 - threadIdx.x] + pick(Data[0], threadIdx.x);
}

template <typename T, int Factor> __global__ void stencil(T *Data) {
  extern __shared__ unsigned char Raw[];
  T *Buffer = reinterpret_cast<T *>(Raw);
  Buffer[threadIdx.x] = Data[threadIdx.x] * Factor;
  __syncthreads();
  Data[threadIdx.x] = Buffer[(threadIdx.x + 1) % blockDim.x];
}
template __global__ void stencil<float, 3>(float *);
template __global__ void stencil<double, 5>(double *);

namespace physics {
struct Particle {
  float X, Y, Z;
};
__global__ void report(Particle P, int *Out) {
  Out[0] = int(P.X + P.Y + P.Z);
  printf("%f\n", P.X);
}
} // namespace physics

__global__ void __launch_bounds__(1024) pressure(float *P) {
  float R[64];
#pragma unroll
  for (int I = 0; I < 64; ++I)
    R[I] = P[I * blockDim.x + threadIdx.x];
#pragma unroll
  for (int J = 0; J < 8; ++J)
#pragma unroll
    for (int I = 0; I < 64; ++I)
      R[I] = R[I] * R[(I + J) % 64] + 1.f;
  float S = 0;
#pragma unroll
  for (int I = 0; I < 64; ++I)
    S += R[I];
  P[threadIdx.x] = S;
}

__global__ void namedBarriers(float *Data) {
  __shared__ float Half[256];
  Half[threadIdx.x % 256] = Data[threadIdx.x];
  asm volatile("bar.sync 3, 128;" ::: "memory");
  Data[threadIdx.x] = Half[(threadIdx.x + 1) % 256];
}
