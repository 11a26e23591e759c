#include <cuda_runtime.h>
__global__ void k(float *x) {
  legacy_handle_t h;
  if (threadIdx.x % 2) x[threadIdx.x] = 0;
}
