// A __shared__ variable whose type's constructor or destructor is not empty: a struct with default
// member initializers, and `cuda::barrier`, the CUDA Programming Guide's way to wait for
// asynchronous copies. nvcc takes both with no initializer written (warning #20054-D for the
// barrier, nothing for the struct) and runs neither constructor; Clang rejected them
// ("initialization is not supported for __shared__ variables"), every use was an error and both
// kernels were lost (SGEMM_CUDA's double-buffering kernel). cuda-lint parses the file again with
// `__shared__` rewritten in place to a macro as long, and makes those variables __shared__ again
// before the rules run: both kernels are analysed, their tiles as shared memory (the conflicts
// below), each finding at its own column; so is a kernel that only the device pass parses. A warm
// run is served from the cache.
// Declarations that write an initializer (RUN 3) are rejected by nvcc as well ("initializer not
// allowed for __shared__ variable") and keep their errors; so does one spelled through a macro of
// the project's own (RUN 4), which is not rewritten.
// RUN: rm -rf %t.cache
// RUN: %expect-exit 1 --stdout %t.out -- env -u CUDA_LINT_NO_CACHE %cuda-lint --color=never --cache-dir=%t.cache --rules=shared-memory-bank-conflict,uncoalesced-global-access %s
// RUN: FileCheck %s --check-prefixes=CHECK,FOUND --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %expect-exit 1 --stdout %t.warm -- env -u CUDA_LINT_NO_CACHE %cuda-lint --color=never --cache-dir=%t.cache --rules=shared-memory-bank-conflict,uncoalesced-global-access %s
// RUN: FileCheck %s --check-prefixes=CHECK,FOUND,WARM --input-file=%t.warm --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %expect-exit 1 --stdout %t.init -- %cuda-lint --color=never --format=concise --rules=shared-memory-bank-conflict -extra-arg=-DWRITTEN %s
// RUN: FileCheck %s --check-prefixes=ANY,INIT --input-file=%t.init --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %expect-exit 1 --stdout %t.macro -- %cuda-lint --color=never --format=concise --rules=shared-memory-bank-conflict -extra-arg=-DOWN_MACRO %s
// RUN: FileCheck %s --check-prefixes=ANY,MACRO --input-file=%t.macro --implicit-check-not=warning: --implicit-check-not=error:

#include <cuda/barrier>

struct Sum {
  float value = 0.f;
  float weight = 0.f;
};

__global__ void columns(const float *in, float *out) {
  __shared__ Sum tile[32][32];
  tile[threadIdx.x][0].value = in[threadIdx.x];
  // FOUND: shared-constructors.cu:[[@LINE-1]]:3: warning: 'tile[threadIdx.x][0].value' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
  // FOUND: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
  // FOUND: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
  // FOUND: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
  // ANY-DAG: shared-constructors.cu:[[@LINE-5]]:3: warning: 'tile[threadIdx.x][0].value' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x].value;
}

template <typename T> __global__ void staged(const T *in, T *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> ready;
  __shared__ T tile[32][32];
  if (threadIdx.x == 0)
    init(&ready, blockDim.x);
  __syncthreads();
  tile[threadIdx.x][0] = in[threadIdx.x * 32];
  // FOUND: shared-constructors.cu:[[STAGED:[0-9]+]]:3: warning: 'tile[threadIdx.x][0]' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
  // FOUND: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
  // FOUND: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
  // FOUND: note: pad each row by one element (a [32][33] tile for [32][32]) so that a column falls in 32 different banks, or swizzle the column index with an XOR of the row
  // ANY-DAG: shared-constructors.cu:[[@LINE-5]]:3: warning: 'tile[threadIdx.x][0]' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
  ready.arrive_and_wait();
  out[threadIdx.x] = tile[0][threadIdx.x];
}
// Code only the device pass parses (a barrier needs sm_70) is rewritten by that pass.
__global__ void guarded(const float *in, float *out) {
#if __CUDA_ARCH__ >= 700
  __shared__ cuda::barrier<cuda::thread_scope_block> ready;
  __shared__ Sum tile[32][32];
  if (threadIdx.x == 0)
    init(&ready, blockDim.x);
  __syncthreads();
  tile[threadIdx.x][0].weight = in[threadIdx.x * 32];
  // FOUND: shared-constructors.cu:[[@LINE-1]]:3: warning: 'tile[threadIdx.x][0].weight' puts all 32 lanes of a warp in one bank: a 32-way conflict [shared-memory-bank-conflict]
  // FOUND: note: shared memory has 32 banks of 4-byte words, each serving one word per cycle: the 32 different words of one bank are served one after another, so the access takes 32 wavefronts instead of 1
  // FOUND: note: measured on an H100, a 16-way conflict costs 1.20x and a 32-way 1.74x even where global memory bounds the kernel (a tiled transpose)
  // FOUND: note: make consecutive lanes use consecutive words, or pad the array so that the lanes' stride in words is odd
  // The global read of `staged`, then this one (the report sorts by rule, then by line):
  // FOUND: shared-constructors.cu:[[STAGED]]:26: warning: lanes of a warp read 'in[threadIdx.x * 32]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
  // FOUND: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
  // FOUND: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
  // FOUND: shared-constructors.cu:[[@LINE-9]]:33: warning: lanes of a warp read 'in[threadIdx.x * 32]' 128 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
  // FOUND: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
  // FOUND: note: make threadIdx.x index the contiguous dimension (the last subscript), or stage the data through shared memory as a tiled transpose does, so that each request reads consecutive elements
  ready.arrive_and_wait();
  out[threadIdx.x] = tile[0][threadIdx.x].weight;
#endif
}
// CHECK: cuda-lint: 5 warnings and 0 errors in 1 file
// WARM-SAME: (1 from cache)

#ifdef WRITTEN
__global__ void written(float *out) {
  __shared__ Sum total = Sum();
  // INIT-DAG: shared-constructors.cu:[[@LINE-1]]:18: error: initialization is not supported for __shared__ variables [clang-diagnostic-error]
  __shared__ Sum braced{};
  // INIT-DAG: shared-constructors.cu:[[@LINE-1]]:18: error: initialization is not supported for __shared__ variables [clang-diagnostic-error]
  out[threadIdx.x] = total.value + braced.value;
}
#endif

#ifdef OWN_MACRO
#define SMEM __shared__
__global__ void spelled(float *out) {
  SMEM Sum partial;
  // MACRO-DAG: shared-constructors.cu:[[@LINE-1]]:12: error: initialization is not supported for __shared__ variables [clang-diagnostic-error]
  partial.value = 1.f;
  out[threadIdx.x] = partial.value;
}
#endif

void launch(const float *in, float *out) {
  columns<<<64, 32>>>(in, out);
  staged<<<64, 32>>>(in, out);
  guarded<<<64, 32>>>(in, out);
}
