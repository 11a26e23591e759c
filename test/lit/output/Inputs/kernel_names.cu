// Kernel names in the JSON report as the GPU reports them (test/lit/output/kernel-names.test).
#include <cuda_runtime.h>

static __global__ void internal(float *p) { p[threadIdx.x] = 0.f; }

template <int N> __global__ void tmpl(float *p) {
  if (threadIdx.x % 2 == 0)
    p[threadIdx.x] += N;
}

void run(float *p, cudaStream_t s) {
  internal<<<1, 64, 0, s>>>(p);
  tmpl<64><<<1, 64, 0, s>>>(p);
  tmpl<128><<<1, 128, 0, s>>>(p);
}
