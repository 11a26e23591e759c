// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Force-included into every parse (-include): what nvcc gives every CUDA file and Clang's CUDA
// headers do not. Real code relies on both, so a host-side parse needs them.
// - nvcc's cuda_runtime.h pulls in <math.h>, so host code calls isfinite(x) unqualified, and
//   (crt/common_functions.h) <string.h>, <time.h>, <stdio.h>, <stdlib.h>: memset, clock(), time(),
//   printf and malloc need no include of their own.
// - sm_32_intrinsics.h declares cache-hinted loads and stores (__stcs, __ldlu, ...) that Clang's
//   __clang_cuda_intrinsics.h lacks; declarations suffice (device bodies are not compiled here).
// - cuda_lint_legacy.h declares what CUDA 12 and 13 removed, for the legacy-cuda-api rule.
// - CUDA_VERSION, which Clang's wrapper defines by including cuda.h, is set aside: nvcc's parse
//   sees it only where the code includes <cuda.h> (include/cuda.h brings it back there).
// - __restrict__ is defined away: nvcc ignores one that qualifies no pointer, Clang rejects it.
// - _CL_SHARED: see analyzer/tu/SharedConstructors.h.
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
// A braced grid or block of a launch (`<<<grid, {32, 8, 1}>>>`, which nvcc takes as a call's
// arguments and Clang's parser rejects) is read as a call of this (analyzer/tu/NvccSpellings.h).
static inline __host__ __device__ dim3 $(unsigned x = 1, unsigned y = 1, unsigned z = 1) {
  return dim3(x, y, z);
}
// `this->` in an `if constexpr` condition is read as `$S::`, the class it points to
// (analyzer/tu/NvccSpellings.h).
template <class T> using __cuda_lint_pointee = __remove_pointer(T);
#define $S __cuda_lint_pointee<decltype(this)>
// nvcc's predefined macros with nvcc's values. Clang's CUDA wrapper defines __CUDACC__ empty, so
// `#if __CUDACC__` (CUDA 13's own nccl_device/utility.h) would be "expected value in expression";
// nvcc passes -D__CUDACC__, which is 1. Clang defines none of nvcc's version macros, so
// `#if __CUDACC_VER_MAJOR__ >= 12` would take the path for old toolkits; they follow the
// toolkit's runtime version (CUDART_VERSION, 13000 for 13.0). __CUDACC_VER_BUILD__ is not in
// the headers and stays undefined.
#include <cuda_runtime_api.h>
#undef __CUDACC__
#define __CUDACC__ 1
// __NVCC__ as nvcc defines it (1): projects keep nvcc-only code under it (CUDASW4's
// hpc_helpers/simple_allocation.cuh is all inside `#ifdef __NVCC__`). CCCL picks its compiler's
// paths from it, which Clang cannot parse; its two detection headers are read first, so that it
// keeps Clang's paths (their include guards hold what they found).
#if __has_include(<cuda/std/__cccl/compiler.h>)
#include <cuda/std/__cccl/compiler.h>
#endif
#if __has_include(<nv/target>)
#include <nv/target>
#endif
#ifndef __NVCC__
#define __NVCC__ 1
#endif
// nvcc's type traits of its extended lambdas (--extended-lambda defines __CUDACC_EXTENDED_LAMBDA__),
// which CCCL's cuda/std/__functional/invoke.h asserts on: a Clang lambda is never such a closure
// type (Clang takes `[] __device__` lambdas without the flag).
#ifdef __CUDACC_EXTENDED_LAMBDA__
#define __nv_is_extended_device_lambda_closure_type(...) false
#define __nv_is_extended_host_device_lambda_closure_type(...) false
#define __nv_is_extended_device_lambda_with_preserved_return_type(...) false
#endif
// nvcc accepts a __restrict__ that qualifies no pointer (`const __restrict__ uint32_t *addr`,
// sgm's util.h) and Clang rejects the file ("restrict requires a pointer or reference"). No
// analysis reads it (it only allows the compiler to assume no aliasing): defined away for code
// after this point, as nvcc's parse ignores the misplaced ones.
#define __restrict__
// CUDA_VERSION set aside (include/cuda.h); CCCL reads the compiler's version from it under
// Clang, so it reads the toolkit's runtime version instead (the same number).
#pragma push_macro("CUDA_VERSION")
#undef CUDA_VERSION
#if defined(_CCCL_CUDACC) && defined(_CCCL_CUDA_COMPILER) && _CCCL_CUDA_COMPILER(CLANG)
#undef _CCCL_CUDACC
#define _CCCL_CUDACC() (CUDART_VERSION / 1000, (CUDART_VERSION % 1000) / 10)
#endif
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ (CUDART_VERSION / 1000)
#define __CUDACC_VER_MINOR__ (CUDART_VERSION % 1000 / 10)
#endif
#ifndef __CUDA_API_VER_MAJOR__
#define __CUDA_API_VER_MAJOR__ (CUDART_VERSION / 1000)
#define __CUDA_API_VER_MINOR__ (CUDART_VERSION % 1000 / 10)
#endif
// What a default-constructed __shared__ variable of a type whose constructor or destructor is not
// empty is declared with when its file is parsed again (analyzer/tu/SharedConstructors.h).
#define _CL_SHARED __attribute__((annotate("cuda-lint: __shared__, constructed as nvcc does")))
#endif
#endif
