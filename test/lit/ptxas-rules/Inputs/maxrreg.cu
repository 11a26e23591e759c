// register-spill under -maxrregcount=32 (the compile database gives it): a kernel and a
// __noinline__ device function it calls.
#define LIVE 64

__device__ __noinline__ float mix(const float *in, int n) {
  float v[LIVE];
#pragma unroll
  for (int i = 0; i < LIVE; ++i)
    v[i] = in[threadIdx.x + i * n];
  float s = 0;
#pragma unroll
  for (int r = 1; r < 8; ++r)
#pragma unroll
    for (int i = 0; i < LIVE; ++i)
      s += v[i] * v[(i + r) % LIVE];
  return s;
}

__global__ void capped(float *out, const float *in, int n) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = mix(in, n);
}
