// A __restrict__ that qualifies no pointer (`const __restrict__ uint32_t *addr`, sgm's util.h):
// nvcc accepts it, Clang rejects it ("restrict requires a pointer or reference") and lost the
// file. The analysis needs no restrict: cuda_lint_compat.h defines it away, and the kernels
// are analysed with or without it.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error --implicit-check-not=warning:
#include <cstdint>
__device__ __forceinline__ uint32_t loadCached(const __restrict__ uint32_t *addr) {
  uint32_t v;
  asm("ld.global.ca.u32 %0, [%1];" : "=r"(v) : "l"(addr));
  return v;
}
__global__ void gather(const uint32_t *__restrict__ in, uint32_t *__restrict__ out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[4 * i] + loadCached(in + i);
  // CHECK: nvcc-restrict.cu:[[@LINE-1]]:12: warning: lanes of a warp read 'in[4 * i]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
}
void run(const uint32_t *a, uint32_t *b) { gather<<<64, 256>>>(a, b); }
// CHECK: cuda-lint: 1 warning and 0 errors in 1 file; 1 file analysed
