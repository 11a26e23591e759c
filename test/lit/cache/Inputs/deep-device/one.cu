#include "common.cuh"

__global__ void one_kernel(float *x) {
#if __CUDA_ARCH__ >= 700
  if (threadIdx.x < 8)
    x[threadIdx.x] = expf(x[threadIdx.x]) * 3.0f;
  else
    x[threadIdx.x] = logf(x[threadIdx.x]) + 1.0f;
#endif
}

void run_one(float *x) {
  one_kernel<<<1, 64>>>(x);
  header_kernel<<<1, 64>>>(x);
}
