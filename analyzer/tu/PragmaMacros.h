//===- PragmaMacros.h - `#pragma` written in an object-like macro ----------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// CuTe (CUTLASS 3.0 to 3.4, vendored by flash-attention and its forks) spells its loop hints
//
//   #if !defined(__CUDACC_RTC__) && (defined(__CUDA_ARCH__) || defined(_NVHPC_CUDA))
//   #define CUTE_UNROLL #pragma unroll
//
// nvcc takes `#pragma` that a macro expands to as the pragma; for Clang the expansion is the
// tokens `#`, `pragma`, `unroll` in the middle of a function ("expected expression"), so the
// device parse of every CuTe kernel failed, and with it what the rules see of the code only the
// device parse reads. hpc_helpers (CUDASW++4 and others) puts `#define HD_WARNING_DISABLE
// #pragma hd_warning_disable` before its `__host__ __device__` templates, which Clang lost with
// every caller. Such a macro is read as `_Pragma("unroll")`, C99's spelling of the same pragma,
// in every parse (host, device and preamble); one Clang does not know is ignored, as a
// `#pragma` it does not know is.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_PRAGMAMACROS_H
#define CUDALINT_ANALYZER_TU_PRAGMAMACROS_H

#include <memory>

namespace clang {
class PPCallbacks;
class Preprocessor;
} // namespace clang

namespace cudalint {

/// Preprocessor callbacks that redefine, in \p PP, each object-like macro whose body is `#pragma`
/// and the pragma's tokens as `_Pragma("...")` with those tokens.
std::unique_ptr<clang::PPCallbacks> pragmaMacrosAsOperators(clang::Preprocessor &PP);

} // namespace cudalint

#endif // CUDALINT_ANALYZER_TU_PRAGMAMACROS_H
