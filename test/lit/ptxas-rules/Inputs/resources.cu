// Kernels whose resources ptxas decides: a register-heavy kernel with and without
// __launch_bounds__(1024), and one with a large static shared-memory tile.
#define LIVE 80
__device__ inline unsigned mix(unsigned seed, int rounds) {
  unsigned v[LIVE];
#pragma unroll
  for (int j = 0; j < LIVE; ++j)
    v[j] = seed * (2u * j + 1u) + j;
  for (int r = 0; r < rounds; ++r) {
#pragma unroll
    for (int j = 0; j < LIVE; ++j)
      v[j] = ((v[j] ^ (v[(j + 1) % LIVE] >> 3)) * 0x9E3779B1u) + v[(j + 7) % LIVE];
  }
  unsigned s = 0;
#pragma unroll
  for (int j = 0; j < LIVE; ++j)
    s = s * 31u + v[j];
  return s;
}

__global__ void heavy(unsigned *out, int rounds) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = mix(threadIdx.x, rounds);
}
__global__ void __launch_bounds__(1024) heavyBounded(unsigned *out, int rounds) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = mix(threadIdx.x, rounds);
}

__global__ void __launch_bounds__(256) bigTile(const float *in, float *out) {
  __shared__ float tile[40 * 256]; // 40 KB
  for (int i = 0; i < 40; ++i)
    tile[i * 256 + threadIdx.x] = in[i * 256 + threadIdx.x];
  __syncthreads();
  float s = 0;
  for (int i = 0; i < 40; ++i)
    s += tile[((i + 1) * 256 + threadIdx.x) % (40 * 256)];
  out[blockIdx.x * 256 + threadIdx.x] = s;
}

// The same tile, launched after raising its dynamic shared-memory limit: fine.
__global__ void __launch_bounds__(256) bigTileOptIn(const float *in, float *out) {
  extern __shared__ float dyn[];
  __shared__ float tile[40 * 256];
  tile[threadIdx.x] = in[threadIdx.x];
  dyn[threadIdx.x] = tile[(threadIdx.x + 1) % 256];
  __syncthreads();
  out[threadIdx.x] = dyn[(threadIdx.x + 3) % 256];
}

void run(unsigned *out, const float *in, float *fout, cudaStream_t s) {
  heavy<<<64, 1024, 0, s>>>(out, 24);
  heavy<<<64, 256, 0, s>>>(out, 24);
  heavyBounded<<<64, 1024, 0, s>>>(out, 24);
  bigTile<<<64, 256, 0, s>>>(in, fout);
  bigTile<<<64, 256, 20000, s>>>(in, fout);
  cudaFuncSetAttribute(bigTileOptIn, cudaFuncAttributeMaxDynamicSharedMemorySize, 64000);
  bigTileOptIn<<<64, 256, 20000, s>>>(in, fout);
}
