// Kernels whose proposed __launch_bounds__ ptxas (CUDA 13.0, sm_90) treats three ways
// (launch-bounds-check.test, launch-bounds-check-recorded.test).
#include "bounds_tile.cuh" // T: found in this file's directory, also from the checked copy

// A tiled stencil: 36 registers without a bound, 31 under __launch_bounds__(256), which lets 8
// blocks of 256 threads share an SM instead of 6 (theoretical occupancy 75% -> 100%).
__global__ void stencil(int steps, const float *src, float *dst, const float *pw, int cols,
                        int rows, float k0, float k1, float c0, float c1, float c2, float c3,
                        float c4, float c5) {
  __shared__ float s[T][T], p[T][T], t[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  float r0 = 1.0f / c0;
  float r1 = 1.0f / c1;
  float r2 = 1.0f / c2;
  float r3 = 1.0f / c3;
  float r4 = 1.0f / c4;
  float r5 = 1.0f / c5;
  int x0 = blockIdx.x * (T - 2 * steps) - steps, y0 = blockIdx.y * (T - 2 * steps) - steps;
  int x = x0 + tx, y = y0 + ty;
  bool in = x >= 0 && x < cols && y >= 0 && y < rows;
  if (in) {
    s[ty][tx] = src[y * cols + x];
    p[ty][tx] = pw[y * cols + x];
  }
  __syncthreads();
  int lo = x0 < 0 ? -x0 : 0, hi = x0 + T - 1 >= cols ? T - 1 - (x0 + T - cols) : T - 1;
  int loy = y0 < 0 ? -y0 : 0, hiy = y0 + T - 1 >= rows ? T - 1 - (y0 + T - rows) : T - 1;
  int n = max(ty - 1, loy), so = min(ty + 1, hiy), w = max(tx - 1, lo), e = min(tx + 1, hi);
  bool done = false;
  for (int i = 0; i < steps; ++i) {
    done = false;
    if (tx >= i + 1 && tx <= T - i - 2 && ty >= i + 1 && ty <= T - i - 2 && tx >= lo &&
        tx <= hi && ty >= loy && ty <= hiy) {
      done = true;
      t[ty][tx] = s[ty][tx] + k0 * (p[ty][tx] + (s[so][tx] + s[n][tx] - 2.0f * s[ty][tx]) * k1 +
                                    (s[ty][e] + s[ty][w] - 2.0f * s[ty][tx]) * k1 +
                                    r0 * s[ty][tx + 0 > T - 1 ? T - 1 : tx + 0] +
                                    r1 * s[ty][tx + 1 > T - 1 ? T - 1 : tx + 1] +
                                    r2 * s[ty][tx + 2 > T - 1 ? T - 1 : tx + 2] +
                                    r3 * s[ty][tx + 0 > T - 1 ? T - 1 : tx + 0] +
                                    r4 * s[ty][tx + 1 > T - 1 ? T - 1 : tx + 1] +
                                    r5 * s[ty][tx + 2 > T - 1 ? T - 1 : tx + 2]);
    }
    __syncthreads();
    if (i == steps - 1)
      break;
    if (done)
      s[ty][tx] = t[ty][tx];
    __syncthreads();
  }
  if (done)
    dst[y * cols + x] = t[ty][tx] + p[so][w] * k1 + p[n][e] * k0;
}

// 40 values live at once: 56 registers without a bound, 64 under __launch_bounds__(256); 4
// blocks of 256 threads per SM either way (theoretical occupancy 50%).
__global__ void mix40(float *out, const float *in, int n) {
  float v[40];
#pragma unroll
  for (int i = 0; i < 40; ++i)
    v[i] = in[(blockIdx.x * 256 + threadIdx.x + i * 131) % n];
  float acc = 0;
#pragma unroll
  for (int r = 0; r < 3; ++r)
#pragma unroll
    for (int i = 0; i < 40; ++i)
      acc = fmaf(acc, v[i], v[(i * 5 + r) % 40]);
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// 64 values live at once: 79 registers without a bound (a block of 1024 threads does not fit),
// 64 and spills under __launch_bounds__(1024).
__global__ void mix64(float *out, const float *in, int n) {
  float v[64];
#pragma unroll
  for (int i = 0; i < 64; ++i)
    v[i] = in[(blockIdx.x * 256 + threadIdx.x + i * 131) % n];
  float acc = 0;
#pragma unroll
  for (int r = 0; r < 3; ++r)
#pragma unroll
    for (int i = 0; i < 64; ++i)
      acc = fmaf(acc, v[i], v[(i * 5 + r) % 64]);
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

void run(float *out, const float *in, const float *pw, int n, cudaStream_t s) {
  stencil<<<dim3(n / 12, n / 12), dim3(T, T), 0, s>>>(2, in, out, pw, n, n, 0.1f, 0.2f,
                                                            1.f, 2.f, 3.f, 4.f, 5.f, 6.f);
  mix40<<<n / 256, 256, 0, s>>>(out, in, n);
  mix64<<<n / 1024, 1024, 0, s>>>(out, in, n);
}
