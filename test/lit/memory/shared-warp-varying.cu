// A block of known shape mapped onto a tile whose width is not a power of two (`c = t % 24`,
// `x = t % 5`) gives each warp lanes of its own: one pattern of 32 lanes plus a per-warp part
// cannot hold them, so each thread's value is kept (ExactThreads) and the worst warp judged,
// with the threads the conditions around the access leave. Found on a blind set: cuSZ's
// spline3 maps a block of 384 threads onto a 9x9x33 tile with `tid % BLOCK_DIMX` for 5, 9, 17.
// Degrees checked against a direct count of each warp's banks.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

constexpr int W = 24;

// 576 threads over a 24x24 tile: the row-major store is conflict-free in every warp; the
// column read puts the lanes of warp 0 on 4 banks (6-way), of warp 1 on 8 (4-way), in a loop
// that touches no global memory.
__global__ void columnRead(const float *in, float *out, int n) {
  __shared__ float tile[W][W];
  int t = threadIdx.x;
  int r = t / W, c = t % W;
  tile[r][c] = in[blockIdx.x * W * W + t];
  __syncthreads();
  float acc = 0.f;
  for (int k = 0; k < n; ++k)
    acc += tile[c][r] * k;
  out[blockIdx.x * W * W + t] = acc;
}
// CHECK: shared-warp-varying.cu:[[@LINE-3]]:12: warning: 'tile[c][r]' puts 6 lanes of a warp in one bank: a 6-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 6 different words of one bank are served one after another, so the access takes 6 wavefronts instead of 1
// CHECK: note: each warp of the block's 18 has lanes of its own here (the lanes' addresses differ from warp to warp): warp 0 is the worst (12 of the 18 that reach it alike), the others at most 4-way
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: pad each row by one element

// Under `c < 8` only a third of each row reads: 16 lanes of warp 0 (8 of warp 1), 2-way.
__global__ void guardedColumns(const float *in, float *out) {
  __shared__ float tile[W][W];
  int t = threadIdx.x;
  int r = t / W, c = t % W;
  tile[r][c] = in[blockIdx.x * W * W + t];
  __syncthreads();
  if (c < 8)
    out[blockIdx.x * W * W + t] = tile[c][r];
}
// CHECK: shared-warp-varying.cu:[[@LINE-2]]:35: note: 'tile[c][r]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: each warp of the block's 18 has lanes of its own here (the lanes' addresses differ from warp to warp): every one of the 18 that reach it alike
// CHECK: note: it runs once per thread, outside any loop
// CHECK: note: pad each row by one element

// 384 threads over a 9x9x33 tile, every other column (cuSZ's spline3 does this with 5, 9 and
// 17 columns): 4-way in every warp.
__global__ void tileStencil(float *out) {
  __shared__ float s[9][9][33];
  int t = threadIdx.x;
  int x = 2 * (t % 5), y = t / 5 % 9, z = t / 45;
  s[z][y][x] = 0.f;
  __syncthreads();
  out[t] = s[z][y][x + 1];
}
// CHECK: shared-warp-varying.cu:[[@LINE-4]]:3: note: 's[z][y][x]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: each warp of the block's 12 has lanes of its own here (the lanes' addresses differ from warp to warp): every one of the 12 that reach it alike
// CHECK: note: it runs once per thread, outside any loop
// CHECK: note: pad each row by one element
// CHECK: shared-warp-varying.cu:[[@LINE-7]]:12: note: 's[z][y][x + 1]' puts 4 lanes of a warp in one bank: a 4-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: each warp of the block's 12
// CHECK: note: it runs once per thread, outside any loop
// CHECK: note: pad each row by one element

// The block's index shifts each thread by a multiple of 96 not known modulo 40, and each warp's
// degree depends on it (block 0: warp 0 writes words 0-31, conflict-free, warp 1 words 32-39
// and 0-23, 2-way; block 1: warp 0 words 16-39 and 0-7, 2-way): taken in one block for each of
// the five remainders the shift leaves modulo 40, every block has a warp with a 2-way conflict.
__global__ void unknownShift(float *out) {
  __shared__ float s[40];
  int t = threadIdx.x + blockIdx.x * 96;
  s[t % 40] = 1.f;
  __syncthreads();
  out[t] = s[threadIdx.x % 40];
}
// CHECK: shared-warp-varying.cu:[[@LINE-4]]:3: note: 's[t % 40]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: each warp of the block's 3 has lanes of its own here (the lanes' addresses differ from warp to warp, and from block to block with the remainder modulo 480 of the index's part a whole block shares; counted over 5 blocks, one for each remainder): the worst warp of each block is at least this (warp 1 of one)
// CHECK: note: it runs once per thread, outside any loop
// CHECK: note: make consecutive lanes use consecutive words
// The read's own index is known: warps 1 and 2 read words 32-39 beside 0-7 (16-23), 2-way.
// CHECK: shared-warp-varying.cu:[[@LINE-8]]:12: note: 's[threadIdx.x % 40]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: each warp of the block's 3 has lanes of its own here (the lanes' addresses differ from warp to warp): warp 1 is the worst (2 of the 3 that reach it alike), the others conflict-free
// CHECK: note: it runs once per thread, outside any loop
// CHECK: note: make consecutive lanes use consecutive words

// A loop whose second trip no thread takes (340 < 384): its one trip keeps each thread's
// values, and it is no loop for the severity (a note, as outside a loop). 17 columns of a
// 9x33 tile, 2 apart: warps 4 and 9 meet 3 to a bank, most others 2.
__global__ void oneTrip(float *out) {
  __shared__ float s[9][33];
  for (int t = threadIdx.x; t < 340; t += 384) {
    int x = 2 * (t % 17), y = t / 17 % 9;
    s[y][x] = 1.f;
  }
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x % 9][0];
}
// CHECK: shared-warp-varying.cu:[[@LINE-5]]:5: note: 's[y][x]' puts 3 lanes of a warp in one bank: a 3-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: each warp of the block's 12 has lanes of its own here (the lanes' addresses differ from warp to warp): warp 4 is the worst (2 of the 11 that reach it alike), the others at most 2-way
// CHECK: note: it runs once per thread, outside any loop
// CHECK: note: pad each row by one element

// A guard whose first operand every thread passes (t < 384 in blocks of 384) keeps the second's
// value in each thread: only the columns c < 8 read, 2-way, as in guardedColumns.
__global__ void settledFirstOperand(const float *in, float *out) {
  __shared__ float tile[W][W];
  int t = threadIdx.x;
  int r = t / W, c = t % W;
  tile[r][c] = in[blockIdx.x * W * W + t];
  __syncthreads();
  if (threadIdx.x < W * W && c < 8)
    out[blockIdx.x * W * W + t] = tile[c][r];
}
// CHECK: shared-warp-varying.cu:[[@LINE-2]]:35: note: 'tile[c][r]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks
// CHECK: note: each warp of the block's 18 has lanes of its own here (the lanes' addresses differ from warp to warp): every one of the 18 that reach it alike
// CHECK: note: it runs once per thread, outside any loop
// CHECK: note: pad each row by one element

// Silent: a local array of constants that the kernel only reads holds them, so the arm that
// reads by column (32-way) never runs.
__global__ void constantFlags(float *out) {
  __shared__ float s[32][32];
  bool transposed[2] = {false, false};
  s[threadIdx.x / 32][threadIdx.x % 32] = 1.f;
  __syncthreads();
  if (transposed[1])
    out[threadIdx.x] = s[threadIdx.x % 32][threadIdx.x / 32];
  else
    out[threadIdx.x] = s[threadIdx.x / 32][threadIdx.x % 32];
}

void launch(const float *in, float *out, int n, int blocks) {
  columnRead<<<blocks, W * W>>>(in, out, n);
  guardedColumns<<<blocks, W * W>>>(in, out);
  tileStencil<<<blocks, 384>>>(out);
  unknownShift<<<blocks, 96>>>(out);
  oneTrip<<<blocks, 384>>>(out);
  settledFirstOperand<<<blocks, W * W>>>(in, out);
  constantFlags<<<blocks, 1024>>>(out);
}
