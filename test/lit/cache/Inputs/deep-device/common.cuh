// Both TUs of this directory enter this header first: cuda-lint precompiles it with the CUDA
// prologue, for the host parse and again for the device-side parse that code under
// #if __CUDA_ARCH__ needs (analyzer/tu/Preamble.h). This header's kernel has such code itself.
#pragma once
#include <cuda_runtime.h>

__global__ void header_kernel(float *x) {
#if __CUDA_ARCH__ >= 700
  if (threadIdx.x % 2 == 0)
    x[threadIdx.x] *= 2.0f;
  else
    x[threadIdx.x] = sqrtf(x[threadIdx.x]);
#endif
}
