// `_Bool` in C++ after <stdbool.h> (BART's C headers shared with its .cu files: `extern _Bool
// debug_logging;`): GCC's stdbool.h, which nvcc's parse uses, defines it as `bool` in C++ under
// any standard; Clang's only in the GNU dialects, and the file was lost under -std=c++17.
// analyzer/compat/include/stdbool.h defines it as GCC's does, only where <stdbool.h> is included.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=error --implicit-check-not=warning:
#include <stdbool.h>
extern "C" _Bool flagged(const float *p, _Bool strict);
__global__ void gather(const float *in, float *out, _Bool twice) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[4 * i] * (twice ? 2.0f : 1.0f);
  // CHECK: nvcc-stdbool.cu:[[@LINE-1]]:12: warning: lanes of a warp read 'in[4 * i]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
}
void run(const float *a, float *b) { gather<<<64, 256>>>(a, b, true); }
// CHECK: cuda-lint: 1 warning and 0 errors in 1 file; 1 file analysed
// Without <stdbool.h>, `_Bool` is no type in C++, as under nvcc:
// RUN: echo '_Bool lost;' > %t.nob.cu
// RUN: %expect-exit 1 --stdout %t.nob.out -- %cuda-lint --color=never %t.nob.cu
// RUN: FileCheck %s --check-prefix=NOB --input-file=%t.nob.out
// NOB: nob.cu:1:1: error: unknown type name '_Bool' [clang-diagnostic-error]
