// register-spill: kernels whose registers a __launch_bounds__ caps, a per-thread array indexed
// at run time, and their fixed twins (which must stay silent).
#define LIVE 64

// 64 values live at once under a cap of 65536 / (2 x 1024) = 32 registers: ptxas spills.
__global__ void __launch_bounds__(1024, 2) squeezed(float *out, const float *in, int n) {
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
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// The fixed twin: the same work with room for its registers.
__global__ void __launch_bounds__(256) roomy(float *out, const float *in, int n) {
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
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// A histogram indexed by data: the array cannot be registers, it lives in the stack frame.
__global__ void __launch_bounds__(256) histogram(int *out, const int *in, int n) {
  int hist[16];
#pragma unroll
  for (int i = 0; i < 16; ++i)
    hist[i] = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    hist[in[i] & 15]++;
#pragma unroll
  for (int i = 0; i < 16; ++i)
    out[threadIdx.x * 16 + i] = hist[i];
}

// Its twin: every index is a constant after unrolling, so the array is registers.
__global__ void __launch_bounds__(256) unrolled(int *out, const int *in, int n) {
  int sums[4];
#pragma unroll
  for (int i = 0; i < 4; ++i)
    sums[i] = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
#pragma unroll
    for (int k = 0; k < 4; ++k)
      sums[k] += in[i] >> k;
  }
#pragma unroll
  for (int k = 0; k < 4; ++k)
    out[threadIdx.x * 4 + k] = sums[k];
}
