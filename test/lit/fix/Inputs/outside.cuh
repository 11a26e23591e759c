#pragma once
// Not under the analysed path: --fix must leave it alone.
__global__ void outsideKernel(float *x) { x[threadIdx.x] = 3; }
