// Two spellings of `alignas` that nvcc takes and Clang reports as errors, both in
// TransformerEngine's cast and activation kernels (1,939 errors in gelu.cu, 901 in cast.cu, and
// an exit status of 1 on code that compiles):
// - a device variable's `alignas` after its memory space in a namespace (`__device__
//   alignas(128) CUtensorMap g_tensor_maps_input[64];`): "an attribute list cannot appear here",
//   or "'alignas' attribute cannot be applied to types", and the alignment dropped. The file is
//   read with the two swapped, every byte at its offset (the finding in the kernel that reads the
//   table keeps its column);
// - an `alignas` weaker than its type's (`alignas(64) CUtensorMap map{};`, whose type is
//   alignas(128) in CUDA 13): "requested alignment is less than minimum alignment"; nvcc keeps
//   the type's alignment, and so does Clang, which keeps the declaration valid. The error is not
//   reported.
// `static __device__ alignas(...)`, which nvcc rejects as well, keeps its error (RUN 2).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=shared-memory-bank-conflict,block-size-not-multiple-of-32 %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %expect-exit 1 --stdout %t.static -- %cuda-lint --color=never --format=concise --rules=shared-memory-bank-conflict -extra-arg=-DSTATIC %s
// RUN: FileCheck %s --check-prefix=STATIC --input-file=%t.static

struct alignas(128) Map {
  long long opaque[16];
};

namespace maps {
__device__ alignas(128) Map table[64];
#ifdef STATIC
static __device__ alignas(16) float scale[4];
// STATIC: nvcc-alignas.cu:[[@LINE-1]]:19: error: an attribute list cannot appear here [clang-diagnostic-error]
#endif
} // namespace maps

__global__ void read(const __grid_constant__ Map map, long long *out);

void launch(long long *out) {
  alignas(64) Map map{};
  read<<<1, 48>>>(map, out);
  // CHECK: nvcc-alignas.cu:[[@LINE-1]]:3: warning: block of 48 threads (48x1x1) fills 2 warps: 16 of 64 lanes (25.0%) idle [block-size-not-multiple-of-32]
  // CHECK: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK: note: use 32 or 64 threads per block
}

__global__ void read(const __grid_constant__ Map map, long long *out) {
  __shared__ long long tile[32][32];
  tile[threadIdx.x][0] = maps::table[threadIdx.x % 64].opaque[0] + map.opaque[0];
  // CHECK: nvcc-alignas.cu:[[@LINE-1]]:3: warning: 'tile[threadIdx.x][0]' puts 16 lanes of a half-warp in one bank: a 16-way conflict [shared-memory-bank-conflict]
  // CHECK: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 16 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 2
  // CHECK: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
  // CHECK: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
  // CHECK: cuda-lint: 2 warnings and 0 errors in 1 file
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];
}
