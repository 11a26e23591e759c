// __GNUC__ as nvcc's parse sees it: nvcc defines it as its host compiler does (GCC 12 on Debian
// 12), Clang as GCC 4.2.1. fastllm's utils.h, included by its CUDA file, defines its own _xgetbv
// under `#if __GNUC__ < 8`; with Clang's value the definition clashes with the builtin, two
// compile errors that nvcc never sees. The parse now claims the version of the GCC whose
// libstdc++ it uses (the driver's "Selected GCC installation").
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error: --implicit-check-not=warning:
#include <cstdint>
#include <x86intrin.h>
#if __GNUC__ < 8
static uint64_t _xgetbv(uint32_t xcr_index) {
  uint32_t eax, edx;
  __asm__ __volatile__("xgetbv" : "=a"(eax), "=d"(edx) : "c"(xcr_index));
  return ((uint64_t)edx << 32) | eax;
}
#endif
#if __GNUC__ >= 8
__global__ void gather(const float *in, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[4 * i];
  // CHECK: nvcc-gnuc-version.cu:[[@LINE-1]]:12: warning: lanes of a warp read 'in[4 * i]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
}
#endif
