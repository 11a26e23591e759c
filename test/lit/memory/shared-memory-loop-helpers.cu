// shared-memory-bank-conflict: whether the loop around a conflict accesses global memory, when
// the global access is in a device function the loop calls. A helper given a pointer field of a
// struct the kernel takes by value (arrayfire's `load2ShrdMem(iptr, ...)` with `iptr =
// (const T *)in.ptr + offset`) reads global memory: the 2-way conflict beside it is a --pedantic
// note (RUN 2), as beside a direct global load. A helper given a pointer into shared memory does
// not: there the loop is bound by shared memory and the conflict is a warning.
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
  halo<<<64, 32>>>(out, in);
  sharedOnly<<<64, 32>>>(o, n);
}
