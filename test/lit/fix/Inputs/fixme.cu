#include "../other/outside.cuh"
template <int B> __global__ void tmpl(float *x) { x[threadIdx.x] = B; }
__global__ void
    formatted(float *x,
              int n) {
  if (threadIdx.x < n)
    x[threadIdx.x] = 0;
}
__global__ void unknown(float *x) { x[threadIdx.x] = 1; }
__global__ void __launch_bounds__(64) already(float *x) { x[threadIdx.x] = 2; }

void run(float *p, cudaStream_t s, int n) {
  tmpl<1><<<1, 128, 0, s>>>(p);
  tmpl<2><<<1, 256, 0, s>>>(p);
  formatted<<<1, dim3(32, 3), 0, s>>>(p, n);
  unknown<<<1, n, 0, s>>>(p);
  already<<<1, 64, 0, s>>>(p);
  outsideKernel<<<1, 32, 0, s>>>(p);
}
