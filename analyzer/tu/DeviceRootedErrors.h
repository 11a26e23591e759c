// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceRootedErrors.h - Host-parse errors in code only the GPU runs --===//
//
// nvcc's host pass compiles no __device__ or __global__ function's body: it neither instantiates
// a device template's body nor what that body needs. Clang's host-side parse does both, with
// __CUDA_ARCH__ undefined, and code whose types are chosen under `#if __CUDA_ARCH__` then fails
// there: flash-attention 1's fmha/gemm.h picks its MMA under `#if defined(__CUDA_ARCH__)`,
// and the host side instantiates CUTLASS's `Mma<GemmShape<8, 8, 4>, ...>`, which CUTLASS does
// not define (35 errors in every fmha_fwd_*.cu, none under nvcc). An error arose in device code
// when it, or one of the "in instantiation of ... requested here" notes Clang gives with it, is
// located in the body of a device-only function. When every error of the host parse did, the
// TU is parsed on the device side alone (TranslationUnit.cpp), and that parse is kept if it has
// no error: it is what nvcc's device pass compiles, and nvcc's host pass has no error to give.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_DEVICEROOTEDERRORS_H
#define CUDALINT_ANALYZER_TU_DEVICEROOTEDERRORS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace clang {
class ASTContext;
} // namespace clang

namespace cudalint {

/// One compile error's location, then its notes' locations, and whether a note gives the
/// instantiation it arose in (Clang gives that context only when it changed since the error
/// before: an error without it arose where the one before did).
struct ErrorChain {
  llvm::SmallVector<clang::SourceLocation, 4> Locations;
  bool HasContext = false;
};

/// Whether \p Chains is not empty and each of them has a location in the body of a __global__
/// function or of a __device__ function that is not also __host__ (a template's pattern, a
/// lambda's call operator), or has no context and follows one that has.
bool errorsOnlyFromDeviceCode(clang::ASTContext &AST, llvm::ArrayRef<ErrorChain> Chains);

} // namespace cudalint

#endif
