// Is a guarded Kogge-Stone step a branch? The measurement quoted in
// docs/rules/warp-divergent-branch.md (Kogge-Stone steps), 2026-11-22, H100, CUDA 13.0:
//   nvcc -O3 -arch=sm_90 -o ks ks-predication.cu && cuobjdump -sass ks && ./ks
// The 'if' forms compile to predicated LDS/FADD(/STS), no branch around the step; each
// line printed is the median of 20 launches (after 3 warm-up launches) of each kernel.
#include <cstdio>
#include <algorithm>
#include <vector>
__global__ void ksIf(float *x, int reps) {
  extern __shared__ float sh[];
  volatile float *scr = sh + threadIdx.x;
  const int lane = threadIdx.x & 31;
  float t = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int r = 0; r < reps; ++r) {
    scr[0] = t;
    __syncwarp();
#pragma unroll
    for (int offset = 1; offset < 32; offset <<= 1) {
      if (lane >= offset) t += scr[-offset];
      __syncwarp();
      scr[0] = t;
      __syncwarp();
    }
    t *= 0.5f;
  }
  x[blockIdx.x * blockDim.x + threadIdx.x] = t;
}
__global__ void ksSelect(float *x, int reps) {
  extern __shared__ float sh[];
  volatile float *scr = sh + threadIdx.x;
  const int lane = threadIdx.x & 31;
  float t = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int r = 0; r < reps; ++r) {
    scr[0] = t;
    __syncwarp();
#pragma unroll
    for (int offset = 1; offset < 32; offset <<= 1) {
      float n = scr[lane >= offset ? -offset : 0];
      t += lane >= offset ? n : 0.f;
      __syncwarp();
      scr[0] = t;
      __syncwarp();
    }
    t *= 0.5f;
  }
  x[blockIdx.x * blockDim.x + threadIdx.x] = t;
}
__global__ void ksBlock(float *X, int reps) {
  __shared__ float XY[256];
  int tx = threadIdx.x;
  float v = X[blockIdx.x * 256 + tx];
  for (int r = 0; r < reps; ++r) {
    XY[tx] = v;
    for (unsigned stride = 1; stride < blockDim.x; stride <<= 1) {
      __syncthreads();
      float t = 0.f;
      if (tx >= stride) t = XY[tx] + XY[tx - stride];
      __syncthreads();
      if (tx >= stride) XY[tx] = t;
    }
    __syncthreads();
    v = XY[tx] * 0.5f;
  }
  X[blockIdx.x * 256 + tx] = v;
}
__global__ void ksBlockSelect(float *X, int reps) {
  __shared__ float XY[256];
  int tx = threadIdx.x;
  float v = X[blockIdx.x * 256 + tx];
  for (int r = 0; r < reps; ++r) {
    XY[tx] = v;
    for (unsigned stride = 1; stride < blockDim.x; stride <<= 1) {
      __syncthreads();
      float t = XY[tx] + (tx >= stride ? XY[tx >= stride ? tx - stride : tx] : 0.f);
      __syncthreads();
      XY[tx] = t;
    }
    __syncthreads();
    v = XY[tx] * 0.5f;
  }
  X[blockIdx.x * 256 + tx] = v;
}
template <typename K> float timeIt(K k, float *d, int blocks, int reps) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  std::vector<float> ms;
  for (int i = 0; i < 23; ++i) {
    cudaEventRecord(a);
    k<<<blocks, 256, 256 * sizeof(float)>>>(d, reps);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float t;
    cudaEventElapsedTime(&t, a, b);
    if (i >= 3) ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}
int main() {
  int blocks = 4096, reps = 64;
  float *d;
  cudaMalloc(&d, blocks * 256 * sizeof(float));
  cudaMemset(d, 0, blocks * 256 * sizeof(float));
  for (int run = 0; run < 5; ++run)
    printf("run %d: warp if %.4f ms, warp select %.4f ms, block if %.4f ms, block select %.4f ms\n", run,
           timeIt(ksIf, d, blocks, reps), timeIt(ksSelect, d, blocks, reps),
           timeIt(ksBlock, d, blocks, reps), timeIt(ksBlockSelect, d, blocks, reps));
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
}
