// Force-included into every parse (-include): what nvcc gives every CUDA file and Clang's CUDA
// headers do not. Real code relies on both, so a host-side parse needs them.
// - nvcc's cuda_runtime.h pulls in <math.h>, so host code calls isfinite(x) unqualified, and
//   (crt/common_functions.h) <string.h>, <time.h>, <stdio.h>, <stdlib.h>: memset, clock(), time(),
//   printf and malloc need no include of their own.
// - sm_32_intrinsics.h declares cache-hinted loads and stores (__stcs, __ldlu, ...) that Clang's
//   __clang_cuda_intrinsics.h lacks; declarations suffice (device bodies are not compiled here).
// - cuda_lint_legacy.h declares what CUDA 12 and 13 removed, for the legacy-cuda-api rule.
#ifndef CUDA_LINT_COMPAT_H
#define CUDA_LINT_COMPAT_H
#if defined(__CUDA__) && defined(__clang__)
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
// nvcc's math_functions.hpp: min/max for host code too (Clang declares the device ones).
#define CUDA_LINT_MINMAX(A, B, R)                                                                  \
  __host__ R min(A, B);                                                                            \
  __host__ R max(A, B);
CUDA_LINT_MINMAX(int, int, int)
CUDA_LINT_MINMAX(unsigned, unsigned, unsigned)
CUDA_LINT_MINMAX(int, unsigned, unsigned)
CUDA_LINT_MINMAX(unsigned, int, unsigned)
CUDA_LINT_MINMAX(long, long, long)
CUDA_LINT_MINMAX(unsigned long, unsigned long, unsigned long)
CUDA_LINT_MINMAX(long long, long long, long long)
CUDA_LINT_MINMAX(unsigned long long, unsigned long long, unsigned long long)
CUDA_LINT_MINMAX(long long, unsigned long long, unsigned long long)
CUDA_LINT_MINMAX(unsigned long long, long long, unsigned long long)
CUDA_LINT_MINMAX(float, float, float)
CUDA_LINT_MINMAX(double, double, double)
CUDA_LINT_MINMAX(float, double, double)
CUDA_LINT_MINMAX(double, float, double)
#undef CUDA_LINT_MINMAX
template <typename T> __device__ T __ldca(const T *ptr);
template <typename T> __device__ T __ldlu(const T *ptr);
template <typename T> __device__ void __stcg(T *ptr, T value);
template <typename T> __device__ void __stcs(T *ptr, T value);
template <typename T> __device__ void __stwb(T *ptr, T value);
#include "cuda_lint_legacy.h"
#endif
#endif
