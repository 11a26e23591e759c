// shared-memory-bank-conflict: whether the loop around a conflict accesses global memory, when
// the global access is in a device function the loop calls. A helper given a pointer field of a
// struct the kernel takes by value (arrayfire's `load2ShrdMem(iptr, ...)` with `iptr =
// (const T *)in.ptr + offset`) reads global memory: the 2-way conflict beside it is a --pedantic
// note (RUN 2), as beside a direct global load. A helper given a pointer into shared memory does
// not: there the loop is bound by shared memory and the conflict is a warning, as it is where
// the loop reaches shared memory through a pointer (typedPointers).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --check-prefixes=CHECK --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.ped -- %cuda-lint --color=never --pedantic --rules=shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.ped --check-prefixes=CHECK,PED --implicit-check-not=warning: --implicit-check-not=note:

template <typename T> struct Param {
  T *ptr;
  int dims[4];
  int strides[4];
};

template <typename T> __device__ T loadAt(const T *in, int i) { return in[i]; }

__global__ void sharedOnly(float *out, int n) {
  __shared__ float src[1024];
  __shared__ float tile[32][34];
  src[threadIdx.x] = threadIdx.x;
  __syncthreads();
  for (int k = 0; k < n; ++k)
    tile[threadIdx.x][k % 34] = loadAt(src, k * 32 + threadIdx.x);
// CHECK: shared-memory-loop-helpers.cu:[[@LINE-1]]:5: warning: 'tile[threadIdx.x][k % 34]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];
}

// Shared memory through pointers: a local typed pointer into dynamic shared memory, a cast of
// the array, and a helper's own loop over a shared array it is given. None is global memory:
// each loop is bound by shared memory and its 2-way conflict a warning.
__device__ float rowSum(const float *s) {
  float a = 0;
  for (int k = 0; k < 32; ++k)
    a += s[threadIdx.x * 2 + k * 64];
// CHECK: shared-memory-loop-helpers.cu:[[@LINE-1]]:10: warning: 's[threadIdx.x * 2 + k * 64]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
  return a;
}

__global__ void typedPointers(float *out) {
  extern __shared__ char buf[];
  float *t = reinterpret_cast<float *>(buf);
  t[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  float a = 0;
  for (int k = 0; k < 32; ++k)
    a += t[threadIdx.x * 2 + k];
// CHECK: shared-memory-loop-helpers.cu:[[@LINE-1]]:10: warning: 't[threadIdx.x * 2 + k]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
  for (int k = 0; k < 32; ++k)
    a += (reinterpret_cast<float *>(buf) + k)[threadIdx.x * 2];
// CHECK: shared-memory-loop-helpers.cu:[[@LINE-1]]:10: warning: '(reinterpret_cast<float *>(buf) + k)[threadIdx.x * 2]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
  out[threadIdx.x] = a + rowSum(t);
}

// Short counted loops with no loop around them are straight-line code once unrolled (a 2- to
// 3-way conflict in 16 reads a thread measured 1.06x: kernels/studies/straight_line_conflict.cu):
// a note, whatever they access; one stepped by a constant (`x += 4`, 2 trips) is short too, so
// the loop around it decides (here one of shared memory only: a warning).
__global__ void shortLoops(float *out, int n) {
  __shared__ float tile[32][34];
  tile[threadIdx.x][0] = threadIdx.x;
  __syncthreads();
  float acc = 0.f;
#pragma unroll
  for (int k = 0; k < 8; ++k)
    acc += tile[threadIdx.x][k];
  for (int r = 0; r < n; ++r)
    for (int x = 0; x < 8; x += 4)
      acc += tile[threadIdx.x][x + r % 16];
// CHECK: shared-memory-loop-helpers.cu:[[@LINE-1]]:14: warning: 'tile[threadIdx.x][x + r % 16]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// CHECK: note: it runs in a loop that accesses no global memory, where shared memory bounds the time: measured on an H100, a 2-way conflict there costs 1.26x and a 32-way 19.8x
// CHECK: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
  out[threadIdx.x] = acc;
}
// PED: shared-memory-loop-helpers.cu:[[@LINE-15]]:3: note: 'tile[threadIdx.x][0]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// PED: note: it runs once per thread, outside any loop: measured on an H100, conflicts up to 8-way cost nothing measurable beside global memory accesses (a tiled transpose), 16-way 1.20x
// PED: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
// PED: shared-memory-loop-helpers.cu:[[@LINE-14]]:12: note: 'tile[threadIdx.x][k]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// PED: note: it runs in a short loop with no loop around it, straight-line code once unrolled: measured on an H100, conflicts up to 4-way there cost 1.00x to 1.06x, 8-way 1.11x
// PED: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row

__global__ void halo(Param<float> out, Param<const float> in) {
  __shared__ float tile[32][34];
  const float *iptr = (const float *)in.ptr + blockIdx.x * in.strides[1];
  for (int k = 0; k < in.dims[0]; ++k)
    tile[threadIdx.x][k % 34] = loadAt(iptr, k * 32 + threadIdx.x);
// PED: shared-memory-loop-helpers.cu:[[@LINE-1]]:5: note: 'tile[threadIdx.x][k % 34]' puts 2 lanes of a warp in one bank: a 2-way conflict [shared-memory-bank-conflict]
// PED: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 2 different words of one bank are served one after another, so the access takes 2 wavefronts instead of 1
// PED: note: the loop around it also accesses global memory, which bounds the time: measured on an H100, conflicts up to 8-way cost nothing measurable there (a tiled transpose), 16-way 1.20x
// PED: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
  __syncthreads();
  out.ptr[blockIdx.x * 32 + threadIdx.x] = tile[0][threadIdx.x];
}

void launch(Param<float> out, Param<const float> in, float *o, int n) {
  typedPointers<<<64, 32, 8192>>>(o);
  shortLoops<<<64, 32>>>(o, n);
  halo<<<64, 32>>>(out, in);
  sharedOnly<<<64, 32>>>(o, n);
}
