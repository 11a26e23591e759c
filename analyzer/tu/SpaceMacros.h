//===- SpaceMacros.h - Function qualifiers that a project defines per pass ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A project header may define its function qualifier once per compilation pass (InfiniTAM's
// ORUtils, which every file of its CUDA engines includes):
//
//   #if defined(__CUDACC__) && defined(__CUDA_ARCH__)
//   #define _CPU_AND_GPU_CODE_ __device__
//   #else
//   #define _CPU_AND_GPU_CODE_
//   #endif
//
// In the host pass its functions are host-only, and the kernels that call them do so from
// device code. nvcc checks the calls of a body only in the pass that compiles it (a kernel's in
// the device pass, a host function's in the host pass) and accepts the file; Clang checks every
// body in each pass and rejects each call ("no matching function for call to ...": a __host__
// function called from a __global__ one), so every kernel of the file was lost. Such a macro is
// read as its two definitions together, `__host__ __device__` and the rest of its body, in every
// parse (host, device and preamble), which is what each of nvcc's passes accepts.
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_TU_SPACEMACROS_H
#define CUDALINT_ANALYZER_TU_SPACEMACROS_H

#include <memory>

namespace clang {
class PPCallbacks;
class Preprocessor;
} // namespace clang

namespace cudalint {

/// Preprocessor callbacks that redefine, in \p PP, each object-like macro that a non-system file
/// defines in both branches of a condition on __CUDA_ARCH__ with bodies that differ only in
/// `__host__` and `__device__`, as `__host__ __device__` followed by the rest of its body.
std::unique_ptr<clang::PPCallbacks> unifySpaceMacros(clang::Preprocessor &PP);

} // namespace cudalint

#endif
