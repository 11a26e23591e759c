// Includes the common header directly.
#include "common.cuh"
__global__ void two_kernel(float *x) { x[threadIdx.x] = 2; }
void two(float *x) { two_kernel<<<1, 64>>>(x); launch_shared(x); }
