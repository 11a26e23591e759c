#include "one.cuh"
__global__ void one_kernel(float *x) { x[threadIdx.x] = 1; }
void one(float *x) { one_kernel<<<1, 48>>>(x); }
