// Kernels defined here and launched only from main.cu (through kernels.cuh): analysed under
// the blocks of those launches, not under the shape assumed when no launch is known.
#include "kernels.cuh"

// 16x16 blocks: a warp holds rows 2k and 2k + 1, whose 16 floats lie 128 bytes apart in the
// tile, on the same 16 banks: a 2-way conflict, which blocks 32 wide would not have.
__global__ void rowTiles(const float *in, float *out) {
  __shared__ float tile[16][32];
  int x = blockIdx.x * 16 + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < 256; ++k) {
    tile[threadIdx.y][threadIdx.x] = in[k * 4096 + threadIdx.y * 64 + x];
    __syncthreads();
    for (int j = 0; j < 16; ++j)
      acc += tile[threadIdx.y][(threadIdx.x + j) % 16];
    __syncthreads();
  }
  out[threadIdx.y * 64 + x] = acc;
}

// With 16x16 blocks threadIdx.y differs within a warp.
__global__ void firstRow(float *out) {
  if (threadIdx.y == 0)
    out[threadIdx.x] = 1.0f;
}

// Launched with blocks of 32x8 and 128 threads: walked under both.
__global__ void wide(const float *in, float *out) {
  int i = threadIdx.y * blockDim.x + threadIdx.x;
  out[i] = in[32 * i];
}

// Launched nowhere: the assumed shape, as before.
__global__ void nowhere(const float *in, float *out) {
  out[threadIdx.x] = in[32 * threadIdx.x];
}
