#include "tiny.cuh"
#include <tiny_sys.h>
__global__ void __launch_bounds__(256) saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
void runSaxpy(int n, const float *x, float *y) {
  saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
}
