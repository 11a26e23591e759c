#include "kernels.cuh"
__global__ void __launch_bounds__(128) bounded(float *x) { x[threadIdx.x] = 0; }
__global__ void unbounded(float *x) { x[threadIdx.x] = 1; }
__global__ void unknownBlock(float *x) { x[threadIdx.x] = 2; }
__global__ void neverLaunched(float *x) { x[threadIdx.x] = 3; }
