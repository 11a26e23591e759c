// A file nvcc compiles with -Isrc: nvcc's macros with nvcc's values; the toolkit's cuda.h,
// math_functions.h and device_functions.h for the CUDA headers, the project's for "cuda.h".
#include <cuda_runtime.h>
#include "cuda.h"
#ifndef PROJECT_cuda_H
#error the project's own cuda.h was not found for #include "cuda.h"
#endif
#if __CUDACC__
#if __CUDACC_VER_MAJOR__ >= 12 && defined(__CUDACC_VER_MINOR__)
__global__ void scale(float *x) { x[threadIdx.x] *= 2.0f; }
void run(float *x, cudaStream_t s) { scale<<<1, 100, 0, s>>>(x); }
#endif
#endif
