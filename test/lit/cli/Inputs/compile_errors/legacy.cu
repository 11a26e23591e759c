// Old code that CUDA 13 and Clang reject in places: every finding from the code that parsed
// soundly is still reported, and nothing is concluded from the code that did not.
#include <cuda_runtime.h>
#include "not_there.h"

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

// Its body does not compile: no divergence finding comes from it.
__global__ void broken(float *x) {
  unknown_t y = x[threadIdx.x];
  if (threadIdx.x % 2)
    x[threadIdx.x] = y;
}

// Its body compiles: the odd-lane branch is reported.
__global__ void odd(float *x) {
  if (threadIdx.x % 2)
    x[threadIdx.x] = 1.0f;
}

void run(float *x, int n) {
  cudaThreadSynchronize();
  mystery_type handle;
  scale<<<n / 80, 80>>>(x, n);
  odd<<<1, 64, 0, 0>>>(x);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int clk = prop.clockRate;
  int b = undeclared_fn(n);
  scale<<<1, b>>>(x, n);
  int fixed = 96;
  broken<<<1, fixed>>>(x);
  int guessed = 64;
  guessed = undeclared_fn(guessed);
  scale<<<1, guessed>>>(x, n);
}
