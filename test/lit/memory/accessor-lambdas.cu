// shared-memory-bank-conflict through the forms production kernels name their lanes and places
// with (cuSZ's prototype Lorenzo kernels): a copy of a built-in variable (`dim3 t = threadIdx`),
// a lambda that returns one (`auto t = [&]() -> dim3 { return threadIdx; }`), and an accessor
// that returns a reference to a shared element (`auto data = [&](int dx) -> T & { return
// buf[t().x + dx]; }`, or a device function): the access is where the caller reads or writes
// the place, `data(0) = v`. A guard whose bound the loop moves (`if (t().x >= d)`, d *= 2)
// leaves its lanes out in each trip. Silent: a padded tile, and the guarded scan of a padded
// 16x17 tile with 16x16 blocks, conflict-free in every trip once the guard's lanes are out.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__global__ void copies(float *out) {
  __shared__ float buf[32][32];
  dim3 t = threadIdx;
  auto tid = [&]() -> dim3 { return threadIdx; };
  buf[t.x][0] = 1;
  buf[tid().x][1] = 2;
  __syncthreads();
  out[threadIdx.x] = buf[0][threadIdx.x];
}

__device__ float &at(float (*buf)[32], int dx) { return buf[threadIdx.x][dx]; }

__global__ void accessors(float *out, float v) {
  __shared__ float buf[32][32];
  __shared__ float padded[32][33];
  auto data = [&](int dx) -> float & { return buf[threadIdx.x][dx]; };
  auto fine = [&](int dx) -> float & { return padded[threadIdx.x][dx]; };
  data(0) = v;
  at(buf, 1) = v;
  fine(0) = v;
  __syncthreads();
  out[threadIdx.x] = data(2) + fine(1);
}

__global__ void scans(float *out) {
  __shared__ float row[16][17];
  __shared__ float col[32][32];
  auto t = [&]() -> dim3 { return threadIdx; };
  auto data = [&](int dx) -> float & { return row[t().y][t().x + dx]; };
  data(0) = out[t().y * 16 + t().x];
  __syncthreads();
  for (int d = 1; d < 16; d *= 2) {
    float n = 0;
    if (t().x >= d)
      n = data(-d);
    __syncthreads();
    if (t().x >= d)
      data(0) += n;
    __syncthreads();
  }
  col[t().x][t().y] = data(0);
  __syncthreads();
  for (int d = 2; d < 16; d *= 2) {
    float n = 0;
    if (t().x >= d)
      n = col[t().x - d][t().y];
    __syncthreads();
    out[t().y * 32 + t().x] = n;
  }
}

void launch(float *o, float v) {
  copies<<<1, 32>>>(o);
  accessors<<<1, 32>>>(o, v);
  scans<<<1, dim3(16, 16)>>>(o);
}

// The findings, in the order they are printed (warnings first, then --pedantic notes).
// CHECK: accessor-lambdas.cu:16:3: warning: 'buf[t.x][0]' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
// CHECK: accessor-lambdas.cu:16:3: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: accessor-lambdas.cu:16:3: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
// CHECK: accessor-lambdas.cu:16:3: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
// CHECK: accessor-lambdas.cu:17:3: warning: 'buf[tid().x][1]' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
// CHECK: accessor-lambdas.cu:17:3: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: accessor-lambdas.cu:17:3: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
// CHECK: accessor-lambdas.cu:17:3: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
// CHECK: accessor-lambdas.cu:29:3: warning: 'data(0)' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
// CHECK: accessor-lambdas.cu:29:3: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: accessor-lambdas.cu:29:3: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
// CHECK: accessor-lambdas.cu:29:3: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: accessor-lambdas.cu:30:3: warning: 'at(buf, 1)' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
// CHECK: accessor-lambdas.cu:30:3: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: accessor-lambdas.cu:30:3: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
// CHECK: accessor-lambdas.cu:30:3: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: accessor-lambdas.cu:33:22: warning: 'data(2)' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
// CHECK: accessor-lambdas.cu:33:22: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
// CHECK: accessor-lambdas.cu:33:22: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
// CHECK: accessor-lambdas.cu:33:22: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: accessor-lambdas.cu:52:3: warning: 'col[t().x][t().y]' puts 16 lanes of a warp in one bank: a 16-way conflict [shared-memory-bank-conflict]
// CHECK: accessor-lambdas.cu:52:3: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 16 different words of one bank are served one after another, so the access takes 16 wavefronts instead of 1
// CHECK: accessor-lambdas.cu:52:3: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
// CHECK: accessor-lambdas.cu:52:3: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
// CHECK: accessor-lambdas.cu:41:3: note: 'data(0)' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: accessor-lambdas.cu:41:3: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: accessor-lambdas.cu:41:3: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: accessor-lambdas.cu:41:3: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: accessor-lambdas.cu:52:23: note: 'data(0)' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: accessor-lambdas.cu:52:23: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: accessor-lambdas.cu:52:23: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// CHECK: accessor-lambdas.cu:52:23: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
// CHECK: accessor-lambdas.cu:57:11: note: 'col[t().x - d][t().y]' puts up to 14 lanes of a warp in one bank: a 8- to 14-way conflict over the loop's trips [shared-memory-bank-conflict]
// CHECK: accessor-lambdas.cu:57:11: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 14 different words of one bank are served one after another, so the access takes 14 wavefronts instead of 1
// CHECK: accessor-lambdas.cu:57:11: note: per trip: d = 2: 14-way; d = 4: 12-way; d = 8: 8-way
// CHECK: accessor-lambdas.cu:57:11: note: the loop around it also accesses global memory, which bounds the time: measured on an H100, conflicts up to 8-way cost nothing measurable there (a tiled transpose), 16-way 1.20x
// CHECK: accessor-lambdas.cu:57:11: note: use sequential addressing: 's[tid] += s[tid + stride]' with a stride that halves each step keeps consecutive lanes on consecutive words; where the tree must keep its shape (a scan), pad the index by a word every 32: 'ai += ai >> 5'

// Silent: a copy changed after it is made (`t.x = 0`: it no longer holds the lanes of
// threadIdx), and a function returning one of two places (neither is followed, and neither is
// claimed as a read inside it).
__device__ float &either(float *a, float *b, bool c) {
  if (c)
    return a[threadIdx.x];
  return b[threadIdx.x * 32];
}

__global__ void notCopies(float *out, bool c) {
  __shared__ float buf[32][32];
  __shared__ float other[32 * 32];
  dim3 t = threadIdx;
  t.x = 0;
  buf[t.x][0] = 1;
  either(&buf[0][0], other, c) = 2;
  __syncthreads();
  out[threadIdx.x] = buf[0][threadIdx.x] + other[threadIdx.x];
}

void launchNotCopies(float *o, bool c) { notCopies<<<1, 32>>>(o, c); }
