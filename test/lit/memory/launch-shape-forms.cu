// The block shapes production launches give, and the wide accesses nvcc makes:
// - `dim3 threads(32, threadsY)` with threadsY chosen at run time (cuda-convnet2): the x-extent
//   alone is known, a warp is one row of 32 lanes, and the verdict needs no narrow-block caveat;
// - a thread's four consecutive floats written in a 4-trip loop (`sh[ty][tx * 4 + i]`) are one
//   16-byte access in the SASS (cuda-convnet2's filterActs): silent;
// - a launch through a local function pointer that a switch sets to one of several kernels
//   (HeCBench's and the CUDA samples' transpose drivers): each kernel runs with its shape;
// - `sh[ty][tx].x` with `.y` of a float2 is one 8-byte access (ld/st.shared.v2.f32): silent;
// - a guard on a kernel argument that every launch passes the same value (`tid < channels`,
//   channels = 4): the walk with that value decides how many lanes make the access (4, not 32);
// - a float3 copied whole is three 4-byte accesses, each 3 words apart: conflict-free (silent);
// - a 2-trip loop runs as part of the loop around it, which reads global memory through a helper
//   (`ld4(rows + ...)`, llm.c's load128cs): its 2-way conflict is a note (measured 0.98x).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__global__ void rowOfFour(const float *in, float *out, int n) {
  __shared__ float sh[8][128];
  int tx = threadIdx.x, ty = threadIdx.y;
  // The thread's four consecutive floats: one 16-byte store (STS.128), conflict-free: silent.
  for (int i = 0; i < 4; i++)
    sh[ty][tx * 4 + i] = in[ty * 128 + tx * 4 + i];
  __syncthreads();
  // One float every 4 words, in a loop of shared reads only: a 4-way conflict.
  float a = 0.f;
  for (int k = 0; k < n; ++k)
    a += sh[(ty + k) & 7][tx * 4];
  out[ty * 32 + tx] = a;
}

#define TILE 16
__global__ void copyTile(float *out, const float *in, int w) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  out[y * w + x] = tile[threadIdx.y][threadIdx.x];
}
__global__ void transposeTile(float *out, const float *in, int w) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * w + x] = tile[threadIdx.x][threadIdx.y];
}
// A 16x16 block puts two rows in a warp: the column read is 8-way (a --pedantic note: once per
// thread, beside global memory).

__global__ void pairs(const float *in, float *out) {
  __shared__ float2 sh[4][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  sh[ty][tx].x = in[ty * 64 + tx];
  sh[ty][tx].y = in[ty * 64 + tx + 32];
  __syncthreads();
  float a = 0.f;
  for (int r = 0; r < 4; r++)
    a += sh[r][tx].x * sh[r][tx].y;
  out[ty * 32 + tx] = a + sh[ty][tx].x;
}
// The lone `.x` of the last line is a 4-byte access 8 bytes apart: 2-way (a note).

void host(float *out, const float *in, int w, int rows, int mode) {
  int threadsX = 32;
  int threadsY = rows / 16;
  dim3 threads(threadsX, threadsY);
  rowOfFour<<<64, threads>>>(in, out, w);
  void (*kernel)(float *, const float *, int);
  switch (mode) {
  case 0:
    kernel = &copyTile;
    break;
  default:
    kernel = &transposeTile;
    break;
  }
  kernel<<<dim3(w / TILE, w / TILE), dim3(TILE, TILE)>>>(out, in, w);
  pairs<<<1, dim3(32, 4)>>>(in, out);
}

__device__ void storeChannels(int (*smem)[512], int *out, int channels) {
  unsigned tid = threadIdx.x;
  if (tid < channels)
    out[tid * gridDim.x + blockIdx.x] = smem[tid][0];
}
__global__ void perChannel(const int *in, int *out, int channels) {
  __shared__ int smem[4][512];
  for (int c = 0; c < channels; ++c)
    smem[c][threadIdx.x] = in[c * 512 + threadIdx.x];
  __syncthreads();
  storeChannels(smem, out, channels);
}
void host2(const int *in, int *out) { perChannel<<<8, 512>>>(in, out, 4); }

__global__ void wholeFloat3(const float3 *in, float3 *out) {
  __shared__ float3 c[32];
  c[threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = c[31 - threadIdx.x];
}
void host3(const float3 *in, float3 *out) { wholeFloat3<<<8, 32>>>(in, out); }

__device__ float4 ld4(const float4 *p) { return *p; }
__global__ void accumulateRows(const float4 *rows, float4 *out, int nrows) {
  __shared__ float4 acc[8 * 64];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int r = blockIdx.x * 8 + warp; r < nrows; r += gridDim.x * 8)
    for (int o = 0; o < 2; ++o) {
      float4 g = ld4(rows + r * 64 + lane * 2 + o);
      acc[warp * 64 + lane * 2 + o].x += g.x;
    }
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = acc[threadIdx.x];
}
void host4(const float4 *in, float4 *out) { accumulateRows<<<8, 256>>>(in, out, 4096); }
// CHECK: launch-shape-forms.cu:27:10: warning: 'sh[(ty + k) & 7][tx * 4]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: launch-shape-forms.cu:27:10: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 1
// CHECK: launch-shape-forms.cu:27:10: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: launch-shape-forms.cu:27:10: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
// CHECK: launch-shape-forms.cu:46:20: note: 'tile[threadIdx.x][threadIdx.y]' puts 8 lanes of a warp in one bank: an 8-way conflict [shared-memory-bank-conflict]
// CHECK: launch-shape-forms.cu:46:20: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 1
// CHECK: launch-shape-forms.cu:46:20: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: launch-shape-forms.cu:46:20: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
// CHECK: launch-shape-forms.cu:60:27: note: 'sh[ty][tx].x' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: launch-shape-forms.cu:60:27: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: launch-shape-forms.cu:60:27: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: launch-shape-forms.cu:60:27: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: launch-shape-forms.cu:85:41: note: 'smem[tid][0]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: launch-shape-forms.cu:85:41: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 1
// CHECK: launch-shape-forms.cu:85:41: note: with the values every launch passes: channels = 4
// CHECK: launch-shape-forms.cu:85:41: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: launch-shape-forms.cu:85:41: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
// CHECK: launch-shape-forms.cu:111:7: note: 'acc[warp * 64 + lane * 2 + o].x' puts 8 lanes of a warp in one bank: an 8-way conflict [shared-memory-bank-conflict]
// CHECK: launch-shape-forms.cu:111:7: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 1
// CHECK: launch-shape-forms.cu:111:7: note: the loop around it also accesses global memory, which bounds the time: measured on an H100, conflicts up to 8-way cost nothing measurable there (a tiled transpose), 16-way 1.20x
// CHECK: launch-shape-forms.cu:111:7: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: cuda-lint: 1 warning and 0 errors (4 notes) in 1 file; 1 file analysed
