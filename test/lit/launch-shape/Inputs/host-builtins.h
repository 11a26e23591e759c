// A project header in the style of ccminer's cuda_helper.h: nvcc's own declarations of the
// built-in variables, repeated for host code.
#include <cuda_runtime.h>
#ifndef __CUDA_ARCH__
// define blockDim and threadIdx for host
extern const dim3 blockDim;
extern const uint3 threadIdx;
  extern const uint3 threadIdx, blockIdx;
extern const dim3
    gridDim;
#endif
