#include "no_such_header.cuh"
__global__ void broken(float *x) { x[threadIdx.x] = undeclared; }
