// nvcc accepts a repetition of its declarations of the built-in variables for host code
// (`extern const dim3 blockDim; extern const uint3 threadIdx;`: ccminer's cuda_helper.h and its
// forks, CUDA's own curand_mtgp32_kernel.h); Clang declares them with types of its own and
// rejects it: compile errors in every file that includes such a header, which fail the run.
// cuda-lint blanks such a declaration for the parse (Clang's remains), at the same columns; one
// nvcc rejects too (a wrong type) is left for Clang to report. A warm run is served from the cache: what the parse read is recorded as
// rewritten and checked against the file rewritten the same way.
// RUN: rm -rf %t.cache
// RUN: %expect-exit 1 --stdout %t.out -- env -u CUDA_LINT_NO_CACHE %cuda-lint --cache-dir=%t.cache --color=never --rules=block-size-not-multiple-of-32,uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.warm -- env -u CUDA_LINT_NO_CACHE %cuda-lint --cache-dir=%t.cache --color=never --rules=block-size-not-multiple-of-32,uncoalesced-global-access %s
// RUN: FileCheck %s --check-prefixes=CHECK,WARM --input-file=%t.warm --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: %expect-exit 1 --stdout %t.bad -- %cuda-lint --color=never --rules=block-size-not-multiple-of-32 -extra-arg=-DWRONG_TYPE %s
// RUN: FileCheck %s --check-prefix=BAD --input-file=%t.bad
#include "Inputs/host-builtins.h"

#ifdef WRONG_TYPE
extern const dim3 threadIdx;
// BAD: builtin-redeclarations.cu:[[@LINE-1]]:19: error: redeclaration of 'threadIdx' with a different type: 'const dim3' (aka 'const struct dim3') vs 'const __cuda_builtin_threadIdx_t' [clang-diagnostic-error]
#endif

__global__ void strided(const float *in, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 16];
}

void host(const float *in, float *out) {
  strided<<<64, 100>>>(in, out);
  // CHECK: builtin-redeclarations.cu:[[@LINE-1]]:3: warning: block of 100 threads (100x1x1) fills 4 warps: 28 of 128 lanes (21.9%) idle [block-size-not-multiple-of-32]
  // CHECK: note: a warp always occupies 32 lanes, so idle lanes still take issue slots, registers and occupancy
  // CHECK: note: use 96 or 128 threads per block
}
// The findings come rule by rule.
// CHECK: builtin-redeclarations.cu:24:12: warning: lanes of a warp read 'in[i * 16]' 64 bytes apart: 32 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 1024 bytes to use 128
// CHECK: note: make threadIdx.x index the contiguous dimension
// CHECK: cuda-lint: 2 warnings and 0 errors in 1 file;
// WARM-SAME: (1 from cache)
