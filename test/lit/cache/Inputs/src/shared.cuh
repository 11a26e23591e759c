#pragma once
// Included by a.cu only.
__global__ void scale(float *x, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  x[i] *= s;
}
