#include "kernels.cuh"
#include "inc/nested.cuh"

void run(float *x, int n, cudaStream_t s) {
  scaleRows<<<n / 256, 256, 0, s>>>(x, 2.f, n);
  shiftRows<<<n / 128, 128, 0, s>>>(x, 1.f, n);
}
