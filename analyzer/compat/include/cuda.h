// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// cuda-lint (analyzer/compat/include, first on the include path): <cuda.h> as nvcc's parse sees
// it. nvcc defines CUDA_VERSION only in code that includes <cuda.h> (its implicit include is
// cuda_runtime.h, which defines CUDART_VERSION); Clang's CUDA wrapper includes cuda.h in every
// file, so `#if CUDA_VERSION >= 9000` in a file that never includes it took a path nvcc skips
// (BIDMat's Sorting.cu: a CUB header CUDA 13 no longer has). cuda_lint_compat.h sets it aside
// after the wrapper; here, where the code includes <cuda.h>, it comes back. No include guard:
// each include must bring it back (the toolkit's own guard makes the include_next a no-op).
#include_next <cuda.h>
#ifndef CUDA_VERSION
#pragma pop_macro("CUDA_VERSION")
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION CUDART_VERSION
#endif
