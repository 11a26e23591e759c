// Kernels defined in a header that main.cu includes from its own directory: ptxas checks their
// bounds through a copy of main.cu beside a copy of this file (launch-bounds-check.test).
#pragma once
__global__ void scaleRows(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}
