#include "common.cuh"

__global__ void two_kernel(float *x) {
#if __CUDA_ARCH__ >= 700
  if (threadIdx.x & 4)
    x[threadIdx.x] = expf(x[threadIdx.x]) * 3.0f;
  else
    x[threadIdx.x] = logf(x[threadIdx.x]) + 1.0f;
#endif
}

void run_two(float *x) { two_kernel<<<1, 64>>>(x); }
