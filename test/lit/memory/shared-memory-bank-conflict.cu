// shared-memory-bank-conflict: the n-way conflict of each idiom of issue 35. Warnings: 16-way and
// more anywhere, any conflict in a loop that accesses no global memory (shared memory bounds it);
// the rest are --pedantic notes (RUN 2). Broadcasts, padded tiles and sequential addressing are
// silent.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --check-prefixes=CHECK,WARN --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.ped --check-prefixes=CHECK,PED --implicit-check-not=warning: --implicit-check-not=note:

// The tiled transpose of the CUDA samples: [32][32] reads a column from one bank; [32][33] is
// the fix; [32][34] a 2-way conflict that costs nothing measurable beside the global accesses.
template <int PAD>
__global__ void tiled(const float *in, float *out) {
  __shared__ float tile[32][PAD];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * 4096 + x];
  __syncthreads();
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * 4096 + x] = tile[threadIdx.x][threadIdx.y + j];
}
// CHECK: shared-memory-bank-conflict.cu:[[@LINE-2]]:31: warning: 'tile[threadIdx.x][threadIdx.y + j]' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: note: per kernel: 'tiled<32>': 32-way; 'tiled<34>': 2-way
// CHECK: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even in a kernel bound by global memory (a tiled transpose)
// CHECK: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row

// Interleaved addressing, shared accesses only: 2-way doubling per trip; at stride 8 only lanes 0-15 pass the guard.
__global__ void reduceInterleaved(const float *in, float *out) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    unsigned index = 2 * stride * tid;
    if (index < blockDim.x)
      s[index] += s[index + stride];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
// CHECK: shared-memory-bank-conflict.cu:[[@LINE-6]]:7: warning: 's[index]' puts up to 8 lanes of a warp in one bank: a 2- to 8-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 1
// CHECK: note: per trip: stride = 1: 2-way; stride = 2: 4-way; stride = 4: 8-way; stride = 8: 8-way
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'
// CHECK: shared-memory-bank-conflict.cu:[[@LINE-11]]:19: warning: 's[index + stride]' puts up to 8 lanes of a warp in one bank: a 2- to 8-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: per trip: stride = 1: 2-way; stride = 2: 4-way; stride = 4: 8-way; stride = 8: 8-way
// CHECK: note: it runs in a loop that accesses no global memory
// CHECK: note: use sequential addressing

// Sequential addressing, broadcasts: silent.
__global__ void reduceSequential(const float *in, float *out) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride)
      s[tid] += s[tid + stride];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = s[0] + s[tid / 32] + s[tid % 32];
}

// A loop that reads shared memory only, 4 lanes per bank.
__global__ void sharedLoop(float *out) {
  __shared__ float s[1024];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  int lane = threadIdx.x & 31;
  float v = 0.f;
  for (int k = 0; k < 4096; ++k)
    v += s[lane * 4 + (k & 31)];
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
// CHECK: shared-memory-bank-conflict.cu:[[@LINE-3]]:10: warning: 's[lane * 4 + (k & 31)]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 1
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd

// Dynamic shared memory, wide and narrow types: 8-byte accesses go per half-warp, 16-byte ones
// per quarter-warp; a 4-byte field of a 16-byte element is a 4-byte access.
__global__ void types(float *out) {
  extern __shared__ float dyn[];
  __shared__ double sd[512];
  __shared__ float4 s4[512];
  __shared__ char sc[8192];
  unsigned t = threadIdx.x;
  float v = dyn[t * 32];
  float4 a = s4[t], b = s4[2 * t];
  v += sd[t] + sc[t] + sc[t * 4] + a.x + b.y;
  v += sd[2 * t] + s4[t].z + sc[t * 128];
  out[blockIdx.x * blockDim.x + t] = v;
}
// CHECK: shared-memory-bank-conflict.cu:[[@LINE-6]]:13: warning: 'dyn[t * 32]' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: shared-memory-bank-conflict.cu:[[@LINE-7]]:30: warning: 'sc[t * 128]' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel
// CHECK: note: make consecutive lanes use consecutive words

// 16x16 blocks: a warp spans two rows of the tile; its column read is an 8-way conflict.
__global__ void blocks2d(float *out) {
  __shared__ float tile[16][16];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// No launch gives the shape, and the kernel says its block is 4 wide: the lanes of a warp are
// not threadIdx.x = 0..31, so nothing is known (llm.c's matmul_backward_bias kernels).
__global__ void narrowAsserted(float *out) {
  constexpr int bdx = 4;
  if (blockDim.x != bdx)
    return;
  __shared__ float sub[32][8];
  out[threadIdx.x] = sub[threadIdx.x][threadIdx.y];
}

void launch(const float *a, float *b, cudaStream_t s) {
  tiled<33><<<dim3(128, 128), dim3(32, 8), 0, s>>>(a, b);
  tiled<32><<<dim3(128, 128), dim3(32, 8), 0, s>>>(a, b);
  tiled<34><<<dim3(128, 128), dim3(32, 8), 0, s>>>(a, b);
  reduceInterleaved<<<64, 256, 0, s>>>(a, b);
  reduceSequential<<<64, 256, 0, s>>>(a, b);
  sharedLoop<<<64, 256, 0, s>>>(b);
  types<<<64, 256, 32 * 256 * 4, s>>>(b);
  blocks2d<<<64, dim3(16, 16), 0, s>>>(b);
}
// The notes (--pedantic) come after the warnings.
// PED: shared-memory-bank-conflict.cu:93:25: note: 's4[2 * t]' puts 2 lanes of a quarter-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 4
// PED: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// PED: note: make consecutive lanes use consecutive words
// PED: shared-memory-bank-conflict.cu:95:8: note: 'sd[2 * t]' puts 2 lanes of a half-warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 2
// PED: note: it runs once per thread, outside any loop
// PED: note: make consecutive lanes use consecutive words
// PED: shared-memory-bank-conflict.cu:95:20: note: 's4[t].z' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// PED: note: shared memory has 32 banks
// PED: note: it runs once per thread, outside any loop
// PED: note: make consecutive lanes use consecutive words
// PED: shared-memory-bank-conflict.cu:112:41: note: 'tile[threadIdx.x][threadIdx.y]' puts 8 lanes of a warp in one bank: an 8-way conflict [shared-memory-bank-conflict]
// PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 1
// PED: note: it runs once per thread, outside any loop
// PED: note: pad each row by one element
// WARN: cuda-lint: 6 warnings and 0 errors in 1 file; 1 file analysed
// PED: cuda-lint: 6 warnings and 0 errors (4 notes) in 1 file; 1 file analysed
