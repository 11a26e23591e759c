// Block sizes the host picks at run time from a few values the source spells out: the kernel
// runs with each, and is walked with each (up to four), as with four launches.
// - Parboil's mri-gridding scan: `dim_block = block_size` for the best of a loop over 128 to
//   1024 threads, launched with dim_block / 2: the scan tree's trips are walked at 64, 128, 256
//   and 512 threads, the worst (512) reported, with a note naming the choice;
// - either arm of a `?:` whose condition is a run-time value, and if/else assignments;
// - a column read whose stride is blockDim.x: known under each chosen size;
// - a dim3 whose y-extent is one of two values, and a `?:` written in the launch itself;
// - not chosen: an arm that is a run-time value, or more than four sizes (the shape stays
//   assumed, and the scan tree's trips, which need the block size, are not walked: silent).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict,uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__global__ void scanTree(unsigned *data) {
  extern __shared__ unsigned s[];
  unsigned t = threadIdx.x;
  s[2 * t] = data[2 * (blockIdx.x * blockDim.x + t)];
  s[2 * t + 1] = data[2 * (blockIdx.x * blockDim.x + t) + 1];
  unsigned stride = 1;
  for (unsigned d = blockDim.x; d > 0; d >>= 1) {
    __syncthreads();
    if (t < d) {
      unsigned ai = 2 * stride * t + stride - 1, bi = ai + stride;
      s[bi] += s[ai];
    }
    stride *= 2;
  }
  __syncthreads();
  data[2 * (blockIdx.x * blockDim.x + t)] = s[2 * t];
  data[2 * (blockIdx.x * blockDim.x + t) + 1] = s[2 * t + 1];
}

void scan(unsigned *data, unsigned size) {
  unsigned dimBlock;
  unsigned best = 1u << 30;
  for (int blockSize = 128; blockSize <= 1024; blockSize *= 2) {
    unsigned arraySize = blockSize;
    while (arraySize < size)
      arraySize *= blockSize;
    if (arraySize <= best) {
      best = arraySize;
      dimBlock = blockSize;
    }
  }
  for (unsigned d = best; d > 1; d /= dimBlock) {
    dim3 block(dimBlock / 2);
    scanTree<<<d / dimBlock, block, dimBlock * sizeof(unsigned)>>>(data);
  }
}

__global__ void columnRead(const float *in, float *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x * blockDim.x + blockIdx.x];
}

void columns(const float *in, float *out, int n) {
  int threads = n < 4096 ? 64 : 128;
  columnRead<<<n / threads, threads>>>(in, out);
}

__global__ void scanTreeIfElse(unsigned *data) {
  __shared__ unsigned s[1024];
  unsigned t = threadIdx.x;
  s[t] = data[t];
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    unsigned i = 2 * stride * (t + 1) - 1;
    if (i < blockDim.x)
      s[i] += s[i - stride];
  }
  data[t] = s[t];
}

void ifElse(unsigned *data, int n) {
  int threads;
  if (n < 1024)
    threads = 128;
  else
    threads = 256;
  scanTreeIfElse<<<1, threads>>>(data);
}

// Not chosen: one arm is the caller's value.
__global__ void scanTreeRuntime(unsigned *data) {
  __shared__ unsigned s[1024];
  unsigned t = threadIdx.x;
  s[t] = data[t];
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    unsigned i = 2 * stride * (t + 1) - 1;
    if (i < blockDim.x)
      s[i] += s[i - stride];
  }
  data[t] = s[t];
}

void runtime(unsigned *data, int n, int userBlock) {
  int threads = n < 1024 ? 128 : userBlock;
  scanTreeRuntime<<<1, threads>>>(data);
}

// Not chosen: more than four sizes (32 to 1024).
__global__ void columnReadMany(const float *in, float *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x * blockDim.x + blockIdx.x];
}

void many(const float *in, float *out, int n) {
  int threads = 32;
  for (int b = 32; b <= 1024; b *= 2)
    if (b * 64 <= n)
      threads = b;
  columnReadMany<<<n / threads, threads>>>(in, out);
}

// Two-dimensional blocks: the y-extent is one of two sizes.
__global__ void rowOfFour(const float *in, float *out, int n) {
  __shared__ float sh[8][128];
  int tx = threadIdx.x, ty = threadIdx.y;
  sh[ty][tx] = in[ty * 32 + tx];
  __syncthreads();
  float a = 0.f;
  for (int k = 0; k < n; ++k)
    a += sh[(ty + k) & 7][tx * 4];
  out[ty * 32 + tx] = a;
}

void twoD(const float *in, float *out, int rows) {
  int threadsY = rows > 64 ? 8 : 4;
  dim3 threads(32, threadsY);
  rowOfFour<<<64, threads>>>(in, out, rows);
}

// CHECK: chosen-block-sizes.cu:24:7: warning: 's[bi]' puts up to 32 lanes of a warp in one bank: a 2- to 32-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: chosen-block-sizes.cu:24:7: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: chosen-block-sizes.cu:24:7: note: per trip: d = 512: 2-way; d = 256: 4-way; d = 128: 8-way; d = 64: 16-way; d = 32: 32-way; d = 16: 16-way; d = 8: 8-way; d = 4: 4-way; d = 2: 2-way
// CHECK: chosen-block-sizes.cu:24:7: note: with blocks of 512 threads, one of the sizes the launch at line 47 picks at run time (64, 128, 256 or 512)
// CHECK: chosen-block-sizes.cu:24:7: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: chosen-block-sizes.cu:24:7: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'
// CHECK: chosen-block-sizes.cu:24:16: warning: 's[ai]' puts up to 32 lanes of a warp in one bank: a 2- to 32-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: chosen-block-sizes.cu:24:16: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: chosen-block-sizes.cu:24:16: note: per trip: d = 512: 2-way; d = 256: 4-way; d = 128: 8-way; d = 64: 16-way; d = 32: 32-way; d = 16: 16-way; d = 8: 8-way; d = 4: 4-way; d = 2: 2-way
// CHECK: chosen-block-sizes.cu:24:16: note: with blocks of 512 threads, one of the sizes the launch at line 47 picks at run time (64, 128, 256 or 512)
// CHECK: chosen-block-sizes.cu:24:16: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: chosen-block-sizes.cu:24:16: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'
// CHECK: chosen-block-sizes.cu:68:7: warning: 's[i]' puts up to 8 lanes of a warp in one bank: a 2- to 8-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: chosen-block-sizes.cu:68:7: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 1
// CHECK: chosen-block-sizes.cu:68:7: note: per trip: stride = 1: 2-way; stride = 2: 4-way; stride = 4: 8-way; stride = 8: 8-way; stride = 16: 8-way; stride = 32: 4-way; stride = 64: 2-way
// CHECK: chosen-block-sizes.cu:68:7: note: with blocks of 256 threads, one of the sizes the launch at line 79 picks at run time (128 or 256)
// CHECK: chosen-block-sizes.cu:68:7: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: chosen-block-sizes.cu:68:7: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'
// CHECK: chosen-block-sizes.cu:68:15: warning: 's[i - stride]' puts up to 8 lanes of a warp in one bank: a 2- to 8-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: chosen-block-sizes.cu:68:15: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 8 different words of one bank are served one after another, so the access takes 8 wavefronts instead of 1
// CHECK: chosen-block-sizes.cu:68:15: note: per trip: stride = 1: 2-way; stride = 2: 4-way; stride = 4: 8-way; stride = 8: 8-way; stride = 16: 8-way; stride = 32: 4-way; stride = 64: 2-way
// CHECK: chosen-block-sizes.cu:68:15: note: with blocks of 256 threads, one of the sizes the launch at line 79 picks at run time (128 or 256)
// CHECK: chosen-block-sizes.cu:68:15: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: chosen-block-sizes.cu:68:15: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'
// CHECK: chosen-block-sizes.cu:122:10: warning: 'sh[(ty + k) & 7][tx * 4]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: chosen-block-sizes.cu:122:10: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 4 different words of one bank are served one after another, so the access takes 4 wavefronts instead of 1
// CHECK: chosen-block-sizes.cu:122:10: note: with blocks of 32x4 threads, one of the sizes the launch at line 129 picks at run time (32x4 or 32x8)
// CHECK: chosen-block-sizes.cu:122:10: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: chosen-block-sizes.cu:122:10: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
// CHECK: chosen-block-sizes.cu:52:48: warning: lanes of a warp read 'in[threadIdx.x * blockDim.x + blockIdx.x]' 256 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: chosen-block-sizes.cu:52:48: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: chosen-block-sizes.cu:52:48: note: with blocks of 64 threads, one of the sizes the launch at line 57 picks at run time (64 or 128)
// CHECK: chosen-block-sizes.cu:52:48: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements

// A `?:` written in the launch itself, its condition a run-time value: each arm.
__global__ void columnReadInline(const float *in, float *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x * blockDim.x + blockIdx.x];
}
void inlineArms(const float *in, float *out, int n) {
  columnReadInline<<<n / 128, n < 4096 ? 64 : 128>>>(in, out);
}
// CHECK: chosen-block-sizes.cu:168:48: warning: lanes of a warp read 'in[threadIdx.x * blockDim.x + blockIdx.x]' 256 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: chosen-block-sizes.cu:168:48: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: chosen-block-sizes.cu:168:48: note: with blocks of 64 threads, one of the sizes the launch at line 171 picks at run time (64 or 128)
// CHECK: chosen-block-sizes.cu:168:48: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
